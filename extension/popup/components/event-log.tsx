import { ballotName } from '../ballot-words';
import { formatList, formatMoment, phaseLabel, sayMessage } from '../../shared/format';
import { useState } from 'preact/hooks';
import {
  applyEvent,
  deathCauseMessage,
  deriveState,
  nextPhaseOf,
  type GameEvent,
  type GameState,
  type PhaseRef,
  type Ruleset,
} from '../../../src/engine';
import { translatorFor } from '../../shared/catalogs';
import type { MessageKey, Translator } from '../../shared/i18n';
import { rulesetWords } from '../../shared/ruleset-words';
import { moveName } from '../move-name';
import type { HostEvent } from '../../shared/protocol';
import { useStore, useT } from '../store';
import { PlayerOptions } from './player-options';

/** "Day 2", "Night 1", or "Before the game", in the host's language (English when no translator is given). */
export function phaseName(phase: PhaseRef | null, t: Translator = translatorFor('en')): string {
  return phaseLabel(phase, t);
}

function nameIn(state: GameState, slotId: string): string {
  return state.players.find((p) => p.slot.id === slotId)?.name ?? slotId;
}

/**
 * What the ruleset calls an ability, a role, a status, a faction or a title, in the host's language where the
 * ruleset names it so (its id, readably, when it does not say).
 */
function namer(ruleset: Ruleset | null, t: Translator, timeZone?: string) {
  const readable = (id: string): string => id.replace(/[-_]+/g, ' ');
  const words = ruleset === null ? null : rulesetWords(ruleset, t.language);
  const named = (say: ((id: string) => string) | undefined) => (id: string) => {
    const said = say?.(id);
    return said === undefined || said === id ? readable(id) : said;
  };
  const ability = named(words?.ability);
  const role = named(words?.role);
  return {
    timeZone,
    ability,
    role,
    // A move that names its role (004 L47: "commissar/check") reads with it.
    move: (id: string): string => (ruleset === null ? ability(id) : moveName({ ability, role }, ruleset, id)),
    status: named(words?.status),
    faction: named(words?.faction),
    level: named(words?.level),
    title: (id: string): string => {
      const title = ruleset?.titles.find((x) => x.id === id) as
        { readonly name: string; readonly names?: Partial<Record<string, string>> } | undefined;
      return title?.names?.[t.language] ?? title?.name ?? readable(id);
    },
  };
}

const protectionWords: Readonly<Record<string, MessageKey>> = {
  vest: 'popup_night_protection_vest',
  'mafia-shield': 'popup_night_protection_mafia_shield',
  'self-guard': 'popup_night_protection_self_guard',
};

