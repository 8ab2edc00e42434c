/**
 * The only popup file that talks to the browser runtime: typed requests to the
 * worker, the active tab's address, and the optional host permission prompt.
 * Components and the store get a Connector and never see `browser`.
 */
import browser from 'webextension-polyfill';
import { sendRequest } from '../shared/messaging';
import { isWorkerEvent, type Envelope, type MessageType, type RequestOf, type ResponseOf } from '../shared/protocol';

export interface Connector {
  request<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>>;
  /** The web address of the tab the popup was opened over (null in a full tab or on a browser page). */
  activeTabUrl(): Promise<string | null>;
  /** Asks the user to let Gavel read this origin; true when granted. */
  requestOrigin(origin: string): Promise<boolean>;
  /** Opens the same app in a full tab (the dashboard). */
  openDashboard(): Promise<void>;
  /** Saves text as a file in the browser's downloads (a blob URL from the extension page). */
  download(fileName: string, text: string): Promise<void>;
  /** Puts text on the clipboard (absent where there is no clipboard to write to). */
  copy?(text: string): Promise<void>;
  /** Opens a web address (http or https only) in a new tab. */
  openTab?(url: string): Promise<void>;
  /** The browser's UI language (`en-US`, `ru`): Gavel speaks it when the language setting is automatic. */
  uiLanguage(): string;
  /**
   * Calls `listener` whenever the worker says the host changed a setting (in this page or any other), so
   * an open page follows a new language at once. Returns the way to stop listening.
   */
  onSettingsChanged?(listener: () => void): () => void;
}

export function createConnector(): Connector {
  const transport = <T extends MessageType>(envelope: Envelope<T>): Promise<unknown> => browser.runtime.sendMessage(envelope);
  return {
    request: (type, payload) => sendRequest(transport, type, payload),
    activeTabUrl: async () => {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      const url = tab?.url;
      return url !== undefined && /^https?:/.test(url) ? url : null;
    },
    requestOrigin: (origin) => browser.permissions.request({ origins: [`${origin}/*`] }),
    openDashboard: async () => {
      await browser.tabs.create({ url: browser.runtime.getURL('extension/popup/index.html?view=dashboard') });
    },
    download: async (fileName, text) => {
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has its own copy once it starts; give it a moment before the URL goes.
      await new Promise((done) => setTimeout(done, 1000));
      URL.revokeObjectURL(url);
    },
    copy: (text) => navigator.clipboard.writeText(text),
    uiLanguage: () => browser.i18n.getUILanguage(),
    onSettingsChanged: (listener) => {
      const heard = (message: unknown, sender: browser.Runtime.MessageSender): undefined => {
        // Only Gavel's own worker or pages tell of it; nothing is answered (the worker answers requests).
        if (sender.id === browser.runtime.id && isWorkerEvent(message) && message.event === 'settings/changed') listener();
        return undefined;
      };
      browser.runtime.onMessage.addListener(heard);
      return () => browser.runtime.onMessage.removeListener(heard);
    },
    openTab: async (url) => {
      if (!/^https?:\/\//iu.test(url)) throw new Error(`Gavel opens only web pages, not ${url}`);
      await browser.tabs.create({ url });
    },
  };
}
