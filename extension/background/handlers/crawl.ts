import type { Handlers, HandlerContext } from '../../shared/messaging';
import type { CrawlStatus } from '../../shared/protocol';
import { getCrawl, storedPages, type CrawlRow } from '../../storage/crawls';
import type { GavelDatabase } from '../../storage/schema';
import type { BadgeBoard } from '../badge';
import type { Crawler } from '../crawl';
import type { ThreadEvents } from './events';

type Wrapped = 'thread/page-read' | 'thread/track' | 'thread/count';

export interface CrawlHandlerDeps {
  readonly db: () => GavelDatabase;
  readonly crawler: Crawler;
  readonly badges: Pick<BadgeBoard, 'show'>;
  /** The thread's other tabs are told when a page read changed its posts. */
  readonly events?: Pick<ThreadEvents, 'threadChanged'>;
}

/** A crawl row as the pages see it. */
export async function crawlStatus(db: GavelDatabase, row: CrawlRow | null): Promise<CrawlStatus | null> {
  if (row === null) return null;
  const stored = await storedPages(db, row.threadKey);
  const pagesDone = row.pageCount === null ? stored.size : [...stored.keys()].filter((n) => n <= (row.pageCount ?? 0)).length;
  return {
    status: row.status,
    pagesDone,
    pageCount: row.pageCount,
    pending: row.pending,
    error: row.error,
    ...(row.errorWords === undefined || row.errorWords === null ? {} : { errorWords: row.errorWords }),
  };
}

function tabOf(context: HandlerContext): number | undefined {
  return context.senderKind === 'content' ? context.sender.tab?.id : undefined;
}

/**
 * The crawl's messages, and the thread messages that start a crawl or set the
 * badge: reading a page of a tracked thread or tracking a thread starts the
 * crawl of its unread pages; a content script's page read or count sets the
 * badge on its tab. `base` are the thread handlers these wrap.
 */
export function crawlHandlers(
  base: Pick<Handlers, Wrapped>,
  deps: CrawlHandlerDeps,
): Pick<Handlers, Wrapped | 'thread/crawl-status' | 'thread/crawl'> {
  const badge = (context: HandlerContext, origin: string, threadId: string): void => {
    const tabId = tabOf(context);
    if (tabId === undefined) return;
    deps.badges.show(tabId, origin, threadId).catch((e: unknown) => console.error('Gavel: badge not set:', e));
  };
  return {
    'thread/page-read': async (report, context) => {
      const saved = await base['thread/page-read'](report, context);
      const { origin, threadId } = report.thread;
      if (saved.thread.tracked) {
        const furthest = Math.max(0, ...(await storedPages(deps.db(), `${origin}|${threadId}`)).keys());
        // A page before the furthest one read: the thread's end is elsewhere, and players may have posted
        // there since (on that page or on new ones), so the end is read again and followed.
        if (report.pageNumber !== null && report.pageNumber < furthest) await deps.crawler.restart(origin, threadId);
        else
          await deps.crawler.start({
            origin,
            threadId,
            engine: report.engine,
            url: report.url,
            pageNumber: report.pageNumber,
            pageCount: report.pageCount,
          });
      }
      badge(context, origin, threadId);
      if (!saved.unchanged && deps.events !== undefined) {
        const status = await crawlStatus(deps.db(), await getCrawl(deps.db(), `${origin}|${threadId}`));
        deps.events.threadChanged(origin, threadId, 'page-read', status, tabOf(context));
      }
      return saved;
    },
    'thread/track': async (request, context) => {
      const summary = await base['thread/track'](request, context);
      await deps.crawler.restart(request.origin, request.threadId);
      badge(context, request.origin, request.threadId);
      return summary;
    },
    'thread/count': async (request, context) => {
      const result = await base['thread/count'](request, context);
      badge(context, request.origin, request.threadId);
      return result;
    },
    'thread/crawl-status': async ({ origin, threadId }) => crawlStatus(deps.db(), await getCrawl(deps.db(), `${origin}|${threadId}`)),
    'thread/crawl': async ({ origin, threadId }) => crawlStatus(deps.db(), await deps.crawler.restart(origin, threadId)),
  };
}
