/**
 * The night and day part of the popup's store: the open game's night (actions
 * entered, who has not sent one, the resolution), the posts an applied night
 * gives, the game's vote count, and copying a post for the thread. Created
 * inside `createPopupStore` next to the games store.
 */
import { signal, type ReadonlySignal } from '@preact/signals';
import type { ForgedResult, PhaseRef } from '../../src/engine';
import type {
  CrawlStatus,
  DayEndPosts,
  GameOutcomeView,
  NightPosts,
  NightView,
  PublishedPostKind,
  VoteCountView,
} from '../shared/protocol';
import { parseThreadKey } from '../shared/protocol';
import { findError } from '../shared/errors';
import { sayMessage } from '../shared/format';
import type { Translator } from '../shared/i18n';
import { rulesetWords } from '../shared/ruleset-words';
import type { Connector } from './connector';
import type { GamesStore } from './games-store';
import { createWork } from './work';

export interface NewAction {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
  /** When the role PM was sent (UTC ms), or null when the host did not say. */
  readonly pmAt: number | null;
  /** The words the move hands to its target (004 Maid, L45). */
  readonly text?: string;
  /** What the Investigator is handed instead of the move's result (004 L85, L86, L77). */
  readonly forged?: ForgedResult;
}

/** The game's count as the worker gave it, for one game. */
export interface GameCount {
  readonly gameId: string;
  readonly count: VoteCountView | null;
  readonly reason: string | null;
}

export interface NightStore {
  /** The open night (null before it is loaded). */
  readonly night: ReadonlySignal<NightView | null>;
  /** The posts of the night just applied, for the game they belong to. */
  readonly posts: ReadonlySignal<(NightPosts & { readonly gameId: string }) | null>;
  readonly count: ReadonlySignal<GameCount | null>;
  /** While the worker reads the thread's new posts for a refresh: how far it is. */
  readonly reading: ReadonlySignal<CrawlStatus | null>;
  /** The posts of the day that ended last (the night-start post), for the game they belong to. */
  readonly dayEnd: ReadonlySignal<(DayEndPosts & { readonly gameId: string }) | null>;
  /** How the open game ended (null: it goes on, or not loaded yet). */
  readonly outcome: ReadonlySignal<(GameOutcomeView & { readonly gameId: string }) | null>;
  readonly problem: ReadonlySignal<string | null>;
  readonly busy: ReadonlySignal<boolean>;
  /** Which post was copied last (its key), to say so beside its button. */
  readonly copied: ReadonlySignal<string | null>;
  /** The posts the host closed with "Done" (`gameId:night`), kept out of sight. */
  readonly dismissed: ReadonlySignal<string | null>;
  loadNight(gameId: string, night: number): Promise<void>;
  addAction(action: NewAction): Promise<boolean>;
  removeAction(id: number): Promise<void>;
  resolve(): Promise<void>;
  apply(): Promise<void>;
  loadCount(gameId: string): Promise<void>;
  /** Has the worker read the game's thread again from its last page read (new posts, new pages), then counts. */
  refreshCount(gameId: string): Promise<void>;
  /** Ends the day in progress with its lynch (null: nobody); the night starts or the game ends. */
  endDay(gameId: string, day: number, lynched: string | null): Promise<void>;
  /** The posts of an ended day, to copy again. */
  loadDayPosts(gameId: string, day: number): Promise<void>;
  loadOutcome(gameId: string): Promise<void>;
  /** Puts a post on the clipboard and records it as published. */
  copy(
    key: string,
    post: {
      readonly gameId: string;
      readonly kind: PublishedPostKind;
      readonly phase: PhaseRef | null;
      readonly text: string;
      readonly dialect: 'bbcode' | 'markdown';
    },
  ): Promise<void>;
  dismissPosts(key: string): void;
}

/**
 * A night request's refusal in the host's language: the worker says why as a
 * code (and, for an action it refuses, as a message); other failures keep the
 * worker's words.
 */
export function nightProblem(
  error: unknown,
  t: Translator,
  at: { readonly night: number; readonly ruleset?: { readonly name: string } & Parameters<typeof rulesetWords>[0] },
): Error {
  const bad = findError(error, 'night/bad-action');
  if (bad?.details !== undefined) {
    const names = at.ruleset === undefined ? undefined : rulesetWords(at.ruleset, t.language);
    return new Error(sayMessage(bad.details.message, { t, names }));
  }
  if (findError(error, 'night/applied') !== null) return new Error(t('popup_night_problem_applied', at.night));
  if (findError(error, 'night/not-resolved') !== null) return new Error(t('popup_night_problem_not_resolved', at.night));
  if (findError(error, 'night/stale') !== null) return new Error(t('popup_night_problem_stale', at.night));
  if (findError(error, 'night/no-action') !== null) return new Error(t('popup_night_problem_no_action'));
  if (findError(error, 'night/no-resolver') !== null && at.ruleset !== undefined)
    return new Error(t('popup_night_problem_no_resolver', at.ruleset.name));
  return error instanceof Error ? error : new Error(String(error));
}

