/**
 * The game page's "Co-hosts" section (issue 20): sharing the game through a
 * sync server, the connection (who is connected, when it last synced, offline,
 * refused or revoked), invitations with their right, the co-hosts with Revoke,
 * and the notes of edits that met. While the game is open it reads the sync
 * again every few seconds, and the game too when a co-host changed it.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatList, formatMoment, sayMessage } from '../../shared/format';
import type { Translator } from '../../shared/i18n';
import type { GameRecord, ShareRight, SyncStatusView } from '../../shared/protocol';
import { useStore, useT } from '../store';

/** The sync server the README's `npm run server` starts. */
export const DEFAULT_SYNC_SERVER = 'ws://localhost:1234';
/** How often the open game's sync is read again. */
const REFRESH_MS = 2000;

function rightWords(t: Translator, right: 'owner' | ShareRight): string {
  return t(right === 'owner' ? 'popup_sync_right_owner' : right === 'write' ? 'popup_sync_right_write' : 'popup_sync_right_read');
}

export function stateWords(t: Translator, state: SyncStatusView['state']): string {
  switch (state) {
    case 'connecting':
      return t('popup_sync_state_connecting');
    case 'connected':
      return t('popup_sync_state_connected');
    case 'offline':
      return t('popup_sync_state_offline');
    case 'refused':
      return t('popup_sync_state_refused');
    case 'revoked':
      return t('popup_sync_state_revoked');
    case 'ended':
      return t('popup_sync_state_ended');
  }
}

