/**
 * Telling every open page that the host changed a setting: the extension's
 * own pages (the popup, a dashboard tab) over `runtime.sendMessage`, and the
 * content script of each forum tab over `tabs.sendMessage`. The event carries
 * nothing: each receiver asks the worker for the settings (or its words), so
 * a stray event can do no more than make a page read them again.
 */
import type { WorkerEventEnvelope } from '../shared/protocol';

/** The part of the browser the broadcast uses. */
export interface BroadcastBrowser {
  sendToPages(message: unknown): Promise<unknown>;
  tabIds(): Promise<readonly number[]>;
  sendToTab(tabId: number, message: unknown): Promise<unknown>;
}

export const settingsChangedEvent: WorkerEventEnvelope<'settings/changed'> = { gavel: 1, event: 'settings/changed', payload: {} };

/** Sends the event everywhere; a page or tab with no one listening is no error. Resolves when all were tried. */
export async function broadcastSettingsChanged(browser: BroadcastBrowser): Promise<void> {
  const ignore = (): undefined => undefined;
  const sends: Promise<unknown>[] = [browser.sendToPages(settingsChangedEvent).catch(ignore)];
  const ids = await browser.tabIds().catch((): readonly number[] => []);
  for (const id of ids) sends.push(browser.sendToTab(id, settingsChangedEvent).catch(ignore));
  await Promise.all(sends);
}
