/**
 * The content script: detect the forum engine, load that engine's adapter
 * (only that one: `adapters.ts`), read this page's posts, hand
 * them to the worker (the single writer), and show Gavel on the page. On a
 * thread that is not tracked that is one small "Track this game" button; on a
 * tracked game it is the panel with the count and a badge row beside each
 * post. No game logic lives here, and it never opens IndexedDB (that would be
 * the forum's database).
 */
import { h, render } from 'preact';
import { detectEngine, locatePostsWith } from '../../src/parsers/detect';
import { sendRequest } from '../shared/messaging';
import { sendAgainIfStopped } from '../shared/worker-retry';
import { loadAdapter } from './adapters';
import { describeError } from '../shared/errors';
import { catalogOf, createTranslator, type Translator } from '../shared/i18n';
import type { Envelope, MessageType, PageReport, PostVerdictView, RequestOf, ResponseOf, VoteCountView } from '../shared/protocol';
import { mountBadgeHost, removeBadgeHosts, renderBadgeRow, type BadgeHost } from './badges';
import badgeCss from './badges.css?inline';
import { mountShadowHost } from './mount';
import { createPanelState, Panel, type PanelModel } from './panel';
import panelCss from './panel.css?inline';
import { hashPosts } from './page-hash';

/**
 * The one extension API the content script uses: sending a message to the worker. Firefox's
 * `browser` and Chromium's `chrome` (whose runtime.sendMessage returns a promise in MV3) both
 * answer with a promise, so a forum page does not load the webextension polyfill for it.
 */
interface MessageRuntime {
  sendMessage(message: unknown): Promise<unknown>;
}
function runtime(): MessageRuntime {
  const scope = globalThis as { browser?: { runtime?: MessageRuntime }; chrome?: { runtime?: MessageRuntime } };
  const found = scope.browser?.runtime ?? scope.chrome?.runtime;
  if (found === undefined) throw new Error('this page has no extension runtime to talk to the worker');
  return found;
}

/**
 * One request to the worker, sent again if the browser stopped the worker before it answered: every
 * request of the content script is idempotent (reading, storing a page by its hash, tracking).
 */
function request<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  return sendAgainIfStopped(() => sendRequest((envelope: Envelope<T>) => runtime().sendMessage(envelope), type, payload));
}

