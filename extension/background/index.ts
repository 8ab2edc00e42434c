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
import { crawlHandlers, crawlStatus } from './handlers/crawl';
import { createThreadEvents } from './handlers/events';
import { dayHandlers } from './handlers/day';
import { forumHandlers } from './handlers/forums';
import { gameHandlers } from './handlers/games';
import { nightHandlers } from './handlers/night';
import { settingsHandlers } from './handlers/settings';
import { threadHandlers } from './handlers/thread';
import { uiHandlers } from './handlers/ui';
import { CRAWL_ALARM, createWorkerCrawler } from './crawl-runtime';
import { afterHandled, BADGE_TICK_ALARM, createDeadlineReminders, deadlineHandlers } from './deadlines';
import { contentScriptFile } from '../shared/content-script-file';
import { broadcastSettingsChanged } from './settings-broadcast';
import { createSyncManager, SYNC_ALARM } from './sync';

let database: GavelDatabase | undefined;
const db = (): GavelDatabase => (database ??= openDatabase());
const now = (): number => Date.now();
// The forum tabs watching a thread (over a port, their own site's threads only) are told when it changes: no polling.
const events = createThreadEvents({ extensionId: browser.runtime.id, extensionOrigin: browser.runtime.getURL('') });
browser.runtime.onConnect.addListener((port) => events.connect(port));
const { crawler, badges } = createWorkerCrawler(db, now, (row) => {
  const threadId = row.threadKey.slice(row.origin.length + 1);
  void crawlStatus(db(), row)
    .then((status) => events.threadChanged(row.origin, threadId, 'crawl', status))
    .catch((e: unknown) => console.error('Gavel: thread tabs not told of the crawl:', e));
});
const reminders = createDeadlineReminders({
  db,
  now,
  uiLanguage: () => browser.i18n.getUILanguage(),
  browser: {
    getAlarms: () => browser.alarms.getAll(),
    createAlarm: (name, info) => Promise.resolve(browser.alarms.create(name, info)),
    clearAlarm: (name) => browser.alarms.clear(name),
    notify: async (id, { title, message }) => {
      await browser.notifications.create(id, { type: 'basic', iconUrl: browser.runtime.getURL('icons/gavel-128.png'), title, message });
    },
  },
});
const planReminders = (): void => void reminders.plan().catch((e: unknown) => console.error('Gavel: deadline reminders not planned:', e));
// The minute's tick runs only while a tab's badge counts down to a deadline.
badges.watch((showing) => void reminders.badgeTick(showing).catch((e: unknown) => console.error('Gavel: badge tick:', e)));

// Shared games (issue 20): a provider per game, opened on every start of the worker and on the alarm.
const sync = createSyncManager({ db, now });
// While a game is shared, the worker wakes every minute (if the browser stopped it) and opens the connections again;
// with none shared, no alarm: a local-only Gavel runs exactly as before.
const resumeSync = (): void =>
  void sync
    .resume()
    .then(async (shared) => {
      if (shared > 0) await browser.alarms.create(SYNC_ALARM, { periodInMinutes: 1 });
      else await browser.alarms.clear(SYNC_ALARM);
    })
    .catch((e: unknown) => console.error('Gavel: shared games not connected:', e));

const handlers: Handlers = sync.guard({
  'worker/ping': () => Promise.resolve({ pong: true, version: browser.runtime.getManifest().version }),
  ...threadHandlers(db, now, () => browser.i18n.getUILanguage()),
  ...crawlHandlers(threadHandlers(db, now), { db, crawler, badges, events }),
  // A setting changed (the language among them): every open page and forum tab shows it at once, no reload.
  ...settingsHandlers(db, () => {
    void broadcastSettingsChanged({
      sendToPages: (message) => browser.runtime.sendMessage(message),
      tabIds: async () => (await browser.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [tab.id])),
      sendToTab: (tabId, message) => browser.tabs.sendMessage(tabId, message),
    });
  }),
  ...uiHandlers(db, () => browser.i18n.getUILanguage()),
  ...gameHandlers(db, now, () => crypto.randomUUID()),
  ...nightHandlers(db, now, () => crypto.getRandomValues(new Uint32Array(1))[0] ?? 0),
  ...breachHandlers(db, now),
  ...deadlineHandlers(db, now),
  ...dayHandlers(db, now),
  ...forumHandlers(
    db,
    {
      hasOrigin: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      registeredMatches: async (id) => (await browser.scripting.getRegisteredContentScripts({ ids: [id] }))[0]?.matches ?? null,
      registerContentScript: (id, matches) =>
        browser.scripting.registerContentScripts([
          { id, matches: [...matches], js: [contentScriptFile], runAt: 'document_idle', persistAcrossSessions: true },
        ]),
    },
    now,
  ),
  ...sync.handlers(),
} satisfies Handlers);

// A game saved or played on, a host's post read, the settings changed: the reminders and the badges follow.
const changesDeadlines = [
  'game/create',
  'game/update',
  'game/event',
  'game/import',
  'game/delete',
  'night/apply',
  'day/end',
  'phases/catch-up-apply',
  'thread/page-read',
  'settings/set',
] as const;
const afterChange = (type: string): void => {
  planReminders();
  if (type !== 'thread/page-read') void badges.refreshAll().catch((e: unknown) => console.error('Gavel: badges not refreshed:', e));
};
const sharing = ['sync/share', 'sync/join', 'sync/stop'] as const;
const listener = createMessageHandler(afterHandled(afterHandled(handlers, changesDeadlines, afterChange), sharing, resumeSync), {
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
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === SYNC_ALARM) resumeSync();
  });
  resumeSync();
  if (alarm.name === BADGE_TICK_ALARM) {
    void badges
      .refreshAll()
      .then(() => reminders.badgeTick(badges.showingCountdown()))
      .catch((e: unknown) => console.error('Gavel: badges not refreshed:', e));
  }
  void reminders.onAlarm(alarm.name).catch((e: unknown) => console.error('Gavel: deadline reminder:', e));
});
resumeCrawls();
// Reminders are planned again on every start of the worker and of the browser.
browser.runtime.onStartup.addListener(planReminders);
planReminders();

// A custom forum's script registered by an earlier build may name another file (the module loader
// Gavel used to register): after an update each one is pointed at this build's content script.
browser.runtime.onInstalled.addListener(() => {
  void browser.scripting
    .getRegisteredContentScripts()
    .then((scripts) => {
      const stale = scripts.filter((s) => s.js?.length !== 1 || s.js[0] !== contentScriptFile);
      return stale.length === 0
        ? undefined
        : browser.scripting.updateContentScripts(stale.map((s) => ({ id: s.id, js: [contentScriptFile] })));
    })
    .catch((e: unknown) => console.error('Gavel: custom forums’ scripts not updated:', e));
});
