import { threadForum } from '../games-store';
import { useStore, useT } from '../store';

/** The threads Gavel has read, tracked games first. */
export function ThreadList() {
  const store = useStore();
  const t = useT();
  const threads = store.threads.value;
  return (
    <section aria-labelledby="threads-heading" data-testid="thread-list">
      <h2 id="threads-heading">{t('popup_threads_heading')}</h2>
      {threads.length === 0 ? (
        <p class="gavel-muted">{t('popup_threads_none')}</p>
      ) : (
        <ul class="gavel-threads">
          {[...threads]
            .sort((a, b) => Number(b.tracked) - Number(a.tracked))
            .map((thread) => (
              <li key={thread.key} data-testid="thread-item">
                <span class="gavel-threads__title">{thread.title || t('common_thread_id', thread.threadId)}</span>
                <span class="gavel-muted">
                  <span data-testid="thread-forum">{threadForum(thread, t)}</span> ·{' '}
                  {t.plural('popup_thread_posts', thread.postCount, t.plural('popup_thread_pages', thread.pagesSeen))}
                  {thread.tracked ? ` · ${t('popup_thread_tracked')}` : ''}
                </span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