/** One event in the host's words, named as the players were at the time. */
function eventText(event: GameEvent, before: GameState, t: Translator, names: ReturnType<typeof namer>): string {
  const who = (slotId: string): string => nameIn(before, slotId);
  switch (event.type) {
    case 'game/setup':
      return t.plural('popup_log_setup', event.players.length);
    case 'phase/start':
      return t('popup_log_phase_begins', phaseName(event.phase, t));
    case 'player/die':
      return event.cause === 'mod-kill'
        ? event.by === undefined
          ? t('popup_log_mod_killed', nameIn(before, event.slotId))
          : t('popup_log_mod_killed_for', nameIn(before, event.slotId), event.by)
        : t('popup_log_dies', nameIn(before, event.slotId), sayMessage(deathCauseMessage(event.cause), { t }));
    case 'player/replace':
      return t('popup_log_replaces', event.name, nameIn(before, event.slotId));
    case 'player/revive':
      return t('popup_log_returns', nameIn(before, event.slotId));
    case 'game/end':
      return event.winners.length === 0
        ? t('popup_log_game_ends', event.reason)
        : t('popup_log_game_ends_winners', formatList(event.winners.map(who), t));
    case 'action/use':
      return t(
        'popup_log_action',
        who(event.actor),
        names.move(event.ability),
        event.targets.length === 0
          ? t('popup_log_nobody')
          : formatList(
              // A target is a family, a player, or a role (004 L7, L8: a role request names one).
              event.targets.map((x) =>
                before.families.includes(x) ? x : before.players.some((p) => p.slot.id === x) ? who(x) : names.role(x),
              ),
              t,
            ),
      );
    case 'action/refund':
      return t('popup_log_action_refund', who(event.actor), names.ability(event.ability));
    case 'vote/opening-set':
      return t(
        'popup_log_vote_opening_set',
        phaseName({ kind: 'day', number: event.day }, t),
        formatMoment(event.at, { t, timeZone: names.timeZone }),
      );
    case 'action/cancel': {
      // The move taken back, named as it was recorded (its log index is the state's `at`).
      const move = before.actions.find((a) => a.at === event.at);
      const what = move === undefined ? String(event.at) : `${who(move.actor)}: ${names.ability(move.ability)}`;
      return t(event.refused === true ? 'popup_log_action_refused' : 'popup_log_action_cancelled', what);
    }
    case 'protection/spend': {
      const key = protectionWords[event.protection];
      return t('popup_log_protection_spend', who(event.slotId), key === undefined ? event.protection.replace(/[-_]+/g, ' ') : t(key));
    }
    case 'kill/attempt':
      return t('popup_log_kill_attempt', who(event.slotId));
    case 'leader/set':
      return t('popup_log_leader_set', who(event.slotId));
    case 'night/carry':
      return t.plural('popup_log_night_carry', event.reserveKills, names.faction(event.faction));
    case 'night/hold':
      return t(
        'popup_log_night_hold',
        who(event.actor),
        names.ability(event.ability),
        event.targets.length === 0 ? t('popup_log_nobody') : formatList(event.targets.map(who), t),
      );
    case 'status/add':
      return t('popup_log_status_add', who(event.slotId), names.status(event.status));
    case 'status/remove':
      return t('popup_log_status_remove', who(event.slotId), names.status(event.status));
    case 'title/grant':
      return t('popup_log_title_grant', who(event.slotId), names.title(event.title));
    case 'title/revoke':
      return t('popup_log_title_revoke', who(event.slotId), names.title(event.title));
    case 'player/faction':
      return t('popup_log_faction_change', who(event.slotId), names.faction(event.faction));
    case 'role/change':
      return t(
        'popup_log_role_change',
        who(event.slotId),
        [event.role, ...(event.secondRole === undefined || event.secondRole === null ? [] : [event.secondRole])]
          .map(names.role)
          .join(' + '),
      );
    case 'will/set':
      return t('popup_log_will', who(event.slotId));
    case 'night/collect-choice':
      return t('popup_log_collect_choice', who(event.collector), who(event.victim));
    case 'note/leave':
      return t('popup_log_note', who(event.author), event.text);
    case 'note/refuse':
      return t('popup_log_note_refused');
    case 'message/send': {
      // What the game rules said (004's end-of-day moves) in the host's language; other messages are named, not quoted.
      if (event.message === undefined) return event.to === null ? t('popup_log_message_public') : t('popup_log_message_to', who(event.to));
      const said = sayMessage(event.message, { t, names });
      return event.to === null ? t('popup_log_message_said_public', said) : t('popup_log_message_said_to', who(event.to), said);
    }
    case 'strike/add':
      return t('popup_log_strike', who(event.slotId), event.reason);
    case 'day/result':
      return event.lynched.length === 0
        ? t('popup_log_day_no_lynch', phaseName(event.phase, t))
        : t('popup_log_day_lynched', phaseName(event.phase, t), formatList(event.lynched.map(who), t));
    case 'ballot/open':
      return event.approvedBy === undefined
        ? t('popup_log_ballot_open', ballotName(event.ballot, t))
        : t('popup_log_ballot_open_override', ballotName(event.ballot, t), event.approvedBy);
    case 'vote/cast':
      return t('popup_log_vote', who(event.voter), event.target === null ? t('popup_log_nobody') : who(event.target));
    case 'vote/withdraw':
      return t('popup_log_unvote', who(event.voter));
  }
}

/** The log as lines, oldest first, each with the phase it happened in (none for a phase's own start). */
export function describeLog(
  events: readonly GameEvent[],
  t: Translator = translatorFor('en'),
  ruleset: Ruleset | null = null,
  /** The game's clock, for the times the log shows (the vote's opening). */
  timeZone?: string,
): { readonly index: number; readonly phase: string; readonly text: string }[] {
  const names = namer(ruleset, t, timeZone);
  let state = deriveState([]);
  return events.map((event, index) => {
    const line = { index, phase: event.type === 'phase/start' ? '' : phaseName(state.phase, t), text: eventText(event, state, t, names) };
    state = applyEvent(state, event, index);
    return line;
  });
}

// The night panel records the Collector's choice (004 L41); the log's form records the rest.
type Kind = Exclude<HostEvent['kind'], 'collect-choice' | 'night-note' | 'night-note-refused'>;

