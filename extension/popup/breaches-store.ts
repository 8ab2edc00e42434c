/**
 * The breach ledger part of the popup's store: the open game's ledger (per
 * player, each breach, pardoned or not, and the standing it leaves), pardoning
 * a breach with a note, or several chosen together (all of a player, a kind,
 * a day) with one note, taking a pardon back, changing the game's breach
 * rules, and opening a breach's post.
 * Created inside `createPopupStore` next to the night store.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { BreachRules } from '../../src/engine';
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
  /** The breaches chosen for one pardon (ids). */
  readonly chosen: ReadonlySignal<ReadonlySet<string>>;
  /** Adds the breaches to the choice, or takes them out when all of them are in it already. */
  toggle(breachIds: readonly string[]): void;
  clearChoice(): void;
  /** Pardons every chosen breach with one note; false (with the reason in `problem`) when the worker refused. */
  pardonChosen(note: string): Promise<boolean>;
  /** Sets the game's breach rules (null: back to its ruleset's); false when the worker refused them. */
  setRules(rules: BreachRules | null): Promise<boolean>;
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
  const chosen = signal<ReadonlySet<string>>(new Set());
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
    chosen,
    toggle(ids) {
      const next = new Set(chosen.value);
      const all = ids.length > 0 && ids.every((id) => next.has(id));
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      chosen.value = next;
    },
    clearChoice() {
      chosen.value = new Set();
    },
    pardonChosen(note) {
      return run(async () => {
        if (note.trim() === '') throw new Error(t.value('popup_breach_note_needed'));
        const breachIds = [...chosen.value];
        if (breachIds.length === 0) throw new Error(t.value('popup_pardon_none_chosen'));
        ledger.value = await connector.request('breach/pardon-many', { gameId: gameId(), breachIds, note });
        chosen.value = new Set();
      });
    },
    setRules(rules) {
      return run(async () => {
        ledger.value = await connector.request('breach/rules', { gameId: gameId(), rules });
        // The breaches under other rules are other breaches: a choice made under the old ones is dropped.
        chosen.value = new Set();
      });
    },
    async load(id) {
      if (ledger.value?.gameId !== id) {
        ledger.value = null;
        chosen.value = new Set();
      }
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
