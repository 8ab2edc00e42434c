/**
 * The Settings panel and the deadline line as a host uses them, with the
 * popup's store talking to the worker's real settings and deadline handlers
 * over an in-memory database.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { byTestId } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { gameOnThread } from './deadline-thread';
import { deadlineHandlers } from '../../extension/background/deadlines';
import { settingsHandlers } from '../../extension/background/handlers/settings';
import { DeadlineLine } from '../../extension/popup/components/deadline-line';
import { SettingsPanel } from '../../extension/popup/components/settings-panel';
import type { Connector } from '../../extension/popup/connector';
import { createPopupStore, StoreContext, type PopupStore } from '../../extension/popup/store';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { MessageType, RequestOf, ResponseOf } from '../../extension/shared/protocol';
import { getSettings, setSettings } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';

const freshDb = freshDatabases('gavel-popup-settings');
const settle = () => new Promise((r) => setTimeout(r, 0));
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

function connectorOver(db: GavelDatabase, now: number): { connector: Connector; sent: string[] } {
  const handlers = {
    ...settingsHandlers(() => db),
    ...deadlineHandlers(
      () => db,
      () => now,
    ),
  };
  const sent: string[] = [];
  const connector: Connector = {
    request: <T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> => {
      sent.push(type);
      const handler = (handlers as Partial<Record<MessageType, (p: unknown, c: HandlerContext) => Promise<unknown>>>)[type];
      if (handler === undefined) return Promise.reject(new Error(`${type} is not part of this test`));
      return handler(payload, page) as Promise<ResponseOf<T>>;
    },
    activeTabUrl: () => Promise.resolve(null),
    requestOrigin: () => Promise.resolve(false),
    openDashboard: () => Promise.resolve(),
    download: () => Promise.resolve(),
    uiLanguage: () => 'en-US',
  };
  return { connector, sent };
}

let host: HTMLElement | undefined;
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
});

async function mount(
  db: GavelDatabase,
  what: (store: PopupStore) => preact.JSX.Element,
  now = Date.UTC(2026, 10, 23, 12),
): Promise<{ root: HTMLElement; store: PopupStore; sent: string[] }> {
  const { connector, sent } = connectorOver(db, now);
  const store = createPopupStore(connector);
  (store.settings as { value: unknown }).value = await connector.request('settings/get', {});
  host = document.createElement('div');
  document.body.append(host);
  render(<StoreContext.Provider value={store}>{what(store)}</StoreContext.Provider>, host);
  await settle();
  return { root: host, store, sent };
}

/** The host types into a field and leaves it; the panel renders again before the next step. */
async function type(input: HTMLInputElement, value: string): Promise<void> {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await settle();
}

