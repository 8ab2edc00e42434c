/**
 * The service worker: wiring only. Every listener is registered synchronously
 * at the top level, because the browser may stop the worker at any moment and
 * wakes it only for listeners registered on start. It holds no state of its
 * own: everything is in IndexedDB.
 */
import browser from 'webextension-polyfill';
import { createMessageHandler, type Handlers } from '../shared/messaging';
import { openDatabase, type GavelDatabase } from '../storage/schema';
import { forumHandlers } from './handlers/forums';
import { settingsHandlers } from './handlers/settings';
import { threadHandlers } from './handlers/thread';

let database: GavelDatabase | undefined;
const db = (): GavelDatabase => (database ??= openDatabase());
const now = (): number => Date.now();

/** The built content script's file, as the built manifest names it. */
function contentScriptFiles(): string[] {
  const scripts = browser.runtime.getManifest().content_scripts ?? [];
  return scripts.flatMap((s) => s.js ?? []);
}

const handlers: Handlers = {
  'worker/ping': () => Promise.resolve({ pong: true, version: browser.runtime.getManifest().version }),
  ...threadHandlers(db, now),
  ...settingsHandlers(db),
  ...forumHandlers(
    db,
    {
      hasOrigin: (pattern) => browser.permissions.contains({ origins: [pattern] }),
      isRegistered: async (id) => (await browser.scripting.getRegisteredContentScripts({ ids: [id] })).length > 0,
      registerContentScript: (id, matches) =>
        browser.scripting.registerContentScripts([{ id, matches: [...matches], js: contentScriptFiles(), runAt: 'document_idle', persistAcrossSessions: true }]),
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
