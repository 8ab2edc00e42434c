/**
 * The content script's cost on a 200-post phpBB thread page in Chromium with
 * the built extension, from the measures the content script records
 * (extension/content/content-script.ts) and the page's navigation timing:
 *
 * - `gavel:detect`: what it does as soon as it runs (detection, the adapter);
 * - `gavel:parse` / `gavel:parse-and-render`: reading the posts and showing
 *   the panel, which waits for the browser to be idle (from `gavel:read`).
 *
 * The share of the page's load is the content script's work that ran before
 * the page's load event ended (the detection, plus the reading and panel when
 * they started before it), over the page's load time; the share of all its
 * work (detection, reading and panel wherever they ran) is printed beside it.
 *
 * The page is loaded many times in fresh tabs; the first load is a warm-up
 * (the browser compiles the extension's code once) and the figures are the
 * medians of the rest, with their spread (quartiles and extremes), so one
 * slow load on a busy machine does not move the figure.
 */
import type { Page } from 'playwright-core';
import { pageUrl, renderPage } from '../forum-pages/phpbb';
import { contentWorld } from './content-world';
import { benchThread } from './threads';
import { median, round, type Log } from './util';

interface LoadSample {
  readonly detectMs: number;
  /** When the posts were read (after the page was idle), ms after the navigation began. */
  readonly readStartMs: number;
  /** The content script's work before the page's load event ended. */
  readonly beforeLoadMs: number;
  /** All its work: detection, reading and the panel. */
  readonly totalMs: number;
  readonly parseMs: number;
  readonly parseAndRenderMs: number;
  /** When the content script started, ms after the navigation began. */
  readonly scriptStartMs: number;
  readonly domContentLoadedMs: number;
  readonly loadMs: number;
  /** The page's own work after its last byte arrived: load minus response end. */
  readonly loadAfterResponseMs: number;
  readonly posts: number;
  readonly world: 'main' | 'content-script';
}

