/**
 * The content script: detect the forum engine, load that engine's adapter
 * (only that one: `adapters.ts`), read this page's posts, hand
 * them to the worker (the single writer), and show Gavel on the page. On a
 * thread that is not tracked that is one small "Track this game" button; on a
 * tracked game it is the panel with the count and a badge row beside each
 * post. On a tracked game it watches its thread over a port, and the worker
 * says when the thread changed or how far its crawl is (no polling). No game
 * logic lives here, and it never opens IndexedDB (that would be the forum's
 * database). The worker answers it about its own site's threads only.
 */
import { h, render } from 'preact';
import { shownPostNumber } from '../../src/model/post';
import { detectEngine, readPostsInSteps } from '../../src/parsers/detect';
import type { ForumPost } from '../../src/model/post';
import type { ParseIssue, ThreadPage } from '../../src/parsers/types';
import { sendRequest } from '../shared/messaging';
import { sendAgainIfStopped } from '../shared/worker-retry';
import { loadAdapter } from './adapters';
import { describeError } from '../shared/errors';
import { catalogOf, createTranslator, type Translator } from '../shared/i18n';
import { sayError, sayMessage } from '../shared/format';
import { isWorkerEvent, THREAD_EVENTS_PORT } from '../shared/protocol';
import type {
  CrawlStatus,
  Envelope,
  MessageType,
  PageReport,
  PostVerdictView,
  RequestOf,
  ResponseOf,
  ThreadWatchEnvelope,
  VoteCountView,
  WorkerEventEnvelope,
} from '../shared/protocol';
import { mountBadgeHost, removeBadgeHosts, renderBadgeRow, type BadgeHost } from './badges';
import badgeCss from './badges.css?inline';
import { mountShadowHost } from './mount';
import { createPanelState, Panel, type PanelModel } from './panel';
import panelCss from './panel.css?inline';
import { hashPosts } from './page-hash';
import { nextIdleSlot, runInChunks, viewportFirst, type ChunkOptions } from './chunked-read';

/**
 * The one extension API the content script uses: sending a message to the worker. Firefox's
 * `browser` and Chromium's `chrome` (whose runtime.sendMessage returns a promise in MV3) both
 * answer with a promise, so a forum page does not load the webextension polyfill for it.
 */
interface MessageRuntime {
  sendMessage(message: unknown): Promise<unknown>;
  connect(info: { readonly name: string }): EventPort;
  /** Messages the worker sends this tab (`tabs.sendMessage`): only the extension itself can. */
  readonly onMessage: { addListener(listener: (message: unknown) => undefined): void };
}
interface EventPort {
  postMessage(message: unknown): void;
  readonly onMessage: { addListener(listener: (message: unknown) => void): void };
  readonly onDisconnect: { addListener(listener: () => void): void };
}
function runtime(): MessageRuntime {
  const scope = globalThis as { browser?: { runtime?: MessageRuntime }; chrome?: { runtime?: MessageRuntime } };
  const found = scope.browser?.runtime ?? scope.chrome?.runtime;
  if (found === undefined) throw new Error('this page has no extension runtime to talk to the worker');
  return found;
}

/**
 * Watches a thread: a port to the worker, which tells it when the thread changes. The port closes when the
 * browser stops the worker; `closed` is told, and decides when to watch again.
 */
function watchThread(
  thread: { readonly origin: string; readonly threadId: string },
  handle: (event: WorkerEventEnvelope) => void,
  closed: () => void,
): void {
  const port = runtime().connect({ name: THREAD_EVENTS_PORT });
  port.onMessage.addListener((message) => {
    if (isWorkerEvent(message)) handle(message);
  });
  port.onDisconnect.addListener(closed);
  const watch: ThreadWatchEnvelope = { gavel: 1, type: 'thread/watch', payload: thread };
  port.postMessage(watch);
}

/**
 * One request to the worker, sent again if the browser stopped the worker before it answered: every
 * request of the content script is idempotent (reading, storing a page by its hash, tracking).
 */
function request<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  return sendAgainIfStopped(() => sendRequest((envelope: Envelope<T>) => runtime().sendMessage(envelope), type, payload));
}

/**
 * How long one task of Gavel's on a forum page may run, ms (issue 18): reading posts and drawing their
 * badge rows stop starting new posts after this, well inside the 50 ms that make a long task.
 */
const chunkBudgetMs = 20;
/** The longest a chunk waits for the browser to be idle, ms: a busy page is still read. */
const chunkWaitMs = 300;

