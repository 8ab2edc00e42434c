import { useStore, useT } from '../store';

/** Lets the host run Gavel on a forum beyond the built-in ones (asks the browser for that site only). */
export function ForumAccess() {
  const store = useStore();
  const t = useT();
  const origin = store.activeOrigin.value;
  const enabled = store.enabledForums.value;
  return (
    <section aria-labelledby="forums-heading">
      <h2 id="forums-heading">{t('popup_forums_heading')}</h2>
      {origin !== null && !enabled.includes(origin) && (
        <p>
          <button type="button" data-testid="enable-forum" onClick={() => void store.enableActiveForum()}>
            {t('popup_forum_run_on', new URL(origin).host)}
          </button>
        </p>
      )}
      {enabled.length > 0 ? (
        <ul class="gavel-muted" data-testid="enabled-forums">
          {enabled.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      ) : (
        <p class="gavel-muted">{t('popup_forums_builtin')}</p>
      )}
    </section>
  );
}