describe('the Settings panel', () => {
  it('shows the default grammar, and saves "lynch" as a vote word', async () => {
    const db = freshDb();
    const { root } = await mount(db, () => <SettingsPanel />);
    const keywords = byTestId<HTMLInputElement>(root, 'settings-vote-keywords');
    expect(keywords.value).toBe('vote');
    expect(byTestId<HTMLInputElement>(root, 'settings-unvote-keywords').value).toBe('unvote');
    expect(byTestId<HTMLSelectElement>(root, 'settings-colon').value).toBe('optional');
    expect(byTestId<HTMLInputElement>(root, 'settings-abbreviations').checked).toBe(false);
    expect(root.textContent).toContain('Default: “no lynch”, “no elimination”, “no execution”, “nl”, “pass” and “sleep”');

    await type(keywords, 'vote, lynch');
    byTestId<HTMLInputElement>(root, 'settings-unbolded-unvotes').click();
    await settle();
    byTestId(root, 'settings-grammar-save').click();
    // Only what the host changed is stored.
    await expect.poll(async () => (await getSettings(db)).voteGrammar).toEqual({ voteKeywords: ['vote', 'lynch'], unboldedUnvotes: true });
    await settle();
    expect(byTestId(root, 'settings-grammar-saved').textContent).toContain('Saved');

    byTestId(root, 'settings-grammar-reset').click();
    await expect.poll(async () => (await getSettings(db)).voteGrammar).toEqual({});
    await settle();
    expect(byTestId<HTMLInputElement>(root, 'settings-vote-keywords').value).toBe('vote');
  });

  it("turns off the readings some hosts refuse: a vote after a lead, a swapped keyword, a doublevoter's single-vote note", async () => {
    const db = freshDb();
    const { root } = await mount(db, () => <SettingsPanel />);
    // On by default, as the rules' grammar has them; the line-start rule is off.
    expect(byTestId<HTMLInputElement>(root, 'settings-keyword-after-lead').checked).toBe(true);
    expect(byTestId<HTMLInputElement>(root, 'settings-keyword-typos').checked).toBe(true);
    expect(byTestId<HTMLInputElement>(root, 'settings-single-vote-notes').checked).toBe(true);
    expect(byTestId<HTMLInputElement>(root, 'settings-line-start').checked).toBe(false);
    byTestId<HTMLInputElement>(root, 'settings-keyword-after-lead').click();
    byTestId<HTMLInputElement>(root, 'settings-keyword-typos').click();
    byTestId<HTMLInputElement>(root, 'settings-line-start').click();
    await settle();
    byTestId(root, 'settings-grammar-save').click();
    await expect
      .poll(async () => (await getSettings(db)).voteGrammar)
      .toEqual({ keywordAfterLead: false, keywordTypos: false, lineStart: true });
  });

  it('says what is wrong next to the field and saves nothing', async () => {
    const db = freshDb();
    const { root, sent } = await mount(db, () => <SettingsPanel />);
    await type(byTestId<HTMLInputElement>(root, 'settings-no-lynch-words'), ' , ');
    byTestId(root, 'settings-grammar-save').click();
    await settle();
    expect(byTestId(root, 'settings-problem-noLynchWords').textContent).toBe('give at least one word, or restore the defaults');
    expect(sent).not.toContain('settings/set');

    // The worker's own check: a word that both votes and unvotes.
    await type(byTestId<HTMLInputElement>(root, 'settings-no-lynch-words'), 'no lynch');
    await type(byTestId<HTMLInputElement>(root, 'settings-vote-keywords'), 'vote, unvote');
    byTestId(root, 'settings-grammar-save').click();
    await expect
      .poll(() => root.querySelector('[data-testid="settings-problem-unvoteKeywords"]')?.textContent)
      .toBe('“unvote” cannot both cast and withdraw a vote');
    expect(byTestId(root, 'settings-problem-unvoteKeywords').textContent).toBe('“unvote” cannot both cast and withdraw a vote');
    expect((await getSettings(db)).voteGrammar).toEqual({});
  });

  it('keeps reminders, the badge and the language', async () => {
    const db = freshDb();
    const { root } = await mount(db, () => <SettingsPanel />);
    const reminders = byTestId<HTMLInputElement>(root, 'settings-reminders');
    expect(reminders.value).toBe('60');
    await type(reminders, '60, soon');
    await settle();
    expect(byTestId(root, 'settings-problem-reminders').textContent).toBe('"soon" is not a whole number of minutes');
    await type(reminders, '20000');
    await settle();
    await settle();
    expect(byTestId(root, 'settings-problem-reminders').textContent).toBe('20000 is not a whole number of minutes from 0 to 10,080');
    await type(reminders, '15, 120, 0');
    await settle();
    await settle();
    expect(root.querySelector('[data-testid="settings-problem-reminders"]')).toBeNull();
    expect((await getSettings(db)).reminders).toEqual([120, 15, 0]);

    const badge = byTestId<HTMLSelectElement>(root, 'settings-badge');
    badge.value = 'deadline';
    badge.dispatchEvent(new Event('change', { bubbles: true }));
    const language = byTestId<HTMLSelectElement>(root, 'settings-language');
    expect([...language.options].map((o) => o.textContent)).toEqual(['Automatic (browser language)', 'English', 'Русский']);
    language.value = 'ru';
    language.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    await settle();
    const saved = await getSettings(db);
    expect([saved.badge, saved.language]).toEqual(['deadline', 'ru']);
    // The panel speaks the language chosen.
    await expect.poll(() => root.querySelector('#settings-heading')?.textContent).toBe('Настройки');
    expect(byTestId(root, 'settings-grammar-save').textContent).toBe('Сохранить правила голосования');
  });
});

describe('the deadline line', () => {
  it("says when the open game's day ends, on the game's clock", async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    const now = Date.parse('2026-11-23T13:48:00Z');
    const { root } = await mount(db, () => <DeadlineLine game={game} now={() => now} />, now);
    await expect
      .poll(() => root.querySelector('[data-testid="game-deadline"]')?.textContent)
      .toBe('Day 1 ends Mon 23 Nov, 19:00 (Asia/Jerusalem), in 3 h 12 min');
  });

  it('speaks Russian when the host chose it', async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    await setSettings(db, { language: 'ru' });
    const now = Date.parse('2026-11-23T13:48:00Z');
    const { root } = await mount(db, () => <DeadlineLine game={game} now={() => now} />, now);
    await expect
      .poll(() => root.querySelector('[data-testid="game-deadline"]')?.textContent)
      .toMatch(/^День 1 заканчивается .*19:00 \(Asia\/Jerusalem\), через 3 ч 12 мин$/u);
  });

  it('shows nothing when no deadline is known', async () => {
    const db = freshDb();
    const game = await gameOnThread(db, { clock: null });
    const { root, sent } = await mount(db, () => <DeadlineLine game={game} />);
    await expect.poll(() => sent).toContain('game/deadline');
    await settle();
    expect(root.querySelector('[data-testid="game-deadline"]')).toBeNull();
  });
});
