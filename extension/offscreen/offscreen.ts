/**
 * The offscreen document (reason DOM_PARSER): the service worker sends it the
 * HTML of each thread page it fetches (`offscreen/parse` in the protocol), and
 * it answers with the parsed page, or with the error that stopped it. It
 * answers only the extension's own worker, never a content script.
 */
import browser from 'webextension-polyfill';
import { createOffscreenHandler } from '../shared/messaging';
import { parseFetchedPage } from './parse-page';

const listener = createOffscreenHandler(
  { 'offscreen/parse': ({ html, url, now }) => Promise.resolve(parseFetchedPage(html, url, now)) },
  { extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('') },
);

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => listener(message, sender));
