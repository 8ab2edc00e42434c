/**
 * The worker's side of page parsing: directly where the background has a
 * `DOMParser` (Firefox's event page), otherwise in the offscreen document
 * (Chromium's service worker has no DOM). Uses `chrome.offscreen`, which the
 * polyfill does not cover, through the small typed surface below.
 */
import browser from 'webextension-polyfill';
import type { CrawlParse } from '../background/crawl';
import { sendOffscreenRequest } from '../shared/messaging';
import { parseFetchedPage } from './parse-page';

interface OffscreenApi {
  createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
  hasDocument?: () => Promise<boolean>;
}

const OFFSCREEN_PATH = 'extension/offscreen/index.html';

function offscreenApi(): OffscreenApi | undefined {
  return (globalThis as { chrome?: { offscreen?: OffscreenApi } }).chrome?.offscreen;
}

export function createPageParser(): (html: string, url: string) => Promise<CrawlParse> {
  // The document's creation, shared by the pages parsed at once; not state to keep: a new worker asks again.
  let ready: Promise<void> | undefined;
  const ensureDocument = async (api: OffscreenApi): Promise<void> => {
    if (api.hasDocument !== undefined && (await api.hasDocument())) return;
    try {
      await api.createDocument({
        url: OFFSCREEN_PATH,
        reasons: ['DOM_PARSER'],
        justification: 'Read the posts of the thread pages Gavel fetches.',
      });
    } catch (error) {
      // Another call created it first: one offscreen document per extension.
      if (!(error instanceof Error && /single offscreen|already/i.test(error.message))) throw error;
    }
  };
  return async (html, url) => {
    if (typeof DOMParser !== 'undefined') return parseFetchedPage(html, url, Date.now());
    const api = offscreenApi();
    if (api === undefined) throw new Error('this browser has neither a DOMParser in the background nor chrome.offscreen');
    ready ??= ensureDocument(api).finally(() => {
      ready = undefined;
    });
    await ready;
    return sendOffscreenRequest((envelope) => browser.runtime.sendMessage(envelope), 'offscreen/parse', { html, url, now: Date.now() });
  };
}
