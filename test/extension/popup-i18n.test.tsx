/**
 * The popup in the host's language: Russian when the setting says so (or the
 * browser speaks Russian and the setting is automatic), English otherwise,
 * and a changed setting redraws the popup in the other language.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, renderApp } from './popup-dom';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore, type PopupStore } from '../../extension/popup/store';
import type { MessageType, RequestOf, ResponseOf, Settings, UiLanguage } from '../../extension/shared/protocol';

const settle = () => new Promise((r) => setTimeout(r, 0));

function connector(language: UiLanguage, uiLanguage: string): Connector {
  let settings: Settings = { outputDialect: 'bbcode', language, voteGrammar: {}, reminders: [60], badge: 'votes' };
  return {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      if (type === 'settings/set') {
        settings = { ...settings, ...(payload as Partial<Settings>) };
        return Promise.resolve(settings as ResponseOf<T>);
      }
      const values: Partial<Record<MessageType, unknown>> = {
        'worker/ping': { pong: true, version: '0.1.0' },
        'thread/list': [
          {
            key: 'k',
            origin: 'https://forum.mafiascum.net',
            threadId: '7',
            title: 'Мини 2187',
            engine: 'phpbb',
            postCount: 21,
            pagesSeen: 2,
            tracked: true,
          },
        ],
        'settings/get': settings,
        'forums/list': [],
        'game/list': [
          {
            id: 'g1',
            title: 'Мини 2187',
            threadKey: 'k',
            rulesetName: 'Forum template (majority, lock, 50% rule)',
            rulesetNames: { ru: 'Форумный шаблон (большинство, фиксация, правило 50%)' },
            players: 9,
            alive: 7,
            phase: { kind: 'night', number: 2 },
            updatedAt: 1,
          },
        ],
      };
      return Promise.resolve(values[type] as ResponseOf<T>);
    },
    activeTabUrl: () => Promise.resolve('https://forum.example.org/t/1'),
    uiLanguage: () => uiLanguage,
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

async function mount(language: UiLanguage, uiLanguage = 'en-US'): Promise<{ store: PopupStore; root: HTMLElement }> {
  const store = createPopupStore(connector(language, uiLanguage));
  host = renderApp(store);
  await store.load();
  await settle();
  return { store, root: host };
}

const heading = (root: HTMLElement, id: string): string | null | undefined => root.querySelector(`#${id}`)?.textContent;

describe("the popup in the host's language", () => {
  it('speaks Russian when the setting is Russian', async () => {
    const { root } = await mount('ru');
    expect(byTestId(root, 'popup-root').getAttribute('lang')).toBe('ru');
    expect(heading(root, 'games-heading')).toBe('Игры');
    expect(byTestId(root, 'new-game').textContent).toBe('Новая игра');
    expect(heading(root, 'threads-heading')).toBe('Темы');
    expect(heading(root, 'forums-heading')).toBe('Форумы');
    // The ruleset by its Russian name too (issue 16: it was the English one).
    expect(byTestId(root, 'game-list').textContent).toBe(
      'Мини 2187Форумный шаблон (большинство, фиксация, правило 50%) · в живых 7 из 9 · Ночь 2',
    );
    expect(byTestId(root, 'thread-list').textContent).toContain('forum.mafiascum.net (phpBB) · 21 пост на 2 страницах · отслеживается');
    expect(byTestId(root, 'enable-forum').textContent).toBe('Запускать Gavel на forum.example.org');
  });

  it('speaks English when the setting is English, whatever the browser speaks', async () => {
    const { root } = await mount('en', 'ru-RU');
    expect(heading(root, 'games-heading')).toBe('Games');
    expect(byTestId(root, 'new-game').textContent).toBe('New game');
    expect(byTestId(root, 'game-list').textContent).toBe('Мини 2187Forum template (majority, lock, 50% rule) · 7 of 9 alive · Night 2');
    expect(byTestId(root, 'thread-list').textContent).toContain('21 posts on 2 pages · tracked');
  });

  it('follows the browser when the setting is automatic', async () => {
    const russian = await mount('auto', 'ru');
    expect(heading(russian.root, 'games-heading')).toBe('Игры');
    render(null, russian.root);
    russian.root.remove();
    const english = await mount('auto', 'en-GB');
    expect(heading(english.root, 'games-heading')).toBe('Games');
  });

  it('redraws in the other language when the host changes the setting', async () => {
    const { root, store } = await mount('auto', 'en-US');
    expect(heading(root, 'games-heading')).toBe('Games');
    await store.setLanguage('ru');
    await settle();
    expect(heading(root, 'games-heading')).toBe('Игры');
    expect(byTestId(root, 'new-game').textContent).toBe('Новая игра');
    expect(store.t.value('common_day', 3)).toBe('День 3');
    await store.setLanguage('en');
    await settle();
    expect(heading(root, 'games-heading')).toBe('Games');
  });

  it('opens a new game form in Russian', async () => {
    const { root, store } = await mount('ru');
    await store.games.show({ page: 'new-game' });
    await settle();
    expect(heading(root, 'new-game-heading')).toBe('Новая игра');
    expect(byTestId(root, 'create-game').textContent).toBe('Создать игру');
    expect(byTestId<HTMLSelectElement>(root, 'new-game-thread').options[0]?.textContent).toBe('Мини 2187 — forum.mafiascum.net (phpBB)');
  });
});
