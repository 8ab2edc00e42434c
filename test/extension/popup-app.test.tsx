/**
 * The popup's components rendered into a DOM with a store over a fake
 * connector: what a host sees, and that the controls call the store.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './popup-dom';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { MessageType, RequestOf, ResponseOf, Settings } from '../../extension/shared/protocol';

const settle = () => new Promise((r) => setTimeout(r, 0));

function connector(): Connector {
  let settings: Settings = { outputDialect: 'bbcode', language: 'auto', voteGrammar: {}, reminders: [60], badge: 'votes' };
  return {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      const values: Partial<Record<MessageType, unknown>> = {
        'worker/ping': { pong: true, version: '0.1.0' },
        'thread/list': [
          {
            key: 'k',
            origin: 'https://forum.mafiascum.net',
            threadId: '7',
            title: 'Mini 2187',
            engine: 'phpbb',
            postCount: 13,
            pagesSeen: 2,
            tracked: true,
          },
        ],
        'settings/get': settings,
        'forums/list': [],
        'game/list': [
          {
            id: 'g1',
            title: 'Mini 2187',
            threadKey: 'k',
            rulesetName: 'Forum template (majority, lock, 50% rule)',
            players: 9,
            alive: 7,
            phase: { kind: 'day', number: 2 },
            updatedAt: 1,
          },
        ],
      };
      if (type === 'settings/set') {
        settings = { ...settings, ...(payload as Partial<Settings>) };
        return Promise.resolve(settings as ResponseOf<T>);
      }
      return Promise.resolve(values[type] as ResponseOf<T>);
    },
    activeTabUrl: () => Promise.resolve('https://forum.example.org/t/1'),
    uiLanguage: () => 'en-US',
    requestOrigin: () => Promise.resolve(true),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
  };
}

let host: HTMLElement | undefined;
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
});

async function mount(): Promise<{ store: PopupStore; root: HTMLElement }> {
  const store = createPopupStore(connector());
  host = renderApp(store);
  await store.load();
  await settle();
  return { store, root: host };
}

describe('the popup', () => {
  it('lists the threads Gavel has read', async () => {
    const { root } = await mount();
    const list = root.querySelector('[data-testid="thread-list"]');
    expect(list?.textContent).toContain('Mini 2187');
    expect(list?.textContent).toContain('forum.mafiascum.net (phpBB) · 13 posts on 2 pages · tracked');
  });

  it("lists the host's games with where each stands", async () => {
    const { root } = await mount();
    expect(root.querySelector('[data-testid="game-list"]')?.textContent).toBe(
      'Mini 2187Forum template (majority, lock, 50% rule) · 7 of 9 alive · Day 2',
    );
  });

  it('offers to run Gavel on the forum of the active tab', async () => {
    const { root } = await mount();
    expect(root.querySelector('[data-testid="enable-forum"]')?.textContent).toBe('Run Gavel on forum.example.org');
  });

  it('changes the output dialect from the select', async () => {
    const { root, store } = await mount();
    const select = root.querySelector<HTMLSelectElement>('[data-testid="output-dialect"]');
    expect(select?.value).toBe('bbcode');
    if (select === null) return;
    select.value = 'markdown';
    select.dispatchEvent(new Event('change'));
    await settle();
    await settle();
    expect(store.settings.value?.outputDialect).toBe('markdown');
  });
});
