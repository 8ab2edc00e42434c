/**
 * The content script's cost on a 200-post phpBB thread page in Chromium with
 * the built extension: the `gavel:parse` and `gavel:parse-and-render`
 * measures the content script records (extension/content/content-script.ts),
 * against the page's own load time from its navigation timing.
 *
 * The page is loaded several times in fresh tabs; the first load is a
 * warm-up (the browser compiles the extension's code once) and the figures
 * are the medians of the rest.
 */
import type { Page } from 'playwright-core';
import { pageUrl, renderPage } from '../forum-pages/phpbb';
import { contentWorld } from './content-world';
import { benchThread } from './threads';
import { median, round, type Log } from './util';

interface LoadSample {
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
    parseAndRender: m('gavel:parse-and-render'),
    start: m('gavel:start'),
    nav: nav === undefined ? null : { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, responseEnd: nav.responseEnd },
    posts: document.querySelectorAll('div.post').length,
  };
})()`;

interface Timings {
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
  if (t.parse === null || t.parseAndRender === null || t.start === null || t.nav === null)
    throw new Error(`page cost: the content script left no gavel:* measures on ${url}`);
  return {
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
        `page: load ${i}: parse+render ${round(sample.parseAndRenderMs, 1)} ms, page load ${round(sample.loadMs, 1)} ms (${sample.world} world)`,
      );
    }
    const med = (f: (s: LoadSample) => number): number => round(median(samples.map(f)), 1);
    const share = median(samples.map((s) => s.parseAndRenderMs / s.loadMs));
    return {
      postsOnPage: samples[0]?.posts ?? 0,
      pageKB: round(Buffer.byteLength(html) / 1024, 1),
      loads: samples.length,
      marksReadFrom: samples.every((s) => s.world === 'main')
        ? 'main world (content-script marks share the page timeline)'
        : "content script's world via CDP",
      parseMs: med((s) => s.parseMs),
      parseAndRenderMs: med((s) => s.parseAndRenderMs),
      contentScriptStartMs: med((s) => s.scriptStartMs),
      pageDomContentLoadedMs: med((s) => s.domContentLoadedMs),
      pageLoadMs: med((s) => s.loadMs),
      pageLoadAfterResponseMs: med((s) => s.loadAfterResponseMs),
      shareOfPageLoadPercent: round(100 * share, 1),
      shareOfPageWorkAfterResponsePercent: round(100 * median(samples.map((s) => s.parseAndRenderMs / s.loadAfterResponseMs)), 1),
      target: "parse and render under 10% of the page's own load time",
      targetMet: share < 0.1,
    };
  } finally {
    await browser.close();
    await forum.close();
  }
}
