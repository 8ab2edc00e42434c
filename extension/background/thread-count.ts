/**
 * A thread's count as the worker serves it, in one place for the thread's
 * panel, the popup's day count, the toolbar badge and the breach ledger: the
 * game set up for the thread brings its roster, rules, phases and dialect
 * (otherwise they are read from the thread), and the host's pardons mark
 * their breaches, which stay listed.
 */
import {
  composePhases,
  countThread as countEngineThread,
  createExtractionCache,
  createThreadCounter,
  deriveState,
  inferCatchUp,
  type CatchUpPlan,
  type Death,
  type GameEvent,
  type GameState,
  type ThreadCounter,
} from '../../src/engine';
import { postNumberingOf } from '../../src/parsers';
import { isReadablePost } from '../shared/content-requests';
import { postLanguageOf } from '../shared/post-language';
import { parseThreadKey, threadKey } from '../shared/protocol';
import type { ForumPost } from '../../src/model/post';
import type { GameRecord, PardonEntry } from '../shared/protocol';
import { getGameByThread, listPardons } from '../storage/games';
import { getSettings, getThread } from '../storage/repository';
import { postCacheOf } from '../storage/post-cache';
import type { GavelDatabase } from '../storage/schema';
import { contextFromGame, countFromPosts, type CountResult } from './count-view';

export interface ThreadCount {
  readonly result: CountResult;
  /** The game played in the thread, if the host set one up. */
  readonly game: GameRecord | null;
  readonly pardons: readonly PardonEntry[];
  /** Ids of stored posts left out because they are not posts Gavel can read (damaged rows). */
  readonly skipped: readonly string[];
}

/**
 * The worker's extraction cache: a thread is counted on every page view and
 * crawl step, and a post's vote lines are read once per content, so a long
 * post (hostile or not) costs once. It lives as long as the worker does.
 */
const extraction = createExtractionCache(100_000);

/**
 * A counter for each thread counted lately, so a new page of a long thread is
 * counted from its first new post (the panel's count and the game page's are
 * counted with different deaths, so each has its own). The few most recent are kept.
 */
const counters = new Map<string, ThreadCounter>();
const countersKept = 4;

function counterFor(key: string): ThreadCounter {
  const known = counters.get(key);
  counters.delete(key);
  const counter = known ?? createThreadCounter();
  counters.set(key, counter);
  for (const oldest of counters.keys()) {
    if (counters.size <= countersKept) break;
    counters.delete(oldest);
  }
  return counter;
}

/** Whether a stored post can be read, checked once per post object (the posts cache keeps the same objects between counts). */
const readableChecked = new WeakMap<object, boolean>();
function readablePost(value: unknown): value is ForumPost {
  if (typeof value !== 'object' || value === null) return false;
  let known = readableChecked.get(value);
  if (known === undefined) {
    known = isReadablePost(value);
    readableChecked.set(value, known);
  }
  return known;
}

export async function countThread(
  db: GavelDatabase,
  origin: string,
  threadId: string,
  options: {
    readonly asOfPost?: number;
    /** The thread's game when the caller has it already. */
    readonly game?: GameRecord | null;
    /**
     * Count as the game page shows it, with the game's deaths and on the game's day (see `countGameDay`);
     * otherwise the thread's own reading (the panel), which reads deaths from the host's posts while the log has none.
     */
    readonly asGame?: boolean;
    /** The posts the asker shows: what was read in the others is left out of the view (`count.posts`). Absent: every post. */
    readonly postIds?: readonly string[];
    /**
     * The worker's clock, for a game's day still running (`asGame` only): 004's time rules judge the posts by their own
     * times and "now" by this (absent voters forced at 22:00, L150). The thread's own count reads no clock.
     */
    readonly now?: number;
  } = {},
): Promise<ThreadCount> {
  const [posts, thread, game, settings] = await Promise.all([
    // From the worker's copy in memory (storage/post-cache.ts): a count with nothing new reads no post from IndexedDB.
    postCacheOf(db).posts(origin, threadId),
    getThread(db, origin, threadId),
    options.game === undefined ? getGameByThread(db, threadKey(origin, threadId)) : Promise.resolve(options.game),
    getSettings(db),
  ]);
  // A damaged row (stored by an older build, or written around the checks) is left out and
  // named, so one bad post never stops the thread from being counted again.
  const readable: ForumPost[] = [];
  const skipped: string[] = [];
  for (const row of posts) {
    if (readablePost(row.post)) readable.push(row.post);
    else skipped.push(String(row.postId));
  }
  const context = game === null ? null : options.asGame === true ? gameContext(game, readable) : contextFromGame(game);
  const counter = counterFor(`${threadKey(origin, threadId)}\u0000${options.asGame === true ? 'game' : 'thread'}`);
  const count = (asOfPost: number | undefined): CountResult =>
    countFromPosts(readable, {
      dialect: game?.dialect ?? (thread?.engine === 'discourse' ? 'markdown' : 'bbcode'),
      ...(game === null ? {} : { language: postLanguageOf(game) }),
      // the post numbers the panel and the vote count post show are the forum's (SMF counts replies)
      numbering: postNumberingOf(thread?.engine ?? ''),
      ...(context === null ? {} : { context }),
      // The host's vote grammar (Settings) applies to every thread counted.
      voteGrammar: settings.voteGrammar,
      readVotes: extraction.read,
      counter,
      ...(asOfPost === undefined ? {} : { asOfPost }),
      ...(options.postIds === undefined ? {} : { shownPosts: new Set(options.postIds) }),
      ...(options.now === undefined || options.asGame !== true ? {} : { now: options.now }),
    });
  let result = count(options.asOfPost);
  // A game behind its thread is counted on its own day, as that day ended in the thread (with its hammer).
  const ownDay = game === null || options.asGame !== true || options.asOfPost !== undefined ? null : gameDayEnd(game, readable);
  if (result.ok && ownDay !== null && result.count.day > ownDay.day && ownDay.endPost !== null) result = count(ownDay.endPost);
  const pardons = game === null ? [] : await listPardons(db, game.id);
  if (!result.ok || pardons.length === 0) return { result, game, pardons, skipped };
  const notes = new Map(pardons.map((p) => [p.breachId, p.note]));
  const breaches = result.count.breaches.map((b) => {
    const note = notes.get(b.id);
    return note === undefined ? b : { ...b, pardoned: { note } };
  });
  return { result: { ...result, count: { ...result.count, breaches } }, game, pardons, skipped };
}

