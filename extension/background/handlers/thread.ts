import type { Handlers } from '../../shared/messaging';
import { getThread, listThreads, savePage } from '../../storage/repository';
import { threadRosterPreview } from '../../storage/games';
import { trackAndPlanCrawl } from '../crawl';
import type { GavelDatabase } from '../../storage/schema';
import { countThread } from '../thread-count';

/** Said with a count that left damaged stored posts out. */
export function skippedReason(skipped: readonly string[]): string {
  const named = skipped.slice(0, 5).join(', ');
  const more = skipped.length > 5 ? ` and ${skipped.length - 5} more` : '';
  return `${skipped.length} stored post${skipped.length === 1 ? ' is' : 's are'} damaged and left out of the count (${named}${more}): open their pages again to read them afresh`;
}

export function threadHandlers(
  db: () => GavelDatabase,
  now: () => number,
): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/count' | 'thread/roster' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    // The track and the crawl it asks for are written together, before anything else (crawl.ts trackAndPlanCrawl).
    'thread/track': ({ origin, threadId }) => trackAndPlanCrawl(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/count': async ({ origin, threadId, asOfPost }) => {
      const { result, skipped } = await countThread(db(), origin, threadId, asOfPost === undefined ? {} : { asOfPost });
      if (!result.ok) return { count: null, reason: result.reason };
      return { count: result.count, reason: skipped.length === 0 ? null : skippedReason(skipped) };
    },
    'thread/roster': ({ threadKey }) => threadRosterPreview(db(), threadKey),
    'thread/list': () => listThreads(db()),
  };
}