async function main(): Promise<void> {
  performance.mark('gavel:start'); // bench: scripts/bench/page-cost.ts reads the gavel:* marks and measures
  const url = new URL(location.href);
  const detection = detectEngine(document, url);
  if (!detection.supported) return; // not a thread page of a forum Gavel reads: add nothing
  // Only this engine's adapter is loaded (a chunk of the extension), not every forum's.
  const adapter = await loadAdapter(detection.engine);
  const located = locatePostsWith(adapter, document, url, { now: Date.now() });
  const { data: page, issues } = located.result;
  performance.measure('gavel:parse', 'gavel:start');
  const threadId = page.threadId;
  const title = page.title ?? document.title;
  // Gavel's words in the host's language come from the worker (the catalogs stay out of forum pages).
  const words: Promise<Translator> = request('ui/messages', {}).then(
    ({ language, messages }) => createTranslator(language, catalogOf(messages)),
    (e: unknown) => {
      console.error('Gavel: no messages from the worker:', e);
      return createTranslator('en', {});
    },
  );

  // What reading this page found; a count's own reason joins them only while it holds.
  const pageIssues = issues.map((i) => i.message);
  const mounted = mountShadowHost(document, panelCss);
  const model = createPanelState({
    engineName: adapter.label,
    title,
    postsOnPage: page.posts.length,
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

  // Badge rows: one per post of this page, made when the game is tracked.
  const badgeHosts = new Map<string, BadgeHost>();
  let asOfPost: number | undefined;
  const drawBadges = (count: VoteCountView, t: Translator): void => {
    const verdicts = new Map<string, PostVerdictView>(count.posts.map((v) => [v.postId, v]));
    for (const post of page.posts) {
      const element = located.elements.get(post.id);
      if (element === undefined) continue;
      let target = badgeHosts.get(post.id);
      if (target === undefined) {
        target = mountBadgeHost(document, element, badgeCss);
        badgeHosts.set(post.id, target);
      }
      renderBadgeRow(target, {
        number: post.number,
        verdict: verdicts.get(post.id),
        selected: count.chosenAsOf && count.asOfPost === post.number,
        onCountAsOf: (n) => void refresh(n),
        t,
      });
    }
  };

  const refresh = async (asOf?: number): Promise<void> => {
    if (threadId === null) return;
    asOfPost = asOf;
    update({ busy: true, copy: { kind: 'idle' } });
    try {
      const { count, reason } = await request('thread/count', { origin, threadId, ...(asOf === undefined ? {} : { asOfPost: asOf }) });
      if (asOfPost !== asOf) return; // a later click asked for another post
      update({ count, busy: false, issues: reason === null ? pageIssues : [...new Set([...pageIssues, reason])] });
      if (count !== null) drawBadges(count, await words);
    } catch (e) {
      update({ busy: false, error: (await words)('panel_worker_silent', describeError(e)) });
    }
  };

  // While the worker reads the thread's other pages, say how far it is and count again when it is done.
  let watching = false;
  const watchCrawl = async (): Promise<void> => {
    if (threadId === null || watching) return;
    watching = true;
    let sawRunning = false;
    try {
      for (;;) {
        const status = await request('thread/crawl-status', { origin, threadId });
        const finished = status !== null && status.pageCount !== null && status.pagesDone >= status.pageCount;
        if (status === null || status.status !== 'running' || finished) {
          const failed = status?.status === 'failed' && status.error !== null ? (await words)('panel_crawl_failed', status.error) : null;
          update({ crawl: null, ...(failed === null ? {} : { error: failed }) });
          if (sawRunning) {
            // The pages it read change the count and what the panel says of the thread (posts and pages
            // stored): the count first, so the panel never says more was stored than it has counted.
            await refresh(asOfPost);
            const thread = await request('thread/get', { origin, threadId });
            if (thread !== null) update({ thread });
          }
          return;
        }
        sawRunning = true;
        update({ crawl: { page: status.pagesDone + 1, pages: status.pageCount } });
        await new Promise((resolve) => setTimeout(resolve, 800));
      }
    } catch (e) {
      update({ crawl: null });
      console.error('Gavel: crawl status unavailable:', e);
    } finally {
      watching = false;
    }
  };

  const copyVoteCount = async (): Promise<void> => {
    const count = model.value.count;
    if (count === null) return;
    const text = count.voteCountPost.text;
    const t = await words;
    const what = t('panel_copied_what', count.day, count.asOfPost);
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
              void refresh().then(watchCrawl);
            },
            (e: unknown) => update({ busy: false, error: describeError(e) }),
          );
        },
        latest: () => void refresh(),
        copyVoteCount: () => void copyVoteCount(),
        showPost: (postId) => {
          const element = located.elements.get(postId);
          if (element === undefined) return false;
          (badgeHosts.get(postId)?.host ?? element).scrollIntoView({ block: 'start', behavior: 'smooth' });
          return true;
        },
      },
    }),
    mounted.container,
  );
  performance.measure('gavel:parse-and-render', 'gavel:start');

  if (threadId === null) {
    const t = await words;
    update({ t, error: t('panel_no_thread_id') });
    return;
  }
  const report: PageReport = {
    thread: { origin, threadId, title },
    engine: located.engine,
    url: url.href,
    pageNumber: page.currentPage,
    pageCount: page.pageCount ?? page.currentPage,
    contentHash: hashPosts(page.posts),
    posts: page.posts,
  };
  try {
    const reading = request('thread/page-read', report);
    update({ t: await words });
    const saved = await reading;
    update({ thread: saved.thread });
    if (saved.thread.tracked) {
      await refresh();
      await watchCrawl();
    } else removeBadgeHosts(document);
  } catch (e) {
    update({ error: (await words)('panel_worker_silent', describeError(e)) });
  }
}

main().catch((e: unknown) => {
  console.error('Gavel could not read this page:', e);
});
