import { useStore } from '../store';

/** The threads Gavel has read, tracked games first. */
export function ThreadList() {
  const store = useStore();
  const threads = store.threads.value;
  return (
    <section aria-labelledby="threads-heading" data-testid="thread-list">
      <h2 id="threads-heading">Threads</h2>
      {threads.length === 0 ? (
        <p class="gavel-muted">
          No thread read yet. Open a game thread on a supported forum and Gavel's panel appears on the page.
        </p>
      ) : (
        <ul class="gavel-threads">
          {[...threads]
            .sort((a, b) => Number(b.tracked) - Number(a.tracked))
            .map((t) => (
              <li key={t.key} data-testid="thread-item">
                <span class="gavel-threads__title">{t.title || `Thread ${t.threadId}`}</span>
                <span class="gavel-muted">
                  {new URL(t.origin).host} · {t.postCount} posts on {t.pagesSeen} {t.pagesSeen === 1 ? 'page' : 'pages'}
                  {t.tracked ? ' · tracked' : ''}
                </span>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