/** The event log with the host's controls: a death, a mod-kill, a replacement, a new phase; undo the last. */
export function EventLog() {
  const store = useStore();
  const t = useT();
  const games = store.games;
  const game = games.current.value;
  const [kind, setKind] = useState<Kind>('death');
  const [slotId, setSlotId] = useState('');
  const [detail, setDetail] = useState('');
  const [post, setPost] = useState('');
  const state = games.state.value;
  if (game === null || state === null) return null;
  const next: PhaseRef = nextPhaseOf(state.phase, game.phases.firstPhase);
  const candidates = state.players.filter((p) => (kind === 'replacement' ? true : p.alive));
  const chosen = candidates.find((p) => p.slot.id === slotId)?.slot.id ?? candidates[0]?.slot.id ?? '';
  const lines = describeLog(game.events, t, game.ruleset.data, game.timeZone).slice(1);
  // A shared game: who recorded each event, and the conflict notes on it (the Co-hosts section keeps the sync read).
  // Only while the sync's log is this game's log as the page has it (one line per event); a local game has none.
  const sync = store.sync.status.value;
  const bylines = sync !== null && sync.gameId === game.id && sync.bylines.length === game.events.length ? sync.bylines : null;

  const submit = (e: Event): void => {
    e.preventDefault();
    const fromPost = post.trim() === '' ? null : Number(post);
    const event: HostEvent | null =
      kind === 'phase-start'
        ? { kind, phase: next }
        : chosen === ''
          ? null
          : kind === 'death'
            ? // Left empty, the worker records the code `killed`, which every reader words in its own language.
              { kind, slotId: chosen, cause: detail.trim() }
            : kind === 'mod-kill'
              ? { kind, slotId: chosen, reason: detail.trim() }
              : { kind, slotId: chosen, name: detail.trim(), fromPost };
    if (event === null) return;
    void games.record(event).then(() => {
      setDetail('');
      setPost('');
    });
  };

  return (
    <section aria-labelledby="log-heading" data-testid="event-log">
      <div class="gavel-section-head">
        <h2 id="log-heading">{t('popup_log_heading')}</h2>
        <button
          type="button"
          class="gavel-button"
          data-testid="undo-event"
          disabled={lines.length === 0 || games.busy.value}
          onClick={() => void games.undo()}
        >
          {t('popup_log_undo')}
        </button>
      </div>
      {lines.length === 0 ? (
        <p class="gavel-muted">{t('popup_log_empty', phaseName(state.phase, t))}</p>
      ) : (
        <ol class="gavel-log" data-testid="log-lines">
          {lines.map((l) => (
            <li key={l.index} class={l.phase === '' ? 'gavel-log__start' : undefined}>
              <span class="gavel-log__phase">{l.phase}</span>
              <span>
                <span>{l.text}</span>
                {typeof bylines?.[l.index]?.author === 'string' && (
                  <span class="gavel-log__by" data-testid="log-author">
                    {' '}
                    {t('popup_log_by', bylines[l.index]?.author ?? '')}
                  </span>
                )}
                {bylines?.[l.index]?.notes.map((note, i) => (
                  <span key={i} class="gavel-log__note" role="note" data-testid="log-conflict">
                    {sayMessage(note, { t })}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
      {/* Once the game is over only Undo changes it. */}
      {state.ended === undefined && (
        <form class="gavel-record" onSubmit={submit}>
          <select
            aria-label={t('popup_log_heading')}
            data-testid="event-kind"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as Kind)}
          >
            <option value="death">{t('popup_log_kind_death')}</option>
            <option value="mod-kill">{t('popup_log_kind_mod_kill')}</option>
            <option value="replacement">{t('popup_log_kind_replacement')}</option>
            <option value="phase-start">{t('popup_log_phase_begins', phaseName(next, t))}</option>
          </select>
          {kind !== 'phase-start' && (
            <select
              aria-label={t('common_player')}
              data-testid="event-player"
              value={chosen}
              onChange={(e) => setSlotId(e.currentTarget.value)}
            >
              <PlayerOptions players={candidates} />
            </select>
          )}
          {kind === 'death' && (
            <input
              type="text"
              aria-label={t('popup_log_cause')}
              data-testid="event-detail"
              placeholder={t('popup_log_cause_placeholder')}
              value={detail}
              onInput={(e) => setDetail(e.currentTarget.value)}
            />
          )}
          {kind === 'mod-kill' && (
            <input
              type="text"
              aria-label={t('popup_log_reason')}
              data-testid="event-detail"
              placeholder={t('popup_log_reason_placeholder')}
              value={detail}
              onInput={(e) => setDetail(e.currentTarget.value)}
            />
          )}
          {kind === 'replacement' && (
            <>
              <input
                type="text"
                aria-label={t('popup_log_new_player')}
                data-testid="event-detail"
                placeholder={t('popup_log_new_account')}
                value={detail}
                onInput={(e) => setDetail(e.currentTarget.value)}
              />
              <input
                type="number"
                min={0}
                class="gavel-post-number"
                aria-label={t('popup_from_post')}
                placeholder={t('popup_from_post_number')}
                value={post}
                onInput={(e) => setPost(e.currentTarget.value)}
              />
            </>
          )}
          <button
            type="submit"
            class="gavel-button gavel-button--primary"
            data-testid="record-event"
            disabled={games.busy.value || (kind === 'replacement' && detail.trim() === '') || (kind !== 'phase-start' && chosen === '')}
          >
            {t('popup_log_record')}
          </button>
        </form>
      )}
    </section>
  );
}
