import type { Handlers } from '../../shared/messaging';
import { getThread, listThreads, savePage } from '../../storage/repository';
import { trackAndPlanCrawl } from '../crawl';
import type { GavelDatabase } from '../../storage/schema';
import { countThread } from '../thread-count';

export function threadHandlers(
  db: () => GavelDatabase,
  now: () => number,
): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/count' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    // The track and the crawl it asks for are written together, before anything else (crawl.ts trackAndPlanCrawl).
    'thread/track': ({ origin, threadId }) => trackAndPlanCrawl(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/count': async ({ origin, threadId, asOfPost }) => {
      const { result } = await countThread(db(), origin, threadId, asOfPost === undefined ? {} : { asOfPost });
      return result.ok ? { count: result.count, reason: null } : { count: null, reason: result.reason };
    },
    'thread/list': () => listThreads(db()),
  };
}
