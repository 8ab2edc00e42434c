/**
 * The day's moves and ballots in the popup's store: the ballots of the day in
 * progress as the game's count decides them (the one counted now, the one its
 * tally says follows, the witch hunt's approvals), opening the follow-up
 * ballot, and recording a player's day move. Each goes into the game's event
 * log through the worker, so the event log's undo takes it back. Created
 * inside `createPopupStore` next to the night store.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import { sayError } from '../shared/format';
import type { Translator } from '../shared/i18n';
import type { DayBallotView, FollowUpBallot } from '../shared/protocol';
import { rulesetWords } from '../shared/ruleset-words';
import type { Connector } from './connector';
import type { GamesStore } from './games-store';
import type { RequestForgery } from '../../src/engine';
import { reasonOf } from './work';

/** A day move as the host enters it from a player's PM or post. */
export interface NewDayMove {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
  /** L113: when the move's PM or post reached the host (epoch ms); absent: now, the worker's clock. */
  readonly at?: number;
  /** The player's own words, for a move that takes them (004: the Drug dealer's amount, the Agent's side). */
  readonly text?: string;
  /** 004 L86, L77: a role request's substituted answer for the Investigator. */
  readonly requestForged?: RequestForgery;
}

/** The vote-result post of the ballot an opening settled, for the game and day it belongs to. */
export interface SettledBallotPost {
  readonly gameId: string;
  readonly day: number;
  /** The ballot opened. */
  readonly ballot: string;
  readonly dialect: 'bbcode' | 'markdown';
  readonly text: string;
}

export interface DayMovesStore {
  /** The open game's day ballots (null before they are loaded). */
  readonly ballots: ReadonlySignal<DayBallotView | null>;
  /** The result post of the ballot the last opening settled (null: none, or a run-off or hunt, which settle nothing). */
  readonly settled: ReadonlySignal<SettledBallotPost | null>;
  readonly problem: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  load(gameId: string, day: number): Promise<void>;
  /** Opens the follow-up ballot the view offers, or the witch hunt; the game page shows the game after it. */
  open(view: DayBallotView, ballot: FollowUpBallot | 'hunt', override?: boolean): Promise<boolean>;
  /** Records a day move; a refusal says the engine's reason and records nothing. */
  move(gameId: string, day: number, move: NewDayMove): Promise<boolean>;
  /** Takes back one recorded move of the day (its log index `at`), refused to the player (L125.9) or entered by mistake. */
  cancel(gameId: string, day: number, at: number, refused: boolean): Promise<boolean>;
  /** L150: sets when the day's vote opened (epoch ms), over the announcement the count reads. */
  setOpening(gameId: string, day: number, at: number): Promise<boolean>;
}

export function createDayMovesStore(connector: Connector, games: GamesStore, t: ReadonlySignal<Translator>): DayMovesStore {
  const ballots = signal<DayBallotView | null>(null);
  const settled = signal<SettledBallotPost | null>(null);
  const problem = signal<string | null>(null);
  const busy = signal(false);
  /** How many loads of the ballots were asked for: only the last one's answer is shown. */
  let loads = 0;
  /** Runs a request; a refusal is said in the host's language, with the ruleset's names for its abilities and roles. */
  const run = async (work: () => Promise<void>, keepProblem = false): Promise<boolean> => {
    busy.value = true;
    // A reload of the ballots keeps what the host was last told (a refused move): only his next request clears it.
    if (!keepProblem) problem.value = null;
    try {
      await work();
      return true;
    } catch (e) {
      const game = games.current.value;
      const names = game === null ? undefined : rulesetWords(game.ruleset.data, t.value.language);
      problem.value = sayError(e, { t: t.value, names }, reasonOf);
      return false;
    } finally {
      busy.value = false;
    }
  };
  return {
    ballots,
    settled,
    problem,
    busy,
    async load(gameId, day) {
      const mine = ++loads;
      if (ballots.value?.gameId !== gameId || ballots.value.day !== day) ballots.value = null;
      await run(async () => {
        const view = await connector.request('day/ballot', { gameId, day });
        // The answer to an earlier load can come after a later one's (a busy worker, a move recorded in between): the
        // latest load stands, or the day's ballots would go back to before the move and stay there.
        if (mine === loads) ballots.value = view;
      }, true);
    },
    open(view, ballot, override) {
      return run(async () => {
        const opened = await connector.request('day/open-ballot', {
          gameId: view.gameId,
          day: view.day,
          ballot,
          seen: view.seen,
          ...(override === true ? { override } : {}),
        });
        settled.value =
          opened.resultPost === null
            ? null
            : { gameId: view.gameId, day: view.day, ballot, dialect: opened.dialect, text: opened.resultPost };
        // The game as it stands now: the day's count and posts follow the ballot just opened.
        await games.show({ page: 'game', id: view.gameId });
      });
    },
    move(gameId, day, move) {
      return run(async () => {
        await connector.request('day/move', { gameId, day, ...move });
        await games.show({ page: 'game', id: gameId });
      });
    },
    cancel(gameId, day, at, refused) {
      return run(async () => {
        await connector.request('day/cancel-move', { gameId, day, at, refused });
        await games.show({ page: 'game', id: gameId });
      });
    },
    setOpening(gameId, day, at) {
      return run(async () => {
        await connector.request('day/set-opening', { gameId, day, at });
        await games.show({ page: 'game', id: gameId });
      });
    },
  };
}
