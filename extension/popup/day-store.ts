/**
 * The catch-up part of the popup's store: what the open game's thread says of
 * the phases the game has not recorded (a host who set Gavel up in the middle
 * of a game), and recording the host's confirmed answers. Created inside
 * `createPopupStore` next to the games store.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { CatchUpAnswer, CatchUpPlan } from '../../src/engine';
import { findError } from '../shared/errors';
import type { Translator } from '../shared/i18n';
import type { Connector } from './connector';
import type { GamesStore } from './games-store';
import { createWork } from './work';

export interface CatchUpStore {
  /** The open game's plan (null: the game is not behind its thread, or not loaded yet). */
  readonly plan: ReadonlySignal<(CatchUpPlan & { readonly gameId: string }) | null>;
  /** The plans the host set aside with "Not now" (`gameId:seen:phase`): shown again once the game or the thread moves on. */
  readonly dismissed: ReadonlySignal<ReadonlySet<string>>;
  readonly problem: ReadonlySignal<string | null>;
  /** Said when the game changed under the plan the host confirmed (another window): the plan shown is read again. */
  readonly changed: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  /** The game and log length the last reading was for (`gameId:events`), so "nothing to catch up" is known, not assumed while reading. */
  readonly readFor: ReadonlySignal<string | null>;
  load(gameId: string, events: number): Promise<void>;
  /** Records the answers: the past phases' deaths and ends go into the event log, and the game is on the thread's phase. */
  confirm(gameId: string, plan: CatchUpPlan, answers: readonly CatchUpAnswer[]): Promise<boolean>;
  dismiss(gameId: string, plan: CatchUpPlan): void;
}

/** The key "Not now" keeps a plan under. */
export function planKey(gameId: string, plan: CatchUpPlan): string {
  return `${gameId}:${plan.seen}:${plan.to.kind}-${plan.to.number}`;
}

export function createCatchUpStore(connector: Connector, games: GamesStore, t: ReadonlySignal<Translator>): CatchUpStore {
  const plan = signal<(CatchUpPlan & { readonly gameId: string }) | null>(null);
  const dismissed = signal<ReadonlySet<string>>(new Set());
  const { busy, problem, run } = createWork();
  const changedNotice = signal<string | null>(null);
  const readFor = signal<string | null>(null);
  return {
    plan,
    dismissed,
    problem,
    changed: changedNotice,
    readFor,
    busy,
    async load(gameId, events) {
      if (plan.value?.gameId !== gameId) plan.value = null;
      await run(async () => {
        const found = await connector.request('phases/catch-up', { gameId });
        plan.value = found === null ? null : { ...found, gameId };
        readFor.value = `${gameId}:${events}`;
      });
    },
    async confirm(gameId, shown, answers) {
      changedNotice.value = null;
      let changed = false;
      const done = await run(async () => {
        try {
          await connector.request('phases/catch-up-apply', { gameId, seen: shown.seen, to: shown.to, answers });
        } catch (e) {
          if (findError(e, 'game/changed') === null) throw e;
          changed = true;
        }
        if (!changed) plan.value = null;
        // The game as it stands now: caught up, or moved on in another window (its plan is read again).
        await games.show({ page: 'game', id: gameId });
      });
      // The log moved under the plan: said in the host's language, not the worker's.
      if (changed) changedNotice.value = t.value('popup_catchup_changed');
      return done && !changed;
    },
    dismiss(gameId, shown) {
      dismissed.value = new Set([...dismissed.value, planKey(gameId, shown)]);
    },
  };
}
