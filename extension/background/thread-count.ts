/**
 * A thread's count as the worker serves it, in one place for the thread's
 * panel, the popup's day count, the toolbar badge and the breach ledger: the
 * game set up for the thread brings its roster, rules, phases and dialect
 * (otherwise they are read from the thread), and the host's pardons mark
 * their breaches, which stay listed.
 */
import { createExtractionCache } from '../../src/engine';
import { postNumberingOf } from '../../src/parsers';
import { isReadablePost } from '../shared/content-requests';
import { postLanguageOf } from '../shared/post-language';
import { threadKey } from '../shared/protocol';
import type { ForumPost } from '../../src/model/post';
import type { GameRecord, PardonEntry } from '../shared/protocol';
import { getGameByThread, listPardons } from '../storage/games';
import { getPosts, getSettings, getThread } from '../storage/repository';
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

export async function countThread(
  db: GavelDatabase,
  origin: string,
  threadId: string,
  options: { readonly asOfPost?: number; /** The thread's game when the caller has it already. */ readonly game?: GameRecord | null } = {},
): Promise<ThreadCount> {
  const [posts, thread, game, settings] = await Promise.all([
    getPosts(db, origin, threadId),
    getThread(db, origin, threadId),
    options.game === undefined ? getGameByThread(db, threadKey(origin, threadId)) : Promise.resolve(options.game),
    getSettings(db),
  ]);
  // A damaged row (stored by an older build, or written around the checks) is left out and
  // named, so one bad post never stops the thread from being counted again.
  const readable: ForumPost[] = [];
  const skipped: string[] = [];
  for (const row of posts) {
    if (isReadablePost(row.post)) readable.push(row.post);
    else skipped.push(String(row.postId));
  }
  const result = countFromPosts(readable, {
    dialect: game?.dialect ?? (thread?.engine === 'discourse' ? 'markdown' : 'bbcode'),
    ...(game === null ? {} : { language: postLanguageOf(game) }),
    // the post numbers the panel and the vote count post show are the forum's (SMF counts replies)
    numbering: postNumberingOf(thread?.engine ?? ''),
    ...(game === null ? {} : { context: contextFromGame(game) }),
    // The host's vote grammar (Settings) applies to every thread counted.
    voteGrammar: settings.voteGrammar,
    readVotes: extraction.read,
    ...(options.asOfPost === undefined ? {} : { asOfPost: options.asOfPost }),
  });
  const pardons = game === null ? [] : await listPardons(db, game.id);
  if (!result.ok || pardons.length === 0) return { result, game, pardons, skipped };
  const notes = new Map(pardons.map((p) => [p.breachId, p.note]));
  const breaches = result.count.breaches.map((b) => {
    const note = notes.get(b.id);
    return note === undefined ? b : { ...b, pardoned: { note } };
  });
  return { result: { ...result, count: { ...result.count, breaches } }, game, pardons, skipped };
}