/**
 * A task of Gavel's on the page, for the bench (scripts/bench/page-cost.ts sums and compares them) and
 * the browser tests: what it did (`read`: how many post containers it read; `draw`: badge rows;
 * `report`: the page put together and handed to the worker).
 */
type TaskDetail = { readonly kind: 'read'; readonly posts: number } | { readonly kind: 'draw' } | { readonly kind: 'report' };
function measureTask(detail: TaskDetail, startMs: number, endMs: number = performance.now()): void {
  performance.measure('gavel:task', { start: startMs, end: endMs, detail });
}

async function main(): Promise<void> {
  // bench: scripts/bench/page-cost.ts reads the gavel:* marks and measures: gavel:detect before the
  // page's idle time, then each task of reading and drawing (gavel:task), and gavel:read-all from
  // gavel:read (the browser idle) until the page is all read.
  performance.mark('gavel:start');
  const url = new URL(location.href);
  const detection = detectEngine(document, url);
  if (!detection.supported) return; // not a thread page of a forum Gavel reads: add nothing
  // Only this engine's adapter is loaded (a chunk of the extension), not every forum's.
  const adapter = await loadAdapter(detection.engine);
  performance.measure('gavel:detect', 'gavel:start');
  // The posts are read once the page has loaded what it was loading and the browser is idle, and then
  // a few at a time (issue 18): first the thread's facts and the posts in view, the rest in chunks in
  // the browser's idle moments, so no task of Gavel's blocks the forum page for long.
  await nextIdleSlot(1_000);
  performance.mark('gavel:read');
  const firstTask = performance.now();
  const steps = readPostsInSteps(adapter, document, url, { now: Date.now() });
  const { order, inView } = viewportFirst(
    steps.elements.length,
    (i) => (steps.elements[i] as Element).getBoundingClientRect(),
    window.innerHeight,
  );
  /** The posts read so far, in the order read, with their containers. */
  const readPosts = new Map<string, { readonly post: ForumPost; readonly element: Element }>();
  /** Posts read since the worker was last asked for their verdicts. */
  let unasked: string[] = [];
  const readOne = (index: number): void => {
    const post = steps.read(index);
    const element = steps.elements[index];
    if (post === undefined || element === undefined || readPosts.has(post.id)) return;
    readPosts.set(post.id, { post, element });
    unasked.push(post.id);
  };
  for (const index of order.slice(0, inView)) readOne(index);
  const threadId = steps.thread.threadId;
  const title = steps.thread.title ?? document.title;
  /** The page went away (`pagehide`): reading and drawing stop, and go on if it is shown again (back/forward cache). */
  let pageGone = false;
  let shownAgain: (() => void) | null = null;
  window.addEventListener('pagehide', () => {
    pageGone = true;
  });
  window.addEventListener('pageshow', (e) => {
    if (!e.persisted) return;
    pageGone = false;
    shownAgain?.();
    // Rows whose drawing stopped when the page went away are drawn again.
    const t = model.value.t;
    if (shown !== null && t !== null && tracked) drawBadges(shown.count, t);
  });
  const chunking: Omit<ChunkOptions, 'stopped'> = {
    budgetMs: chunkBudgetMs,
    clock: () => performance.now(),
    nextSlot: () => nextIdleSlot(chunkWaitMs),
    onChunk: ({ startMs, endMs }) => measureTask({ kind: 'draw' }, startMs, endMs),
  };
  // Gavel's words in the host's language come from the worker (the catalogs stay out of forum pages).
  const askWords = (): Promise<Translator> =>
    request('ui/messages', {}).then(
      ({ language, messages }) => createTranslator(language, catalogOf(messages)),
      (e: unknown) => {
        console.error('Gavel: no messages from the worker:', e);
        return createTranslator('en', {});
      },
    );
  let words: Promise<Translator> = askWords();

  // What reading this page found; a count's own reason joins them only while it holds.
  // (Worded in the host's language once the words come, and again when the language changes.)
  let issues: readonly ParseIssue[] = [];
  let pageIssues: string[] = [];
  let countReason: string | null = null;
  const shownIssues = (): string[] => (countReason === null ? pageIssues : [...new Set([...pageIssues, countReason])]);
  const wordIssues = (t: Translator): void => {
    pageIssues = issues.map((i) => sayMessage(i.words, { t }));
    update({ issues: shownIssues() });
  };
  const mounted = mountShadowHost(document, panelCss);
  const model = createPanelState({
    engineName: adapter.label,
    title,
    // The page's post containers until every post is read (a container may turn out to hold none).
    postsOnPage: steps.elements.length,
    thread: null,
    count: null,
    issues: pageIssues,
    error: null,
    crawl: null,
    copy: { kind: 'idle' },
    busy: false,
    t: null,
  });
  const update = (patch: Partial<PanelModel>): void => {
    model.value = { ...model.value, ...patch };
  };
  const origin = url.origin;

  // Badge rows: one per post of this page, made when the game is tracked, as its post is read and its
  // verdict comes; a count asked again (the page's report, a click, the thread changed) draws them all
  // again, in chunks. A newer count's drawing stops an older one's.
  const badgeHosts = new Map<string, BadgeHost>();
  let asOfPost: number | undefined;
  /** The count the badges show and each post's verdict in it, as the worker answered for this page's posts. */
  let shown: { readonly count: VoteCountView; readonly verdicts: Map<string, PostVerdictView> } | null = null;
  /** Counts asked: an answer to an older one than the last draw's is dropped. */
  let countsAsked = 0;
  let countDrawn = 0;
  let drawing = 0;
  const drawRow = (postId: string, count: VoteCountView, verdicts: ReadonlyMap<string, PostVerdictView>, t: Translator): void => {
    const read = readPosts.get(postId);
    if (read === undefined) return;
    const { post, element } = read;
    let target = badgeHosts.get(post.id);
    if (target === undefined) {
      target = mountBadgeHost(document, element, badgeCss);
      badgeHosts.set(post.id, target);
    }
    renderBadgeRow(target, {
      number: post.number,
      shown: shownPostNumber(post.number, count.numbering),
      verdict: verdicts.get(post.id),
      selected: count.chosenAsOf && count.asOfPost === post.number,
      onCountAsOf: (n) => void refresh(n),
      t,
    });
  };
  /** Every read post's row, again, in chunks. */
  const drawBadges = (count: VoteCountView, t: Translator): void => {
    const run = ++drawing;
    const verdicts = new Map<string, PostVerdictView>(count.posts.map((v) => [v.postId, v]));
    shown = { count, verdicts };
    void runInChunks([...readPosts.keys()], (postId) => drawRow(postId, count, verdicts, t), {
      ...chunking,
      stopped: () => pageGone || run !== drawing,
    }).then(
      // bench: every row drawn with this count (scripts/bench/page-cost.ts waits for it on a tracked game).
      ({ stopped }) => (stopped ? undefined : performance.measure('gavel:badges-drawn', 'gavel:read')),
      (e: unknown) => console.error('Gavel: badges not drawn:', e),
    );
  };
  /**
   * While the page is still being read on a tracked game: the verdicts of the posts read since the
   * worker was last asked, from the thread as stored (this page's report follows once it is all read),
   * each row drawn as its verdict comes, and the panel's count with the first answer.
   */
  let tracked = false;
  let readingDone = false;
  const askVerdicts = (): void => {
    if (!tracked || readingDone || threadId === null || unasked.length === 0) return;
    const postIds = unasked;
    unasked = [];
    const asked = ++countsAsked;
    const asOf = asOfPost;
    request('thread/count', { origin, threadId, postIds, ...(asOf === undefined ? {} : { asOfPost: asOf }) })
      .then(async ({ count, reason }) => {
        const outdated = (): boolean => pageGone || asked < countDrawn || readingDone;
        if (count === null || outdated()) return;
        const t = await words;
        if (outdated()) return;
        if (shown === null) {
          countReason = reason;
          update({ count, issues: shownIssues() });
          shown = { count, verdicts: new Map() };
        }
        const { count: showing, verdicts } = shown;
        for (const v of count.posts) verdicts.set(v.postId, v);
        // The rows in chunks too: a chunk of posts read may be a hundred rows.
        await runInChunks(postIds, (postId) => drawRow(postId, showing, verdicts, t), { ...chunking, stopped: outdated });
      })
      .catch((e: unknown) => console.error('Gavel: verdicts of the posts read not had:', e));
  };

  const refresh = async (asOf?: number): Promise<void> => {
    if (threadId === null) return;
    asOfPost = asOf;
    countDrawn = ++countsAsked;
    update({ busy: true, copy: { kind: 'idle' } });
    try {
      // Only this page's posts wear badges: what Gavel read in the thread's other posts is not sent.
      const postIds = [...readPosts.keys()];
      const { count, reason } = await request('thread/count', {
        origin,
        threadId,
        postIds,
        ...(asOf === undefined ? {} : { asOfPost: asOf }),
      });
      if (asOfPost !== asOf) return; // a later click asked for another post
      countReason = reason;
      update({ count, busy: false, issues: shownIssues() });
      if (count !== null) drawBadges(count, await words);
    } catch (e) {
      update({ busy: false, error: (await words)('panel_worker_silent', describeError(e)) });
    }
  };

  // While the worker reads the thread's other pages, say how far it is; when it is done, or the thread's
  // posts changed in another tab, count again. The worker tells this tab (`thread/changed`): no polling.
  let crawlRunning = false;
  const showCrawl = async (status: CrawlStatus | null): Promise<void> => {
    const finished = status !== null && status.pageCount !== null && status.pagesDone >= status.pageCount;
    if (status !== null && status.status === 'running' && !finished) {
      crawlRunning = true;
      update({ crawl: { page: status.pagesDone + 1, pages: status.pageCount } });
      return;
    }
    let failed: string | null = null;
    if (status?.status === 'failed' && status.error !== null) {
      const t = await words;
      const why = status.errorWords === undefined || status.errorWords === null ? status.error : sayMessage(status.errorWords, { t });
      failed = t('panel_crawl_failed', why);
    }
    update({ crawl: null, ...(failed === null ? {} : { error: failed }) });
    if (crawlRunning) {
      crawlRunning = false;
      await recount();
    }
  };
  // The pages read change the count and what the panel says of the thread (posts and pages stored):
  // the count first, so the panel never says more was stored than it has counted.
  const recount = async (): Promise<void> => {
    if (threadId === null) return;
    await refresh(asOfPost);
    const thread = await request('thread/get', { origin, threadId });
    if (thread !== null) update({ thread });
  };
  const onEvent = (event: WorkerEventEnvelope): void => {
    if (event.event !== 'thread/changed') return;
    const { payload } = event as WorkerEventEnvelope<'thread/changed'>;
    if (payload.origin !== origin || payload.threadId !== threadId || model.value.thread?.tracked !== true) return;
    const step = payload.cause === 'crawl' ? showCrawl(payload.crawl) : crawlRunning ? Promise.resolve() : recount();
    step.catch((e: unknown) => console.error('Gavel: the thread changed, and counting again failed:', e));
  };
  /**
   * Watches the thread once it is tracked. When the port closes (the browser stopped the idle worker),
   * it is opened again at once if a crawl is running (the worker starts again and goes on with it),
   * else only when the tab is looked at again, so an idle tab never keeps the worker awake; either way
   * the panel then asks how things stand, having missed what happened meanwhile.
   */
  let watchingThread = false;
  const watch = (): void => {
    if (threadId === null || watchingThread) return;
    watchingThread = true;
    watchThread({ origin, threadId }, onEvent, () => {
      watchingThread = false;
      if (crawlRunning) resync();
      else document.addEventListener('visibilitychange', resyncWhenSeen);
    });
  };
  const resync = (): void => {
    watch();
    void watchCrawl().then(() => (crawlRunning ? undefined : recount()));
  };
  const resyncWhenSeen = (): void => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', resyncWhenSeen);
    resync();
  };
  /** How the crawl stands now: asked once (after a read or a track); from then on the worker says. */
  const watchCrawl = async (): Promise<void> => {
    if (threadId === null) return;
    try {
      await showCrawl(await request('thread/crawl-status', { origin, threadId }));
    } catch (e) {
      update({ crawl: null });
      console.error('Gavel: crawl status unavailable:', e);
    }
  };

  const copyVoteCount = async (): Promise<void> => {
    const count = model.value.count;
    if (count === null) return;
    const text = count.voteCountPost.text;
    const t = await words;
    const what = t('panel_copied_what', count.day, shownPostNumber(count.asOfPost, count.numbering));
    try {
      await navigator.clipboard.writeText(text);
      update({ copy: { kind: 'copied', what } });
    } catch (e) {
      update({ copy: { kind: 'denied', text, why: e instanceof Error && e.message !== '' ? e.message : t('panel_permission_denied') } });
    }
  };

  render(
    h(Panel, {
      model,
      actions: {
        track: () => {
          if (threadId === null) return;
          update({ busy: true });
          request('thread/track', { origin, threadId }).then(
            (thread) => {
              update({ thread, busy: false });
              tracked = true;
              watch();
              void refresh().then(watchCrawl);
            },
            (e: unknown) => void words.then((t) => update({ busy: false, error: sayError(e, { t }) })),
          );
        },
        latest: () => void refresh(),
        copyVoteCount: () => void copyVoteCount(),
        showPost: (postId) => {
          const element = readPosts.get(postId)?.element;
          if (element === undefined) return false;
          (badgeHosts.get(postId)?.host ?? element).scrollIntoView({ block: 'start', behavior: 'smooth' });
          return true;
        },
      },
    }),
    mounted.container,
  );
  measureTask({ kind: 'read', posts: inView }, firstTask);

  // The host changed the language (in the popup or a dashboard tab): the panel and the badges follow at once.
  runtime().onMessage.addListener((message) => {
    if (!isWorkerEvent(message) || message.event !== 'settings/changed') return undefined;
    words = askWords();
    void words.then((t) => {
      if (model.value.t === null) return; // not shown yet: it takes these words when it is
      update({ t });
      wordIssues(t);
      const count = model.value.count;
      if (count !== null) drawBadges(count, t);
    });
    return undefined;
  });

  if (threadId === null) {
    measureTask({ kind: 'report' }, (await readAll()).lastTask);
    const t = await words;
    update({ t, error: t('panel_no_thread_id') });
    wordIssues(t);
    return;
  }
  // What the worker knows of the thread already: a tracked game shows its panel, count and the badges of
  // the posts read so far now, not once the whole page is read.
  void request('thread/get', { origin, threadId }).then(
    async (thread) => {
      if (thread === null || readingDone) return;
      const t = await words;
      if (readingDone) return;
      update({ thread, t });
      wordIssues(t);
      if (!thread.tracked) return;
      tracked = true;
      watch();
      askVerdicts();
    },
    (e: unknown) => console.error('Gavel: the thread not had from the worker:', e),
  );
  const { page, lastTask } = await readAll();
  const report: PageReport = {
    thread: { origin, threadId, title },
    engine: steps.engine,
    url: url.href,
    pageNumber: page.currentPage,
    pageCount: page.pageCount ?? page.currentPage,
    contentHash: hashPosts(page.posts),
    posts: page.posts,
  };
  try {
    const reading = request('thread/page-read', report);
    // The page put together, its hash and the report handed over (copied for the worker): one task.
    measureTask({ kind: 'report' }, lastTask);
    const t = await words;
    update({ t });
    wordIssues(t);
    const saved = await reading;
    update({ thread: saved.thread });
    if (saved.thread.tracked) {
      tracked = true;
      watch();
      // As of the post the host picked, if a row was clicked while the page was still being read.
      await refresh(asOfPost);
      await watchCrawl();
    } else {
      tracked = false;
      ++drawing;
      badgeHosts.clear();
      removeBadgeHosts(document);
    }
  } catch (e) {
    update({ error: (await words)('panel_worker_silent', describeError(e)) });
  }

  /**
   * Reads the posts not read yet in the browser's idle moments, a chunk at a time (asking the worker
   * for their verdicts after each chunk on a tracked game), then puts the page together. If the page
   * goes away meanwhile, it waits until the page is shown again (back/forward cache), else for ever:
   * nothing is reported of a page half read.
   */
  async function readAll(): Promise<{ readonly page: ThreadPage; readonly lastTask: number }> {
    let rest = order.slice(inView);
    for (;;) {
      const run = await runInChunks(rest, readOne, {
        ...chunking,
        stopped: () => pageGone,
        onChunk: (chunk) => {
          measureTask({ kind: 'read', posts: chunk.to - chunk.from }, chunk.startMs, chunk.endMs);
          askVerdicts();
        },
      });
      if (!run.stopped) break;
      rest = rest.slice(run.done);
      await new Promise<void>((resolve) => (shownAgain = resolve));
      shownAgain = null;
    }
    await nextIdleSlot(chunkWaitMs);
    if (pageGone) await new Promise<void>((resolve) => (shownAgain = resolve));
    const started = performance.now();
    const located = steps.finish();
    readingDone = true;
    issues = located.result.issues;
    pageIssues = issues.map((i) => i.message);
    update({ postsOnPage: located.result.data.posts.length, issues: shownIssues() });
    if (model.value.t !== null) wordIssues(model.value.t);
    performance.measure('gavel:read-all', 'gavel:read');
    return { page: located.result.data, lastTask: started };
  }
}

main().catch((e: unknown) => {
  console.error('Gavel could not read this page:', e);
});