export function CoHostsPanel({ game }: { readonly game: Pick<GameRecord, 'id' | 'updatedAt' | 'roster'> }) {
  const store = useStore();
  const t = useT();
  const sync = store.sync;
  const status = sync.status.value;
  const [server, setServer] = useState(DEFAULT_SYNC_SERVER);
  const [hostName, setHostName] = useState(game.roster.hosts[0] ?? '');
  const [inviteName, setInviteName] = useState('');
  const [right, setRight] = useState<ShareRight>('write');
  /** Which stop the host asked for, waiting for his confirmation (null: none). */
  const [stopping, setStopping] = useState<'stop' | 'keep' | 'remove' | null>(null);
  const stop = (removeCopy: boolean): void => {
    setStopping(null);
    void sync.stop(game.id, removeCopy).then((ok) => {
      if (!ok) return;
      if (removeCopy) void store.games.show({ page: 'home' });
      else void store.games.refresh();
    });
  };

  useEffect(() => {
    sync.reset();
    let live = true;
    const load = (): void => {
      sync.load(game.id).then(
        (found) => {
          // A co-host changed the game: the page shows it (unless the host is editing its setup).
          const view = store.games.view.value;
          if (
            live &&
            found?.updatedAt !== null &&
            found?.updatedAt !== undefined &&
            found.updatedAt !== store.games.current.value?.updatedAt &&
            !store.games.dirty.value &&
            view.page === 'game' &&
            view.id === game.id
          )
            void store.games.show(view);
        },
        (e: unknown) => console.error('Gavel: the sync could not be read:', e),
      );
    };
    load();
    const refresh = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(refresh);
    };
  }, [store, sync, game.id]);

  return (
    <section aria-labelledby="cohosts-heading" data-testid="cohosts">
      <h2 id="cohosts-heading">{t('popup_sync_heading')}</h2>
      {status === null ? (
        <form
          class="gavel-form"
          onSubmit={(e) => {
            e.preventDefault();
            void sync.share(game.id, server, hostName);
          }}
        >
          <p class="gavel-muted">{t('popup_sync_share_intro')}</p>
          <label class="gavel-field">
            <span>{t('popup_sync_server')}</span>
            <input type="text" data-testid="sync-server" value={server} onInput={(e) => setServer(e.currentTarget.value)} />
          </label>
          <label class="gavel-field">
            <span>{t('popup_sync_name')}</span>
            <input type="text" data-testid="sync-host-name" value={hostName} onInput={(e) => setHostName(e.currentTarget.value)} />
          </label>
          <button type="submit" class="gavel-button gavel-button--primary" data-testid="sync-share" disabled={sync.busy.value}>
            {t('popup_sync_share')}
          </button>
        </form>
      ) : (
        <>
          <p data-testid="sync-state" data-state={status.state} class={status.state === 'connected' ? '' : 'gavel-muted'}>
            {status.state === 'ended' && status.endedBy !== null ? t('popup_sync_ended_by', status.endedBy) : stateWords(t, status.state)}
          </p>
          <p class="gavel-muted" data-testid="sync-you">
            {t('popup_sync_you', status.hostName, rightWords(t, status.right), status.server)}
            <br />
            <span data-testid="sync-last">
              {status.lastSyncedAt === null
                ? t('popup_sync_never_synced')
                : t('popup_sync_last_synced', formatMoment(status.lastSyncedAt, { t }, 'date-time'))}
            </span>
          </p>
          <p data-testid="sync-connected">
            {status.connected.length === 0
              ? t('popup_sync_nobody')
              : t(
                  'popup_sync_connected',
                  formatList(
                    status.connected.map((p) => `${p.name} (${rightWords(t, p.right)})`),
                    t,
                  ),
                )}
          </p>
          {status.conflicts.length > 0 && (
            <div data-testid="sync-conflicts">
              <h3>{t('popup_sync_conflicts')}</h3>
              <ul>
                {status.conflicts.map((c, i) => (
                  <li key={i}>{sayMessage(c, { t })}</li>
                ))}
              </ul>
            </div>
          )}
          {status.right === 'owner' && (
            <>
              <h3>{t('popup_sync_invite_heading')}</h3>
              <form
                class="gavel-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void sync.invite(game.id, inviteName, right).then((ok) => {
                    if (ok) setInviteName('');
                  });
                }}
              >
                <label class="gavel-field">
                  <span>{t('popup_sync_invite_name')}</span>
                  <input type="text" data-testid="invite-name" value={inviteName} onInput={(e) => setInviteName(e.currentTarget.value)} />
                </label>
                <label class="gavel-field">
                  <span>{t('popup_sync_invite_right')}</span>
                  <select
                    data-testid="invite-right"
                    value={right}
                    onChange={(e) => setRight(e.currentTarget.value === 'read' ? 'read' : 'write')}
                  >
                    <option value="write">{t('popup_sync_right_write')}</option>
                    <option value="read">{t('popup_sync_right_read')}</option>
                  </select>
                </label>
                <button type="submit" class="gavel-button" data-testid="invite" disabled={sync.busy.value}>
                  {t('popup_sync_invite')}
                </button>
              </form>
              {sync.code.value !== null && (
                <div class="gavel-field">
                  <span>{t('popup_sync_code')}</span>
                  <textarea readOnly rows={3} data-testid="invite-code" value={sync.code.value} />
                </div>
              )}
              <h3>{t('popup_sync_invited')}</h3>
              {status.coHosts === null ? (
                <p class="gavel-muted">{t('popup_sync_cohosts_offline')}</p>
              ) : (
                <ul data-testid="cohost-list">
                  {status.coHosts.map((h) => (
                    <li key={h.id} data-testid="cohost">
                      {h.name} · {rightWords(t, h.right)}
                      {h.revoked ? (
                        ` · ${t('popup_sync_revoked')}`
                      ) : (
                        <>
                          {' '}
                          <button
                            type="button"
                            class="gavel-button gavel-button--danger"
                            data-testid="revoke"
                            disabled={sync.busy.value}
                            onClick={() => void sync.revoke(game.id, h.id)}
                          >
                            {t('popup_sync_revoke')}
                          </button>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
      {status !== null && (
        <div class="gavel-form" data-testid="sync-stop-controls">
          {stopping === null ? (
            status.right === 'owner' ? (
              <button
                type="button"
                class="gavel-button gavel-button--danger"
                data-testid="sync-stop"
                disabled={sync.busy.value}
                onClick={() => setStopping('stop')}
              >
                {t('popup_sync_stop')}
              </button>
            ) : (
              <>
                <button
                  type="button"
                  class="gavel-button"
                  data-testid="sync-leave-keep"
                  disabled={sync.busy.value}
                  onClick={() => setStopping('keep')}
                >
                  {t(status.state === 'ended' ? 'popup_sync_ended_keep' : 'popup_sync_leave_keep')}
                </button>{' '}
                <button
                  type="button"
                  class="gavel-button gavel-button--danger"
                  data-testid="sync-leave-remove"
                  disabled={sync.busy.value}
                  onClick={() => setStopping('remove')}
                >
                  {t(status.state === 'ended' ? 'popup_sync_ended_remove' : 'popup_sync_leave_remove')}
                </button>
              </>
            )
          ) : (
            <>
              <p data-testid="sync-stop-confirm-text">
                {t(
                  stopping === 'stop'
                    ? 'popup_sync_stop_confirm'
                    : stopping === 'keep'
                      ? status.state === 'ended'
                        ? 'popup_sync_ended_keep_confirm'
                        : 'popup_sync_leave_keep_confirm'
                      : 'popup_sync_leave_remove_confirm',
                )}
              </p>
              <button
                type="button"
                class={stopping === 'keep' ? 'gavel-button' : 'gavel-button gavel-button--danger'}
                data-testid="sync-stop-confirm"
                disabled={sync.busy.value}
                onClick={() => stop(stopping === 'remove')}
              >
                {t('popup_sync_stop_yes')}
              </button>{' '}
              <button type="button" class="gavel-button" data-testid="sync-stop-cancel" onClick={() => setStopping(null)}>
                {t('popup_sync_stop_no')}
              </button>
            </>
          )}
        </div>
      )}
      {sync.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="sync-problem">
          {sync.problem.value}
        </p>
      )}
    </section>
  );
}
