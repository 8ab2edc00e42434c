/**
 * The content script's cost on a 200-post phpBB thread page in Chromium with
 * the built extension, from the measures the content script records
 * (extension/content/content-script.ts), the page's navigation timing and the
 * browser's long tasks:
 *
 * - `gavel:detect`: what it does as soon as it runs (detection, the adapter);
 * - `gavel:task`: each task of its reading and drawing once the browser is idle
 *   (since issue 18 item 3 the posts are read in chunks of idle time; before,
 *   the reading and the panel were one task, `gavel:parse-and-render`, which
 *   the bench takes as the one task of a build that has no `gavel:task`);
 * - `gavel:read-all`: from `gavel:read` (the first idle moment) to the page all read;
 * - the page's `longtask` entries (a PerformanceObserver set up before the page
 *   runs), those that overlap one of the content script's tasks.
 *
 * The share of the page's load is the content script's work that ran before
 * the page's load event ended (the detection, plus the parts of its tasks
 * before it), over the page's load time; the share of all its work (detection
 * and every task wherever they ran) is printed beside it, and the longest task.
 *
 * Two series: a thread Gavel does not track (the reading and the "Track" button)
 * and, after it is tracked, the same page again (the reading, the panel's count
 * and every post's badge row).
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
  /** All its work: detection and every task of reading and drawing. */
  readonly totalMs: number;
  /** Its tasks after the detection (reading, panel, badges), summed. */
  readonly tasksMs: number;
  readonly tasks: number;
  /** Its longest task after the detection, by its own measures. */
  readonly longestTaskMs: number;
  /** From the first idle moment to the page all read (wall time, idle gaps included). */
  readonly readSpanMs: number;
  /** The page's long tasks (over 50 ms) that overlap one of the content script's tasks or its detection. */
  readonly longTasks: number;
  readonly longestLongTaskMs: number;
  /** When the content script started, ms after the navigation began. */
  readonly scriptStartMs: number;
  readonly domContentLoadedMs: number;
  readonly loadMs: number;
  /** The page's own work after its last byte arrived: load minus response end. */
  readonly loadAfterResponseMs: number;
  readonly posts: number;
  readonly world: 'main' | 'content-script';
}

