/**
 * `npm run bench -- --only count`: the count of a long thread as it grows
 * (issue 18). A thread of N posts (scripts/bench/threads.ts's, one long day)
 * is counted once, then one new page of 250 posts at a time is added and
 * counted again, as the worker does on a crawl step or a page view:
 *
 * - `fullMs`: a count from nothing (a fresh counter, no vote line read yet);
 * - `newPageMs`: the count after one new page (the median of several pages,
 *   with their spread), through the engine's thread counter, through
 *   the worker's view of it (`countFromPosts`, what `thread/count` answers
 *   with every post's verdict), and through the view a forum page asks for
 *   (`panelView`: the verdicts of the page's own posts only, `postIds`);
 * - `unchangedMs`: the count again with nothing new;
 * - `equalToFull`: the counter's last answer is the full recount's.
 *
 * `multiDay` does the same on a thread of several days and nights (issue 18):
 * the same posts with the host's "Night N begins." and "Day N+1 begins." every
 * `dayPosts` posts (2,500: 4 days at 10,000 posts, 20 at 50,000), two players
 * who never post (the inactivity check, on in the forum template, finds them
 * every day), and the breach checks on. A day is the same length at every
 * size, so the growth of its new-page count is the thread's length alone.
 * `multiDay.sizes[].dayEnd`: the page that ends a day (it holds "Night N
 * begins.") and the next, which starts a day, each counted by a counter that
 * counted the page before (the phases change on both).
 *
 * Times are wall-clock and this process's CPU time (on a shared machine the
 * CPU figure moves less). Also runs on its own: `node --import tsx scripts/bench/count.ts`.
 */
import { isDeepStrictEqual } from 'node:util';
import { countThread, createThreadCounter, type ForumPost } from '../../src/engine';
import { countFromPosts } from '../../extension/background/count-view';
import { benchForumPosts, benchHost, benchPlayers } from './threads';
import { median, round, type Log } from './util';

export interface CountBenchOptions {
  /** Thread sizes, in posts. @default [10000, 50000] */
  readonly sizes?: readonly number[];
  /** New pages counted per size (the median is reported). @default 7 */
  readonly pages?: number;
  /** Posts per new page. @default 250 */
  readonly perPage?: number;
  /** Posts in each day and its night, in the multi-day thread. @default 2500 */
  readonly dayPosts?: number;
  /** Times the multi-day thread's day-end and day-start pages are counted (`multiDay.sizes[].dayEnd`). @default 3 */
  readonly dayEndRuns?: number;
}

/**
 * The bench thread as a game of several days: every `dayPosts` posts the host ends the day and starts the
 * next ("Night N begins.", "Day N+1 begins."), and the last two players never post (their posts are the
 * first player's), so every ended day has inactivity findings.
 */
export function multiDayPosts(count: number, dayPosts: number): ForumPost[] {
  const silent = new Set<string>(benchPlayers.slice(-2));
  const talker = benchPlayers[0] ?? benchHost;
  return benchForumPosts(count).map((p, i): ForumPost => {
    if (i === 0) return p;
    const day = Math.floor(i / dayPosts) + 1;
    if (i % dayPosts === dayPosts - 1) return { ...p, author: benchHost, body: [{ type: 'text', text: `Night ${String(day)} begins.` }] };
    if (i % dayPosts === 0) return { ...p, author: benchHost, body: [{ type: 'text', text: `Day ${String(day)} begins.` }] };
    return silent.has(p.author) ? { ...p, author: talker } : p;
  });
}

interface Timed {
  readonly ms: number;
  readonly cpuMs: number;
}

