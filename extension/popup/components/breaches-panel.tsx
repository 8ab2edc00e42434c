import { useEffect, useState } from 'preact/hooks';
import { shownPostNumber } from '../../../src/model/post';
import type { MessageKey } from '../../shared/i18n';
import type { BreachStanding, LedgerBreachView, PlayerLedgerView } from '../../shared/protocol';
import { breachReasonKey, sanctionKey } from '../../shared/reason-keys';
import { isWebAddress } from '../breaches-store';
import { useStore, useT } from '../store';

const standingWords: Readonly<Record<BreachStanding, MessageKey>> = {
  clear: 'popup_standing_clear',
  warned: 'popup_standing_warned',
  'mod-kill-due': 'popup_standing_mod_kill_due',
  exiled: 'popup_standing_exiled',
};

/** Where a breach is: a link to its post when it has a web address, else its number or its day. */
function PostLink({ breach }: { readonly breach: LedgerBreachView }) {
  const store = useStore();
  const t = useT();
  // the post's number as the thread's forum shows it (SMF's "Reply #25" is Gavel's 26)
  const post = breach.post === null ? null : shownPostNumber(breach.post, store.breaches.ledger.value?.numbering);
  const where = post === null ? (breach.phase ?? t('popup_breach_the_game')) : `#${post}`;
  const link = breach.permalink;
  if (breach.post === null || link === undefined || !isWebAddress(link)) return <span class="gavel-breach__where">{where}</span>;
  return (
    <a
      class="gavel-breach__where"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="breach-post-link"
      title={t('popup_breach_open_post', post ?? breach.post)}
      onClick={(e) => {
        e.preventDefault();
        void store.breaches.openPost(link);
      }}
    >
      {where}
    </a>
  );
}

function BreachItem({ breach }: { readonly breach: LedgerBreachView }) {
  const store = useStore();
  const t = useT();
  const breaches = store.breaches;
  const [note, setNote] = useState<string | null>(null);
  const pardoned = breach.pardon !== null;
  return (
    <li class={pardoned ? 'gavel-breach gavel-breach--pardoned' : 'gavel-breach'} data-testid="breach" data-breach-id={breach.id}>
      <div class="gavel-breach__line">
        <PostLink breach={breach} />
        <span class="gavel-breach__what">
          <span class="gavel-breach__rule">{t(breachReasonKey[breach.code])}</span>
          {breach.post !== null && breach.phase !== null && <span class="gavel-muted"> · {breach.phase}</span>}
          <span class="gavel-muted"> · {t(sanctionKey[breach.sanctionCode])}</span>
        </span>
        {pardoned ? (
          <button
            type="button"
            class="gavel-link-button"
            data-testid="breach-unpardon"
            disabled={breaches.busy.value}
            onClick={() => void breaches.unpardon(breach.id)}
          >
            {t('popup_breach_unpardon')}
          </button>
        ) : (
          note === null && (
            <button type="button" class="gavel-link-button" data-testid="breach-pardon" onClick={() => setNote('')}>
              {t('popup_breach_pardon_open')}
            </button>
          )
        )}
      </div>
      <p class="gavel-breach__detail gavel-muted">{breach.detail}</p>
      {breach.pardon !== null && (
        <p class="gavel-breach__note" data-testid="breach-pardon-note">
          {t('popup_breach_pardoned_note', breach.pardon.note)}
        </p>
      )}
      {!pardoned && note !== null && (
        <form
          class="gavel-inline gavel-breach__form"
          onSubmit={(e) => {
            e.preventDefault();
            void breaches.pardon(breach.id, note).then((done) => {
              if (done) setNote(null);
            });
          }}
        >
          <input
            type="text"
            aria-label={t('popup_breach_why_pardon', breach.player)}
            placeholder={t('popup_breach_why_placeholder')}
            data-testid="breach-pardon-note-input"
            value={note}
            onInput={(e) => setNote(e.currentTarget.value)}
          />
          <button
            type="submit"
            class="gavel-button gavel-button--primary"
            data-testid="breach-pardon-confirm"
            disabled={breaches.busy.value}
          >
            {t('popup_breach_pardon')}
          </button>
          <button type="button" class="gavel-button" onClick={() => setNote(null)}>
            {t('common_cancel')}
          </button>
        </form>
      )}
    </li>
  );
}