/**
 * The count's view of a game as its page shows it: the deaths are the game's
 * log's only (never read from the host's posts), so the count's living
 * players are the game's. A death recorded in the phase in progress counts
 * from the latest post read, where the host recorded it.
 */
function gameContext(game: GameRecord, posts: readonly ForumPost[]): ReturnType<typeof contextFromGame> {
  const base = contextFromGame(game);
  const state = deriveState(game.events);
  const last = posts.reduce((n, p) => Math.max(n, p.number), 0);
  const now = state.phase;
  const deaths: Death[] = state.players.flatMap((p): Death[] => {
    const phase = p.death?.phase;
    if (p.alive || phase === null || phase === undefined) return [];
    const current = now !== null && phase.kind === now.kind && phase.number === now.number;
    return [{ slot: p.slot.id, phase: { kind: phase.kind, number: phase.number }, ...(current ? { post: last } : {}) }];
  });
  // The log's deaths are given as `deaths` (with the state's revivals applied), not read again from its events.
  const events: GameEvent[] = game.events.filter((e) => e.type !== 'player/die');
  return { ...base, game: { ...base.game, events, deaths } };
}

/** The game's day in progress and the post that ended it in the thread (null: still running there, or not a post). */
function gameDayEnd(game: GameRecord, posts: readonly ForumPost[]): { readonly day: number; readonly endPost: number | null } | null {
  const state: GameState = deriveState(game.events);
  if (state.phase?.kind !== 'day' || state.ended !== undefined) return null;
  const day = state.phase.number;
  const composed = composePhases(
    game.phases,
    [...posts].sort((a, b) => a.number - b.number),
    game.roster.hosts,
  );
  if (!composed.ok) return null;
  const at = composed.phases.findIndex((p) => p.kind === 'day' && p.number === day);
  const phase = composed.phases[at];
  if (phase === undefined) return { day, endPost: null };
  if (phase.end !== null && 'post' in phase.end) return { day, endPost: phase.end.post };
  const next = composed.phases[at + 1];
  return { day, endPost: next !== undefined && 'post' in next.start ? next.start.post - 1 : null };
}

/**
 * What the thread says of the phases its game has not recorded yet (null: the
 * game is not behind its thread, or has no thread). The thread is counted with
 * the game's roster, rules and phases but its deaths read from the host's
 * posts, for each past day's hammer.
 */
export async function catchUpPlan(db: GavelDatabase, game: GameRecord, now: number): Promise<CatchUpPlan | null> {
  if (game.threadKey === null) return null;
  const { origin, threadId } = parseThreadKey(game.threadKey);
  const [rows, thread, settings] = await Promise.all([
    postCacheOf(db).posts(origin, threadId),
    getThread(db, origin, threadId),
    getSettings(db),
  ]);
  const posts = rows.map((r) => r.post).filter(readablePost);
  if (posts.length === 0) return null;
  const base = contextFromGame(game).game;
  const numbering = postNumberingOf(thread?.engine ?? '');
  const counted = countEngineThread(posts, {
    game: { ...base, events: game.events.filter((e) => e.type !== 'player/die') },
    voteGrammar: settings.voteGrammar,
    readVotes: extraction.read,
    numbering,
    breaches: false,
  });
  const hammers = new Map<number, { readonly post: number; readonly target: string | null }>();
  if (counted.ok)
    for (const d of counted.days) {
      const h = d.tally.hammer;
      if (h !== null && d.phase.end !== null)
        hammers.set(d.phase.number, { post: h.post, target: h.target.kind === 'slot' ? h.target.slotId : null });
    }
  return inferCatchUp({
    posts,
    roster: counted.ok ? { ...counted.roster, hosts: game.roster.hosts } : game.roster,
    setup: game.phases,
    state: deriveState(game.events),
    hammers,
    now,
    numbering,
  });
}
