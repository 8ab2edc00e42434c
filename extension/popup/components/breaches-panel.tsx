import { useEffect, useState } from 'preact/hooks';
import { shownPostNumber } from '../../../src/model/post';
import { phaseLabel, sayMessage } from '../../shared/format';
import type { MessageKey } from '../../shared/i18n';
import { NameList } from '../../shared/name-list';
import type { BreachLedgerView, BreachStanding, LedgerBreachView, PlayerLedgerView } from '../../shared/protocol';
import { breachReasonKey, sanctionKey } from '../../shared/reason-keys';
import { isWebAddress } from '../breaches-store';
import { useStore, useT } from '../store';
import { BreachRulesEditor, BreachRulesSummary } from './breach-rules-editor';

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
  const where = post === null ? (breach.phaseRef === null ? t('popup_breach_the_game') : phaseLabel(breach.phaseRef, t)) : `#${post}`;
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

function BreachItem({ breach, timeZone }: { readonly breach: LedgerBreachView; readonly timeZone: string }) {
  const store = useStore();
  const t = useT();
  const breaches = store.breaches;
  const [note, setNote] = useState<string | null>(null);
  const pardoned = breach.pardon !== null;
  const ctx = { t, timeZone };
  return (
    <li class={pardoned ? 'gavel-breach gavel-breach--pardoned' : 'gavel-breach'} data-testid="breach" data-breach-id={breach.id}>
      <div class="gavel-breach__line">
        {!pardoned && (
          <input
            type="checkbox"
            data-testid="breach-select"
            aria-label={t('popup_pardon_choose', breach.player)}
            checked={breaches.chosen.value.has(breach.id)}
            onChange={() => breaches.toggle([breach.id])}
          />
        )}
        <PostLink breach={breach} />
        <span class="gavel-breach__what">
          <span class="gavel-breach__rule">{t(breachReasonKey[breach.code])}</span>
          {breach.post !== null && breach.phaseRef !== null && <span class="gavel-muted"> · {phaseLabel(breach.phaseRef, t)}</span>}
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
      <p class="gavel-breach__detail gavel-muted" data-testid="breach-finding">
        {breach.findings.map((m) => sayMessage(m, ctx)).join(' ')}
      </p>
      <p class="gavel-breach__detail gavel-muted gavel-small" data-testid="breach-rule-applied">
        {t('popup_breach_rule_applied', breach.terms.map((m) => sayMessage(m, ctx)).join(' '))}
      </p>
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

function PlayerItem({ player, timeZone }: { readonly player: PlayerLedgerView; readonly timeZone: string }) {
  const t = useT();
  const breaches = useStore().breaches;
  const open = player.breaches.filter((b) => b.pardon === null).map((b) => b.id);
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
        {open.length > 1 && (
          <button type="button" class="gavel-link-button" data-testid="breach-select-player" onClick={() => breaches.toggle(open)}>
            {t('popup_pardon_choose_all_of', player.name)}
          </button>
        )}
      </div>
      <ul class="gavel-breaches">
        {player.breaches.map((b) => (
          <BreachItem key={b.id} breach={b} timeZone={timeZone} />
        ))}
      </ul>
    </li>
  );
}

/** Choosing many breaches at once: all of a kind or of a day, then one note for all of them. */
function BulkPardon({ ledger }: { readonly ledger: BreachLedgerView }) {
  const store = useStore();
  const t = useT();
  const breaches = store.breaches;
  const [note, setNote] = useState('');
  const open = ledger.players.flatMap((p) => p.breaches.filter((b) => b.pardon === null));
  if (open.length < 2) return null;
  const kinds = [...new Set(open.map((b) => b.code))];
  // Days by their English key, each shown in the host's language.
  const days = new Map(
    open.flatMap((b) => (b.phase === null || b.phaseRef === null ? [] : [[b.phase, phaseLabel(b.phaseRef, t)] as const])),
  );
  const chosen = breaches.chosen.value;
  const count = open.filter((b) => chosen.has(b.id)).length;
  return (
    <div class="gavel-bulk" data-testid="bulk-pardon">
      <div class="gavel-inline">
        <span class="gavel-muted gavel-small">{t('popup_pardon_choose_by')}</span>
        <select
          data-testid="bulk-kind"
          aria-label={t('popup_pardon_choose_kind')}
          value=""
          onChange={(e) => {
            const code = e.currentTarget.value;
            if (code !== '') breaches.toggle(open.filter((b) => b.code === code).map((b) => b.id));
          }}
        >
          <option value="">{t('popup_pardon_choose_kind')}</option>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(breachReasonKey[k])}
            </option>
          ))}
        </select>
        {days.size > 0 && (
          <select
            data-testid="bulk-day"
            aria-label={t('popup_pardon_choose_day')}
            value=""
            onChange={(e) => {
              const day = e.currentTarget.value;
              if (day !== '') breaches.toggle(open.filter((b) => b.phase === day).map((b) => b.id));
            }}
          >
            <option value="">{t('popup_pardon_choose_day')}</option>
            {[...days].map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        )}
        <button type="button" class="gavel-link-button" data-testid="bulk-all" onClick={() => breaches.toggle(open.map((b) => b.id))}>
          {t('popup_pardon_choose_all')}
        </button>
      </div>
      {count > 0 && (
        <form
          class="gavel-inline gavel-breach__form"
          data-testid="bulk-form"
          onSubmit={(e) => {
            e.preventDefault();
            void breaches.pardonChosen(note).then((done) => {
              if (done) setNote('');
            });
          }}
        >
          <span data-testid="bulk-count">{t.plural('popup_pardon_chosen', count)}</span>
          <input
            type="text"
            aria-label={t('popup_pardon_many_why')}
            placeholder={t('popup_breach_why_placeholder')}
            data-testid="bulk-note"
            value={note}
            onInput={(e) => setNote(e.currentTarget.value)}
          />
          <button type="submit" class="gavel-button gavel-button--primary" data-testid="bulk-confirm" disabled={breaches.busy.value}>
            {t('popup_pardon_many')}
          </button>
          <button type="button" class="gavel-button" data-testid="bulk-clear" onClick={() => breaches.clearChoice()}>
            {t('popup_pardon_clear_choice')}
          </button>
        </form>
      )}
    </div>
  );
}

