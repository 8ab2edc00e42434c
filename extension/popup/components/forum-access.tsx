import { useStore } from '../store';

/** Lets the host run Gavel on a forum beyond the built-in ones (asks the browser for that site only). */
export function ForumAccess() {
  const store = useStore();
  const origin = store.activeOrigin.value;
  const enabled = store.enabledForums.value;
  return (
    <section aria-labelledby="forums-heading">
      <h2 id="forums-heading">Forums</h2>
      {origin !== null && !enabled.includes(origin) && (
        <p>
          <button type="button" data-testid="enable-forum" onClick={() => void store.enableActiveForum()}>
            Run Gavel on {new URL(origin).host}
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
        <p class="gavel-muted">Gavel runs on mafiascum.net, Mafia Universe and Bay 12 out of the box; other forums can be added here.</p>
      )}
    </section>
  );
}
