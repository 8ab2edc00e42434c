import type { Handlers } from '../../shared/messaging';
import { getThread, listThreads, savePage, trackThread } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';
import { countThread } from '../thread-count';

export function threadHandlers(
  db: () => GavelDatabase,
  now: () => number,
): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/count' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    'thread/track': ({ origin, threadId }) => trackThread(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/count': async ({ origin, threadId, asOfPost }) => {
      const { result } = await countThread(db(), origin, threadId, asOfPost === undefined ? {} : { asOfPost });
      return result.ok ? { count: result.count, reason: null } : { count: null, reason: result.reason };
    },
    'thread/list': () => listThreads(db()),
  };
}