/** The game's breach rules: in words, with its figures, and the host's editor. */
function RulesPart({ ledger }: { readonly ledger: BreachLedgerView }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  // Open while the host looks at the rules or edits them; saving leaves them shown, as they now read.
  const [open, setOpen] = useState(false);
  return (
    <details
      class="gavel-rules-part"
      data-testid="breach-rules-part"
      open={open || editing}
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary>{ledger.custom ? t('popup_rules_heading_custom', ledger.presetRules.id) : t('popup_rules_heading', ledger.rules)}</summary>
      {editing ? (
        <BreachRulesEditor ledger={ledger} onClose={() => setEditing(false)} />
      ) : (
        <>
          <BreachRulesSummary rules={ledger.breachRules} />
          <button type="button" class="gavel-button" data-testid="breach-rules-edit" onClick={() => setEditing(true)}>
            {t('popup_rules_edit')}
          </button>
        </>
      )}
    </details>
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
      {ledger !== null && <RulesPart ledger={ledger} />}
      {ledger === null ? (
        <p class="gavel-muted">{t('popup_reading_thread')}</p>
      ) : ledger.reason !== null ? (
        <p class="gavel-muted" data-testid="breaches-none">
          {ledger.reason}
        </p>
      ) : (
        <>
          <p class="gavel-muted gavel-small" data-testid="breaches-thresholds">
            {ledger.thresholds.map((m) => sayMessage(m, { t })).join(' ')}
          </p>
          {withBreaches.length === 0 ? (
            <p class="gavel-notice" data-testid="breaches-none">
              {t('popup_breaches_none')}
            </p>
          ) : (
            <>
              <BulkPardon ledger={ledger} />
              <ul class="gavel-ledger__players">
                {withBreaches.map((p) => (
                  <PlayerItem key={`${p.slot ?? ''}:${p.name}`} player={p} timeZone={ledger.timeZone} />
                ))}
              </ul>
            </>
          )}
          {clear.length > 0 && (
            <div class="gavel-small" data-testid="breaches-clear">
              <span class="gavel-muted">{t('popup_breaches_clear', clear.length)}</span> <NameList names={clear.map((p) => p.name)} />
            </div>
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