/** How often the popup asks how a thread's reading stands, and for how long at most. */
const readPollMs = 400;
const readLimitMs = 120_000;

export function createNightStore(
  connector: Connector,
  games: GamesStore,
  t: ReadonlySignal<Translator>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): NightStore {
  const night = signal<NightView | null>(null);
  const posts = signal<(NightPosts & { readonly gameId: string }) | null>(null);
  const count = signal<GameCount | null>(null);
  const reading = signal<CrawlStatus | null>(null);
  const dayEnd = signal<(DayEndPosts & { readonly gameId: string }) | null>(null);
  const outcome = signal<(GameOutcomeView & { readonly gameId: string }) | null>(null);
  const { busy, problem, run } = createWork(t);
  const copied = signal<string | null>(null);
  const dismissed = signal<string | null>(null);

  const current = (): NightView => {
    const view = night.value;
    if (view === null) throw new Error(t.value('popup_problem_no_night'));
    return view;
  };
  /** Asks the worker about a night; a refusal comes back in the host's language. */
  const ask = async <T>(number: number, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      const game = games.current.value;
      throw nightProblem(error, t.value, { night: number, ...(game === null ? {} : { ruleset: game.ruleset.data }) });
    }
  };

  return {
    night,
    posts,
    count,
    reading,
    dayEnd,
    outcome,
    problem,
    busy,
    copied,
    dismissed,
    async loadNight(gameId, number) {
      if (night.value?.gameId !== gameId || night.value.night !== number) night.value = null;
      await run(async () => {
        night.value = await connector.request('night/actions', { gameId, night: number });
      });
    },
    addAction(action) {
      return run(async () => {
        const { gameId, night: number } = current();
        night.value = await ask(number, () => connector.request('night/add-action', { gameId, night: number, ...action }));
      });
    },
    async removeAction(id) {
      await run(async () => {
        const { gameId, night: number } = current();
        night.value = await ask(number, () => connector.request('night/remove-action', { gameId, night: number, id }));
      });
    },
    async resolve() {
      await run(async () => {
        const view = current();
        const resolution = await ask(view.night, () => connector.request('night/resolve', { gameId: view.gameId, night: view.night }));
        night.value = { ...view, resolution };
      });
    },
    async apply() {
      await run(async () => {
        const view = current();
        const applied = await ask(view.night, () => connector.request('night/apply', { gameId: view.gameId, night: view.night }));
        // A night that ends the game gives no day-start post: the game's outcome says what to post.
        posts.value = applied.posts === null ? null : { ...applied.posts, gameId: view.gameId };
        copied.value = null;
        dismissed.value = null;
        night.value = await connector.request('night/actions', { gameId: view.gameId, night: view.night });
        // The game moved on to the day: the game page shows it.
        await games.show({ page: 'game', id: view.gameId });
      });
    },
    async loadCount(gameId) {
      await run(async () => {
        const answer = await connector.request('game/count', { gameId });
        count.value = { gameId, ...answer };
      });
    },
    async refreshCount(gameId) {
      const key = games.current.value?.id === gameId ? games.current.value.threadKey : null;
      await run(async () => {
        if (key !== null) {
          const { origin, threadId } = parseThreadKey(key);
          let status = await connector.request('thread/crawl', { origin, threadId });
          for (let waited = 0; status?.status === 'running' && waited < readLimitMs; waited += readPollMs) {
            reading.value = status;
            await sleep(readPollMs);
            status = await connector.request('thread/crawl-status', { origin, threadId });
          }
          reading.value = null;
          if (status?.status === 'failed' && status.error !== null) {
            const why =
              status.errorWords === undefined || status.errorWords === null ? status.error : sayMessage(status.errorWords, { t: t.value });
            throw new Error(t.value('popup_problem_read_failed', why));
          }
        }
        const answer = await connector.request('game/count', { gameId });
        count.value = { gameId, ...answer };
      });
      reading.value = null;
    },
    async endDay(gameId, day, lynched) {
      await run(async () => {
        const ended = await connector.request('day/end', { gameId, day, lynched });
        dayEnd.value = { ...ended.posts, gameId };
        copied.value = null;
        await games.show({ page: 'game', id: gameId });
      });
    },
    async loadDayPosts(gameId, day) {
      await run(async () => {
        const answer = await connector.request('day/posts', { gameId, day });
        dayEnd.value = answer === null ? null : { ...answer, gameId };
      });
    },
    async loadOutcome(gameId) {
      await run(async () => {
        const answer = await connector.request('game/outcome', { gameId });
        outcome.value = answer === null ? null : { ...answer, gameId };
      });
    },
    async copy(key, post) {
      await run(async () => {
        if (connector.copy === undefined) throw new Error(t.value('popup_problem_no_clipboard'));
        await connector.copy(post.text);
        copied.value = key;
        await connector.request('post/published', post);
      });
    },
    dismissPosts(key) {
      posts.value = null;
      copied.value = null;
      dismissed.value = key;
    },
  };
}