function timed(run: () => unknown): Timed {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  run();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

const summary = (runs: readonly Timed[]) => ({
  medianMs: round(median(runs.map((r) => r.ms)), 1),
  medianCpuMs: round(median(runs.map((r) => r.cpuMs)), 1),
  minMs: round(Math.min(...runs.map((r) => r.ms)), 1),
  maxMs: round(Math.max(...runs.map((r) => r.ms)), 1),
  maxCpuMs: round(Math.max(...runs.map((r) => r.cpuMs)), 1),
});

/**
 * The pages where the phases change (multi-day thread): a counter that counted the thread up to one page before
 * the host's "Night N begins." is handed the page that ends the day (the thread's first `size` posts end with that
 * post), then the next page, which starts the next day. Each from a fresh counter, `runs` times.
 */
function benchDayEnd(all: readonly ForumPost[], size: number, perPage: number, runs: number) {
  const endsDay: Timed[] = [];
  const startsDay: Timed[] = [];
  for (let r = 0; r < runs; r++) {
    const counter = createThreadCounter();
    counter.count(all.slice(0, size - perPage));
    const ending = all.slice(0, size);
    endsDay.push(timed(() => counter.count(ending)));
    const starting = all.slice(0, size + perPage);
    startsDay.push(timed(() => counter.count(starting)));
  }
  return { runs, endsDay: summary(endsDay), startsDay: summary(startsDay) };
}

function benchSize(
  size: number,
  pages: number,
  perPage: number,
  log: Log,
  thread: (count: number) => ForumPost[] = benchForumPosts,
  dayEndRuns = 0,
) {
  const all: ForumPost[] = thread(size + pages * perPage);
  const at = (k: number): ForumPost[] => all.slice(0, size + k * perPage);
  log(`count: ${String(size)} posts`);
  const full = timed(() => countThread(at(0)));
  const engine = createThreadCounter();
  const view = createThreadCounter();
  const panel = createThreadCounter();
  const first = timed(() => engine.count(at(0)));
  countFromPosts(at(0), { counter: view });
  countFromPosts(at(0), { counter: panel });
  const enginePages: Timed[] = [];
  const viewPages: Timed[] = [];
  const panelPages: Timed[] = [];
  // Each thread is sliced before its clock starts: the figures time the count, not the copy of the caller's array
  // (at 50,000 posts the copy cost about as much as the count with nothing new).
  for (let k = 1; k <= pages; k++) {
    const posts = at(k);
    enginePages.push(timed(() => engine.count(posts)));
    const forView = at(k);
    viewPages.push(timed(() => countFromPosts(forView, { counter: view })));
    const shownPosts = new Set(all.slice(size + (k - 1) * perPage, size + k * perPage).map((p) => p.id));
    const forPanel = at(k);
    panelPages.push(timed(() => countFromPosts(forPanel, { counter: panel, shownPosts })));
  }
  const again = at(pages);
  const unchanged = timed(() => engine.count(again));
  const last = engine.count(at(pages));
  const equalToFull = isDeepStrictEqual(last, countThread(at(pages)));
  const dayEnd = dayEndRuns > 0 ? benchDayEnd(all, size, perPage, dayEndRuns) : undefined;
  return {
    posts: size,
    days: last.ok ? last.days.length : 0,
    inactivityFindings: last.ok ? last.breaches.filter((b) => b.reason === 'activity/too-few-posts').length : 0,
    fullMs: round(full.ms, 1),
    fullCpuMs: round(full.cpuMs, 1),
    counterFirstMs: round(first.ms, 1),
    newPage: { posts: perPage, pages, engine: summary(enginePages), workerView: summary(viewPages), panelView: summary(panelPages) },
    unchangedMs: round(unchanged.ms, 2),
    equalToFull,
    ...(dayEnd === undefined ? {} : { dayEnd }),
  };
}

export function benchCount(options: CountBenchOptions, log: Log) {
  const sizes = options.sizes ?? [10_000, 50_000];
  const pages = options.pages ?? 7;
  const perPage = options.perPage ?? 250;
  const bySize = sizes.map((s) => benchSize(s, pages, perPage, log));
  const small = bySize[0];
  const large = bySize[bySize.length - 1];
  const ratio = (a: number | undefined, b: number | undefined): number | null =>
    a === undefined || b === undefined || b === 0 ? null : round(a / b, 2);
  const dayPosts = options.dayPosts ?? 2_500;
  const multiDay = sizes.map((s) => benchSize(s, pages, perPage, log, (count) => multiDayPosts(count, dayPosts), options.dayEndRuns ?? 3));
  const multiSmall = multiDay[0];
  const multiLarge = multiDay[multiDay.length - 1];
  const newPageMs = large?.newPage.workerView.medianMs ?? null;
  const newPageCpuMs = large?.newPage.workerView.medianCpuMs ?? null;
  return {
    sizes: bySize,
    growth: {
      from: small?.posts ?? null,
      to: large?.posts ?? null,
      fullMs: ratio(large?.fullMs, small?.fullMs),
      newPageEngineMs: ratio(large?.newPage.engine.medianMs, small?.newPage.engine.medianMs),
      newPageWorkerViewMs: ratio(large?.newPage.workerView.medianMs, small?.newPage.workerView.medianMs),
      newPagePanelViewMs: ratio(large?.newPage.panelView.medianMs, small?.newPage.panelView.medianMs),
    },
    multiDay: {
      dayPosts,
      sizes: multiDay,
      growth: {
        from: multiSmall?.posts ?? null,
        to: multiLarge?.posts ?? null,
        fullMs: ratio(multiLarge?.fullMs, multiSmall?.fullMs),
        newPageEngineMs: ratio(multiLarge?.newPage.engine.medianMs, multiSmall?.newPage.engine.medianMs),
        newPageEngineCpuMs: ratio(multiLarge?.newPage.engine.medianCpuMs, multiSmall?.newPage.engine.medianCpuMs),
        newPageWorkerViewMs: ratio(multiLarge?.newPage.workerView.medianMs, multiSmall?.newPage.workerView.medianMs),
        newPagePanelViewMs: ratio(multiLarge?.newPage.panelView.medianMs, multiSmall?.newPage.panelView.medianMs),
      },
    },
    target: {
      newPageMs: 200,
      posts: large?.posts ?? null,
      measuredMs: newPageMs,
      measuredCpuMs: newPageCpuMs,
      met: newPageMs !== null && newPageMs < 200,
    },
  };
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const log: Log = (line) => process.stderr.write(`${line}\n`);
  process.stdout.write(`${JSON.stringify(benchCount({}, log), null, 2)}\n`);
}
