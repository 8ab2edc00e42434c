/**
 * The content script: detect the forum engine, read this page's posts, hand
 * them to the worker (the single writer), and show the panel with the count
 * of every post stored so far. No game logic lives here, and it never opens
 * IndexedDB (that would be the forum's database).
 */
import { h, render } from 'preact';
import browser from 'webextension-polyfill';
import { detectEngine, forumAdapters } from '../../src/parsers';
import { sendRequest } from '../shared/messaging';
import { describeError } from '../shared/errors';
import type { Envelope, MessageType, PageReport, RequestOf, ResponseOf } from '../shared/protocol';
import { mountShadowHost } from './mount';
import { createPanelState, Panel, type PanelModel } from './panel';
import panelCss from './panel.css?inline';
import { hashPosts } from './page-hash';

function request<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  return sendRequest((envelope: Envelope<T>) => browser.runtime.sendMessage(envelope), type, payload);
}

async function main(): Promise<void> {
  const url = new URL(location.href);
  const detection = detectEngine(document, url);
  if (!detection.supported) return; // not a thread page of a forum Gavel reads: add nothing
  const adapter = forumAdapters[detection.engine];
  const { data: page, issues } = adapter.parseThreadPage(document, url, { now: Date.now() });
  const threadId = page.threadId;
  const title = page.title ?? document.title;

  const mounted = mountShadowHost(document, panelCss);
  const model = createPanelState({
    engineName: adapter.label,
    title,
    postsOnPage: page.posts.length,
    thread: null,
    count: null,
    issues: issues.map((i) => i.message),
    error: null,
  });
  const update = (patch: Partial<PanelModel>): void => {
    model.value = { ...model.value, ...patch };
  };
  const origin = url.origin;
  render(
    h(Panel, {
      model,
      actions: {
        track: () => {
          if (threadId === null) return;
          request('thread/track', { origin, threadId }).then(
            (thread) => update({ thread }),
            (e: unknown) => update({ error: describeError(e) }),
          );
        },
      },
    }),
    mounted.container,
  );

  if (threadId === null) {
    update({ error: 'Gavel could not find this thread\'s id on the page, so it cannot store or count it.' });
    return;
  }
  const report: PageReport = {
    thread: { origin, threadId, title },
    engine: detection.engine,
    url: url.href,
    pageNumber: page.currentPage,
    pageCount: page.pageCount ?? page.currentPage,
    contentHash: hashPosts(page.posts),
    posts: page.posts,
  };
  try {
    const saved = await request('thread/page-read', report);
    update({ thread: saved.thread });
    const { count, reason } = await request('thread/count', { origin, threadId });
    update({ count, ...(reason === null ? {} : { issues: [...model.value.issues, reason] }) });
  } catch (e) {
    update({ error: `Gavel's worker did not answer: ${describeError(e)}` });
  }
}

main().catch((e: unknown) => {
  console.error('Gavel could not read this page:', e);
});
