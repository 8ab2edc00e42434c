import type { Handlers } from '../../shared/messaging';
import { getThread, listThreads, savePage, trackThread } from '../../storage/repository';
import type { GavelDatabase } from '../../storage/schema';

export function threadHandlers(db: () => GavelDatabase, now: () => number): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    'thread/track': ({ origin, threadId }) => trackThread(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/list': () => listThreads(db()),
  };
}