function PlayerItem({ player }: { readonly player: PlayerLedgerView }) {
  const t = useT();
  const pardoned = player.breaches.filter((b) => b.pardon !== null).length;
  const marks = [
    player.warnings > 0 ? t.plural('popup_warnings', player.warnings) : '',
    player.strikes > 0 ? t.plural('popup_strikes', player.strikes) : '',
    pardoned > 0 ? t('popup_pardoned_count', pardoned) : '',
  ]
    .filter((s) => s !== '')
    .join(' · ');
  return (
    <li class={`gavel-ledger__player gavel-ledger__player--${player.standing}`} data-testid="ledger-player" data-standing={player.standing}>
      <div class="gavel-ledger__head">
        <strong class="gavel-ledger__name">{player.name}</strong>
        {player.slot === null && <span class="gavel-muted gavel-small">{t('popup_not_in_game')}</span>}
        {player.standing !== 'clear' && (
          <span class={`gavel-standing gavel-standing--${player.standing}`} data-testid="ledger-standing">
            {t(standingWords[player.standing])}
          </span>
        )}
        {marks !== '' && <span class="gavel-muted gavel-small">{marks}</span>}
      </div>
      <ul class="gavel-breaches">
        {player.breaches.map((b) => (
          <BreachItem key={b.id} breach={b} />
        ))}
      </ul>
    </li>
  );
}

/** The game's breach ledger: who breached which rule, the sanction, the host's pardons, and each player's standing. */
export function BreachesPanel() {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const breaches = store.breaches;
  const gameId = game?.id ?? null;
  // A changed setup (roster, rules, phases, deaths) changes the ledger: load it again.
  const updatedAt = game?.updatedAt ?? 0;
  useEffect(() => {
    if (gameId !== null) void breaches.load(gameId);
  }, [gameId, updatedAt, breaches]);
  if (game === null) return null;
  const ledger = breaches.ledger.value?.gameId === game.id ? breaches.ledger.value : null;
  const withBreaches = ledger?.players.filter((p) => p.breaches.length > 0) ?? [];
  const clear = ledger?.players.filter((p) => p.breaches.length === 0) ?? [];

  return (
    <section class="gavel-ledger" aria-labelledby="breaches-heading" data-testid="breaches-panel">
      <div class="gavel-section-head">
        <h2 id="breaches-heading">{t('popup_breaches_heading')}</h2>
        <button
          type="button"
          class="gavel-button"
          data-testid="breaches-refresh"
          disabled={breaches.busy.value}
          onClick={() => void breaches.load(game.id)}
        >
          {t('popup_refresh')}
        </button>
      </div>
      {breaches.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="breaches-problem">
          {breaches.problem.value}
        </p>
      )}
      {ledger === null ? (
        <p class="gavel-muted">{t('popup_reading_thread')}</p>
      ) : ledger.reason !== null ? (
        <p class="gavel-muted" data-testid="breaches-none">
          {ledger.reason}
        </p>
      ) : (
        <>
          <p class="gavel-muted gavel-small" data-testid="breaches-thresholds">
            {t('popup_breach_rules', ledger.rules, ledger.thresholds)}
          </p>
          {withBreaches.length === 0 ? (
            <p class="gavel-notice" data-testid="breaches-none">
              {t('popup_breaches_none')}
            </p>
          ) : (
            <ul class="gavel-ledger__players">
              {withBreaches.map((p) => (
                <PlayerItem key={`${p.slot ?? ''}:${p.name}`} player={p} />
              ))}
            </ul>
          )}
          {clear.length > 0 && (
            <p class="gavel-small" data-testid="breaches-clear">
              <span class="gavel-muted">{t('popup_breaches_clear', clear.length)}</span> {clear.map((p) => p.name).join(', ')}
            </p>
          )}
          {ledger.unmatchedPardons.length > 0 && (
            <p class="gavel-muted gavel-small" data-testid="breaches-unmatched">
              {t('popup_breaches_unmatched', ledger.unmatchedPardons.map((p) => `${p.breachId} (${p.note})`).join('; '))}
            </p>
          )}
        </>
      )}
    </section>
  );
}