/** Reads the gavel:* entries, the long tasks and the navigation timing; `performance` is evaluated in whichever world is given. */
const readTimings = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const m = (name) => { const e = performance.getEntriesByName(name)[0]; return e === undefined ? null : { start: e.startTime, duration: e.duration }; };
  const all = (name) => performance.getEntriesByName(name).map((e) => ({ start: e.startTime, duration: e.duration }));
  return {
    detect: m('gavel:detect'),
    read: m('gavel:read'),
    readAll: m('gavel:read-all'),
    tasks: all('gavel:task'),
    parseAndRender: m('gavel:parse-and-render'),
    start: m('gavel:start'),
    longTasks: globalThis.__gavelBenchLongTasks ?? null,
    nav: nav === undefined ? null : { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, responseEnd: nav.responseEnd },
    posts: document.querySelectorAll('div.post').length,
  };
})()`;

/** Set up before any of the page's scripts: every long task of the page, kept for `readTimings`. */
const observeLongTasks = `(() => {
  const kept = (globalThis.__gavelBenchLongTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) kept.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})()`;

interface Span {
  readonly start: number;
  readonly duration: number;
}

interface Timings {
  readonly detect: Span | null;
  readonly read: Span | null;
  readonly readAll: Span | null;
  readonly tasks: readonly Span[];
  readonly parseAndRender: Span | null;
  readonly start: Span | null;
  readonly longTasks: readonly Span[] | null;
  readonly nav: { dcl: number; load: number; responseEnd: number } | null;
  readonly posts: number;
}

/** Whether the content script is done with the page: read (and, on a tracked game, every badge row drawn). */
function doneCondition(tracked: boolean, posts: number): string {
  return `(() => {
    const loaded = performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0;
    const has = (name) => performance.getEntriesByName(name).length > 0;
    const chunked = has('gavel:read-all');
    const read = chunked || has('gavel:parse-and-render');
    if (!loaded || !read) return false;
    if (!${String(tracked)}) return true;
    if (document.querySelectorAll('[data-gavel-badges]').length < ${String(posts)}) return false;
    return !chunked || has('gavel:badges-drawn');
  })()`;
}

const overlaps = (a: Span, b: Span): boolean => a.start < b.start + b.duration && b.start < a.start + a.duration;

async function loadOnce(page: Page, url: string, extensionId: string, tracked: boolean, posts: number): Promise<LoadSample> {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });
  // Marks made by a content script live in the page's one performance timeline, so the main world
  // normally sees them; if a browser kept them apart, read them in the content script's own world.
  let world: LoadSample['world'] = 'main';
  let t = await page
    .waitForFunction(doneCondition(tracked, posts), undefined, { timeout: 20_000 })
    // A moment more, so a last task after the condition is counted too.
    .then(() => page.waitForTimeout(300))
    .then(() => page.evaluate(readTimings) as Promise<Timings>)
    .catch(() => null);
  if (t === null || (t.readAll === null && t.parseAndRender === null)) {
    world = 'content-script';
    const cs = await contentWorld(page, extensionId);
    t = await cs.evaluate<Timings>(readTimings);
    await cs.close();
  }
  if (t.start === null || t.nav === null || t.detect === null)
    throw new Error(`page cost: the content script left no gavel:* measures on ${url}`);
  // A build from before the chunked reading (no gavel:task) read and drew the panel in one task.
  const tasks: readonly Span[] = t.tasks.length > 0 ? t.tasks : t.parseAndRender === null ? [] : [t.parseAndRender];
  if (tasks.length === 0) throw new Error(`page cost: no task of the content script measured on ${url}`);
  const load = t.nav.load;
  const beforeLoad = (s: Span): number => Math.max(0, Math.min(s.start + s.duration, load) - s.start);
  const tasksMs = tasks.reduce((sum, s) => sum + s.duration, 0);
  const own = [t.detect, ...tasks];
  const longTasks = (t.longTasks ?? []).filter((lt) => own.some((s) => overlaps(lt, s)));
  const readStart = t.read?.start ?? tasks[0]?.start ?? 0;
  const readSpan = t.readAll?.duration ?? t.parseAndRender?.duration ?? 0;
  return {
    detectMs: t.detect.duration,
    readStartMs: readStart,
    beforeLoadMs: t.detect.duration + tasks.reduce((sum, s) => sum + beforeLoad(s), 0),
    totalMs: t.detect.duration + tasksMs,
    tasksMs,
    tasks: tasks.length,
    longestTaskMs: Math.max(...tasks.map((s) => s.duration)),
    readSpanMs: readSpan,
    longTasks: longTasks.length,
    longestLongTaskMs: Math.max(0, ...longTasks.map((s) => s.duration)),
    scriptStartMs: t.start.start,
    domContentLoadedMs: t.nav.dcl,
    loadMs: load,
    loadAfterResponseMs: load - t.nav.responseEnd,
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

/** The figures of one series of loads. */
function summary(samples: readonly LoadSample[]): Record<string, unknown> {
  const med = (f: (s: LoadSample) => number): number => round(median(samples.map(f)), 1);
  const shares = samples.map((s) => (100 * s.beforeLoadMs) / s.loadMs);
  const share = median(shares) / 100;
  return {
    loads: samples.length,
    marksReadFrom: samples.every((s) => s.world === 'main')
      ? 'main world (content-script marks share the page timeline)'
      : "content script's world via CDP",
    detectMs: med((s) => s.detectMs),
    beforeLoadMs: med((s) => s.beforeLoadMs),
    readAfterPageLoadIn: `${samples.filter((s) => s.readStartMs >= s.loadMs).length} of ${samples.length} loads`,
    contentScriptTotalMs: med((s) => s.totalMs),
    tasksMs: med((s) => s.tasksMs),
    tasksPerLoad: med((s) => s.tasks),
    longestTaskMs: med((s) => s.longestTaskMs),
    longestTaskSpread: spread(samples.map((s) => s.longestTaskMs)),
    longestTaskOfAllLoadsMs: round(Math.max(...samples.map((s) => s.longestTaskMs)), 1),
    loadsWithATaskOver50Ms: samples.filter((s) => s.longestTaskMs > 50).length,
    longTasksOverlappingPerLoad: med((s) => s.longTasks),
    longestLongTaskMs: med((s) => s.longestLongTaskMs),
    longestLongTaskSpread: spread(samples.map((s) => s.longestLongTaskMs)),
    readSpanMs: med((s) => s.readSpanMs),
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
}

export async function benchPageCost(options: { readonly loads: number }, log: Log): Promise<Record<string, unknown>> {
  const { launchWithExtension, startLocalForum } = await import('../browser/harness');
  const { demoRoutes } = await import('../browser/demo-forum');
  const thread = benchThread(200, 200);
  const html = renderPage(thread, 1);
  const forum = await startLocalForum(demoRoutes(thread));
  const browser = await launchWithExtension({ forum, forumHosts: [thread.forumHost] });
  await browser.context.addInitScript(observeLongTasks);
  const url = pageUrl(thread, 1);
  const series = async (tracked: boolean): Promise<LoadSample[]> => {
    const samples: LoadSample[] = [];
    for (let i = 0; i <= options.loads; i++) {
      const page = await browser.context.newPage();
      const sample = await loadOnce(page, url, browser.extensionId, tracked, thread.perPage);
      await page.close();
      if (i === 0) continue; // warm-up
      samples.push(sample);
      log(
        `page${tracked ? ' (tracked)' : ''}: load ${i}: before load ${round(sample.beforeLoadMs, 1)} ms, ${sample.tasks} tasks ${round(sample.tasksMs, 1)} ms, longest ${round(sample.longestTaskMs, 1)} ms, long tasks ${sample.longTasks} (longest ${round(sample.longestLongTaskMs, 0)} ms), read from ${round(sample.readStartMs, 0)} ms over ${round(sample.readSpanMs, 0)} ms, page load ${round(sample.loadMs, 1)} ms (${sample.world} world)`,
      );
    }
    return samples;
  };
  try {
    const untracked = await series(false);
    // Track the game once: from then on each load reads the page, counts and draws every post's badge row.
    const page = await browser.context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('gavel-track').click({ timeout: 20_000 });
    await page.waitForFunction(`document.querySelectorAll('[data-gavel-badges]').length >= ${String(thread.perPage)}`, undefined, {
      timeout: 60_000,
    });
    await page.close();
    const tracked = await series(true);
    const first = summary(untracked);
    return {
      postsOnPage: untracked[0]?.posts ?? 0,
      pageKB: round(Buffer.byteLength(html) / 1024, 1),
      // The untracked series' figures stay at the top level, as before (BENCHMARKS.md's earlier entries).
      ...first,
      tracked: summary(tracked),
    };
  } finally {
    await browser.close();
    await forum.close();
  }
}
