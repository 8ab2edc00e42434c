/**
 * The offscreen document (reason DOM_PARSER): the service worker sends it the
 * HTML of each thread page it fetches, and it answers with the parsed page.
 * It answers only the extension's own worker, never a content script.
 */
import browser from 'webextension-polyfill';
import { isOffscreenParseRequest, parseFetchedPage, type OffscreenParseRequest } from './parse-page';
import type { CrawlParse } from '../background/crawl';

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender): Promise<CrawlParse> | undefined => {
  if (!isOffscreenParseRequest(message)) return undefined;
  if (sender.id !== browser.runtime.id || sender.tab !== undefined) return undefined;
  const request: OffscreenParseRequest = message;
  return Promise.resolve().then(() => parseFetchedPage(request.html, request.url, request.now));
});
