/**
 * "Join a shared game" on the games list (issue 20): the host pastes the
 * invitation a co-host sent him and the name he shares under; the game shows
 * in the list with the first sync (the list is read again until it does).
 */
import { useEffect, useState } from 'preact/hooks';
import { useStore, useT } from '../store';
import { stateWords } from './cohosts-panel';

const REFRESH_MS = 2000;

export function JoinShared() {
  const store = useStore();
  const t = useT();
  const sync = store.sync;
  const [code, setCode] = useState('');
  const [hostName, setHostName] = useState('');
  const joined = sync.joined.value;
  const arrived = joined !== null && store.games.list.value.some((g) => g.title === joined);

  useEffect(() => {
    if (joined === null || arrived) return;
    const refresh = setInterval(() => {
      void store.games.refresh().catch((e: unknown) => console.error('Gavel: the games could not be read:', e));
      void sync.checkJoined().catch((e: unknown) => console.error('Gavel: the sync could not be read:', e));
    }, REFRESH_MS);
    return () => clearInterval(refresh);
  }, [store, sync, joined, arrived]);

  return (
    <details class="gavel-join" data-testid="join-shared">
      <summary>{t('popup_sync_join_heading')}</summary>
      <form
        class="gavel-form"
        onSubmit={(e) => {
          e.preventDefault();
          void sync.join(code, hostName).then((ok) => {
            if (!ok) return;
            setCode('');
            void store.games.refresh();
          });
        }}
      >
        <label class="gavel-field">
          <span>{t('popup_sync_join_code')}</span>
          <textarea rows={3} data-testid="join-code" value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </label>
        <label class="gavel-field">
          <span>{t('popup_sync_name')}</span>
          <input type="text" data-testid="join-name" value={hostName} onInput={(e) => setHostName(e.currentTarget.value)} />
        </label>
        <button type="submit" class="gavel-button" data-testid="join" disabled={sync.busy.value}>
          {t('popup_sync_join')}
        </button>
      </form>
      {joined !== null && (
        <p class="gavel-muted" data-testid="join-done" data-state={sync.joinedState.value ?? 'connecting'}>
          {sync.joinedState.value === 'refused'
            ? t('popup_sync_join_refused')
            : sync.joinedState.value === 'revoked'
              ? stateWords(t, sync.joinedState.value)
              : t('popup_sync_joined', joined)}
        </p>
      )}
      {sync.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="join-problem">
          {sync.problem.value}
        </p>
      )}
    </details>
  );
}
