/**
 * The breach ledger part of the popup's store: the open game's ledger (per
 * player, each breach, pardoned or not, and the standing it leaves), pardoning
 * a breach with a note, taking a pardon back, and opening a breach's post.
 * Created inside `createPopupStore` next to the night store.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { Translator } from '../shared/i18n';
import type { BreachLedgerView } from '../shared/protocol';
import type { Connector } from './connector';
import { createWork } from './work';

export interface BreachesStore {
  /** The open game's ledger (null before it is loaded). */
  readonly ledger: ReadonlySignal<BreachLedgerView | null>;
  readonly problem: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  load(gameId: string): Promise<void>;
  /** Pardons a breach; false (with the reason in `problem`) when the worker refused. */
  pardon(breachId: string, note: string): Promise<boolean>;
  unpardon(breachId: string): Promise<void>;
  /** Opens a breach's post in a new tab (web addresses only). */
  openPost(url: string): Promise<void>;
}

/** Only web pages are opened from the ledger: a permalink is page-derived. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createBreachesStore(connector: Connector, t: ReadonlySignal<Translator>): BreachesStore {
  const ledger = signal<BreachLedgerView | null>(null);
  const { busy, problem, run } = createWork(t);
  const gameId = (): string => {
    const view = ledger.value;
    if (view === null) throw new Error(t.value('popup_breach_no_ledger'));
    return view.gameId;
  };

  return {
    ledger,
    problem,
    busy,
    async load(id) {
      if (ledger.value?.gameId !== id) ledger.value = null;
      await run(async () => {
        ledger.value = await connector.request('breach/ledger', { gameId: id });
      });
    },
    pardon(breachId, note) {
      return run(async () => {
        if (note.trim() === '') throw new Error(t.value('popup_breach_note_needed'));
        ledger.value = await connector.request('breach/pardon', { gameId: gameId(), breachId, note });
      });
    },
    async unpardon(breachId) {
      await run(async () => {
        ledger.value = await connector.request('breach/unpardon', { gameId: gameId(), breachId });
      });
    },
    async openPost(url) {
      await run(async () => {
        if (!isWebAddress(url)) throw new Error(t.value('popup_web_pages_only', url));
        if (connector.openTab === undefined) throw new Error(t.value('popup_no_tabs_here'));
        await connector.openTab(url);
      });
    },
  };
}
