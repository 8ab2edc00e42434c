import type { Handlers } from '../../shared/messaging';
import { threadKey } from '../../shared/protocol';
import { getGameByThread, listPardons } from '../../storage/games';
import { getPosts, getThread, listThreads, savePage, trackThread } from '../../storage/repository';
import { contextFromGame, countFromPosts } from '../count-view';
import type { GavelDatabase } from '../../storage/schema';

export function threadHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/count' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    'thread/track': ({ origin, threadId }) => trackThread(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/count': async ({ origin, threadId, asOfPost }) => {
      const [posts, thread, game] = await Promise.all([getPosts(db(), origin, threadId), getThread(db(), origin, threadId), getGameByThread(db(), threadKey(origin, threadId))]);
      // A game the host set up for this thread brings its roster, rules and phases; otherwise they are read from the thread.
      const result = countFromPosts(
        posts.map((p) => p.post),
        {
          dialect: game?.dialect ?? (thread?.engine === 'discourse' ? 'markdown' : 'bbcode'),
          ...(game === null ? {} : { context: contextFromGame(game) }),
          ...(asOfPost === undefined ? {} : { asOfPost }),
        },
      );
      if (!result.ok) return { count: null, reason: result.reason };
      // The host's pardons: the breach stays listed, marked, so the panel does not nag about it.
      const pardons = game === null ? [] : await listPardons(db(), game.id);
      if (pardons.length === 0) return { count: result.count, reason: null };
      const notes = new Map(pardons.map((p) => [p.breachId, p.note]));
      const breaches = result.count.breaches.map((b) => {
        const note = notes.get(b.id);
        return note === undefined ? b : { ...b, pardoned: { note } };
      });
      return { count: { ...result.count, breaches }, reason: null };
    },
    'thread/list': () => listThreads(db()),
  };
}
