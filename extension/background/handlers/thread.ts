import type { Handlers } from '../../shared/messaging';
import { translatorFor } from '../../shared/catalogs';
import { sayMessage } from '../../shared/format';
import { resolveLanguage, type Translator } from '../../shared/i18n';
import type { VoteCountView } from '../../shared/protocol';
import { getSettings, getThread, listThreads, savePage } from '../../storage/repository';
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

/**
 * The count's breaches with their findings and rules worded in the host's language, in the game's
 * time zone: the thread's panel shows them as they come (a forum page gets no catalogs).
 */
export function wordBreaches(count: VoteCountView, t: Translator): VoteCountView {
  const ctx = { t, timeZone: count.timeZone };
  return {
    ...count,
    breaches: count.breaches.map((b) => ({
      ...b,
      words: { findings: b.findings.map((m) => sayMessage(m, ctx)), terms: b.terms.map((m) => sayMessage(m, ctx)) },
    })),
  };
}

export function threadHandlers(
  db: () => GavelDatabase,
  now: () => number,
  /** The browser's UI language, for a host whose language setting is automatic. */
  uiLanguage: () => string = () => 'en',
): Pick<Handlers, 'thread/page-read' | 'thread/track' | 'thread/get' | 'thread/count' | 'thread/roster' | 'thread/list'> {
  return {
    'thread/page-read': (report) => savePage(db(), report, now()),
    // The track and the crawl it asks for are written together, before anything else (crawl.ts trackAndPlanCrawl).
    'thread/track': ({ origin, threadId }) => trackAndPlanCrawl(db(), origin, threadId, now()),
    'thread/get': ({ origin, threadId }) => getThread(db(), origin, threadId),
    'thread/count': async ({ origin, threadId, asOfPost, postIds }) => {
      const [{ result, skipped }, settings] = await Promise.all([
        countThread(db(), origin, threadId, {
          ...(asOfPost === undefined ? {} : { asOfPost }),
          ...(postIds === undefined ? {} : { postIds }),
        }),
        getSettings(db()),
      ]);
      if (!result.ok) return { count: null, reason: result.reason };
      const t = translatorFor(resolveLanguage(settings.language, uiLanguage()));
      return { count: wordBreaches(result.count, t), reason: skipped.length === 0 ? null : skippedReason(skipped) };
    },
    'thread/roster': ({ threadKey }) => threadRosterPreview(db(), threadKey),
    'thread/list': () => listThreads(db()),
  };
}
