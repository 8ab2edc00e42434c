/** A one-page thread as a content script reports it to the worker, for tests that store a thread. */
import type { ForumPost } from '../../src/model/post';
import type { PageReport } from '../../extension/shared/protocol';

export function onePageReport(
  thread: { readonly origin: string; readonly threadId: string; readonly title: string },
  posts: readonly ForumPost[],
  options: { readonly url?: string; readonly contentHash?: string } = {},
): PageReport {
  return {
    thread,
    engine: 'phpbb',
    url: options.url ?? `${thread.origin}/viewtopic.php?t=${thread.threadId}`,
    pageNumber: 1,
    pageCount: 1,
    contentHash: options.contentHash ?? 'h',
    posts,
  };
}
