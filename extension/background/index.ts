/**
 * The service worker: wiring only. Every listener is registered synchronously
 * at the top level, because the browser may stop the worker at any moment and
 * wakes it only for listeners registered on start. It holds no state of its
 * own: everything is in IndexedDB.
 */
import browser from 'webextension-polyfill';
import { createMessageHandler, type Handlers } from '../shared/messaging';
import { openDatabase, type GavelDatabase } from '../storage/schema';
import { breachHandlers } from './handlers/breaches';
import { crawlHandlers } from './handlers/crawl';
import { dayHandlers } from './handlers/day';
import { forumHandlers } from './handlers/forums';
import { gameHandlers } from './handlers/games';
import { nightHandlers } from './handlers/night';
import { settingsHandlers } from './handlers/settings';
import { threadHandlers } from './handlers/thread';
import { CRAWL_ALARM, createWorkerCrawler } from './crawl-runtime';
// The built content script's file: registered on the forums a host enables beyond the built-in ones.
import contentScriptFile from '../content/content-script.ts?script';

let database: GavelDatabase | undefined;
const db = (): GavelDatabase => (database ??= openDatabase());
const now = (): number => Date.now();
const { crawler, badges } = createWorkerCrawler(db, now);


const handlers: Handlers = {
  'worker/ping': () => Promise.resolve({ pong: true, version: browser.runtime.getManifest().version }),
  ...threadHandlers(db, now),
  ...crawlHandlers(threadHandlers(db, now), { db, crawler, badges }),
  ...settingsHandlers(db),
  ...gameHandlers(db, now, () => crypto.randomUUID()),
  ...nightHandlers(db, now, () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0),
  ...breachHandlers(db, now),
  ...dayHandlers(db, now),
  ...forumHandlers(
    db,
    {
      hasOrigin: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      isRegistered: async (id) => (await browser.scripting.getRegisteredContentScripts({ ids: [id] })).length > 0,
      registerContentScript: (id, matches) =>
        browser.scripting.registerContentScripts([{ id, matches: [...matches], js: [contentScriptFile], runAt: 'document_idle', persistAcrossSessions: true }]),
    },
    now,
  ),
};

const listener = createMessageHandler(handlers, {
  extensionId: browser.runtime.id,
  extensionOrigin: browser.runtime.getURL(''),
  checkPlainJson: import.meta.env.DEV,
});

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => listener(message, sender));

// Crawls go on after the worker was stopped: on every start, on browser start-up, and on the alarm set while one runs.
const resumeCrawls = (): void => void crawler.resume().catch((e: unknown) => console.error('Gavel: crawls not resumed:', e));
browser.runtime.onStartup.addListener(resumeCrawls);
browser.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === CRAWL_ALARM) resumeCrawls();
});
resumeCrawls();