/** Reads the gavel:* entries and the navigation timing; `performance` is evaluated in whichever world is given. */
const readTimings = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const m = (name) => { const e = performance.getEntriesByName(name)[0]; return e === undefined ? null : { start: e.startTime, duration: e.duration }; };
  return {
    parse: m('gavel:parse'),
    detect: m('gavel:detect'),
    parseAndRender: m('gavel:parse-and-render'),
    start: m('gavel:start'),
    nav: nav === undefined ? null : { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, responseEnd: nav.responseEnd },
    posts: document.querySelectorAll('div.post').length,
  };
})()`;

interface Timings {
  readonly detect: { start: number; duration: number } | null;
  readonly parse: { start: number; duration: number } | null;
  readonly parseAndRender: { start: number; duration: number } | null;
  readonly start: { start: number; duration: number } | null;
  readonly nav: { dcl: number; load: number; responseEnd: number } | null;
  readonly posts: number;
}

async function loadOnce(page: Page, url: string, extensionId: string): Promise<LoadSample> {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });
  // Marks made by a content script live in the page's one performance timeline, so the main world
  // normally sees them; if a browser kept them apart, read them in the content script's own world.
  let world: LoadSample['world'] = 'main';
  let t = await page
    .waitForFunction(
      () =>
        performance.getEntriesByName('gavel:parse-and-render').length > 0 &&
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd !== 0,
      undefined,
      { timeout: 5_000 },
    )
    .then(() => page.evaluate(readTimings) as Promise<Timings>)
    .catch(() => null);
  if (t === null || t.parseAndRender === null) {
    world = 'content-script';
    const cs = await contentWorld(page, extensionId);
    t = await cs.evaluate<Timings>(readTimings);
    await cs.close();
  }
  if (t.parse === null || t.parseAndRender === null || t.start === null || t.nav === null || t.detect === null)
    throw new Error(`page cost: the content script left no gavel:* measures on ${url}`);
  const readStart = t.parseAndRender.start;
  const readBeforeLoad = readStart < t.nav.load ? Math.min(t.parseAndRender.duration, t.nav.load - readStart) : 0;
  return {
    detectMs: t.detect.duration,
    readStartMs: readStart,
    beforeLoadMs: t.detect.duration + readBeforeLoad,
    totalMs: t.detect.duration + t.parseAndRender.duration,
    parseMs: t.parse.duration,
    parseAndRenderMs: t.parseAndRender.duration,
    scriptStartMs: t.start.start,
    domContentLoadedMs: t.nav.dcl,
    loadMs: t.nav.load,
    loadAfterResponseMs: t.nav.load - t.nav.responseEnd,
    posts: t.posts,
    world,
  };
}

/** The median with its spread: quartiles and extremes. */
function spread(values: readonly number[]): { median: number; p25: number; p75: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;
  return {
    median: round(median(sorted), 1),
    p25: round(at(0.25), 1),
    p75: round(at(0.75), 1),
    min: round(sorted[0] ?? Number.NaN, 1),
    max: round(sorted[sorted.length - 1] ?? Number.NaN, 1),
  };
}

export async function benchPageCost(options: { readonly loads: number }, log: Log): Promise<Record<string, unknown>> {
  const { launchWithExtension, startLocalForum } = await import('../browser/harness');
  const { demoRoutes } = await import('../browser/demo-forum');
  const thread = benchThread(200, 200);
  const html = renderPage(thread, 1);
  const forum = await startLocalForum(demoRoutes(thread));
  const browser = await launchWithExtension({ forum, forumHosts: [thread.forumHost] });
  try {
    const samples: LoadSample[] = [];
    for (let i = 0; i <= options.loads; i++) {
      const page = await browser.context.newPage();
      const sample = await loadOnce(page, pageUrl(thread, 1), browser.extensionId);
      await page.close();
      if (i === 0) continue; // warm-up
      samples.push(sample);
      log(
        `page: load ${i}: before load ${round(sample.beforeLoadMs, 1)} ms, parse+render ${round(sample.parseAndRenderMs, 1)} ms (at ${round(sample.readStartMs, 0)} ms), page load ${round(sample.loadMs, 1)} ms (${sample.world} world)`,
      );
    }
    const med = (f: (s: LoadSample) => number): number => round(median(samples.map(f)), 1);
    const shares = samples.map((s) => (100 * s.beforeLoadMs) / s.loadMs);
    const share = median(shares) / 100;
    return {
      postsOnPage: samples[0]?.posts ?? 0,
      pageKB: round(Buffer.byteLength(html) / 1024, 1),
      loads: samples.length,
      marksReadFrom: samples.every((s) => s.world === 'main')
        ? 'main world (content-script marks share the page timeline)'
        : "content script's world via CDP",
      detectMs: med((s) => s.detectMs),
      beforeLoadMs: med((s) => s.beforeLoadMs),
      readAfterPageLoadIn: `${samples.filter((s) => s.readStartMs >= s.loadMs).length} of ${samples.length} loads`,
      contentScriptTotalMs: med((s) => s.totalMs),
      parseMs: med((s) => s.parseMs),
      parseAndRenderMs: med((s) => s.parseAndRenderMs),
      contentScriptStartMs: med((s) => s.scriptStartMs),
      pageDomContentLoadedMs: med((s) => s.domContentLoadedMs),
      pageLoadMs: med((s) => s.loadMs),
      pageLoadAfterResponseMs: med((s) => s.loadAfterResponseMs),
      shareOfPageLoadPercent: round(100 * share, 1),
      shareOfPageLoadSpread: spread(shares),
      allWorkShareOfPageLoadPercent: round(100 * median(samples.map((s) => s.totalMs / s.loadMs)), 1),
      allWorkShareSpread: spread(samples.map((s) => (100 * s.totalMs) / s.loadMs)),
      shareOfPageWorkAfterResponsePercent: round(100 * median(samples.map((s) => s.beforeLoadMs / s.loadAfterResponseMs)), 1),
      target: "the content script's work before the page's load event under 10% of the page's own load time",
      targetMet: share < 0.1,
    };
  } finally {
    await browser.close();
    await forum.close();
  }
}
