/**
 * The day's moves: the host enters a move a player made by day or at the end
 * of the day (from a PM or a post): any ability the game's ruleset gives the
 * player's roles that is not a night or passive one, so a role the ruleset
 * adds is offered without a line here. The worker records it as the ability's
 * use (`action/use`) when the engine allows it, and says the engine's reason
 * when it does not (nothing is recorded then, and the form keeps what was
 * chosen). The day's tally reads the moves; the host takes one back on its own, refused to the player (004 L125.9) or
 * entered by mistake (`action/cancel`), and may give the time the move's PM arrived (L113; empty: now).
 */
import { useState } from 'preact/hooks';
import {
  peacefulRoleIds,
  roleAbilities,
  rulesetNightRules,
  takesText,
  type GameEvent,
  type GameState,
  type PlayerState,
  type Ruleset,
  type NightPlaces,
  type RulesetAbility,
} from '../../../src/engine';
import { formatList, formatMoment, parseWallClock } from '../../shared/format';
import { rulesetWords } from '../../shared/ruleset-words';
import { moveName } from '../move-name';
import { useStore, useT } from '../store';
import { PlayerOptions } from './player-options';

/** Whether an ability is made by day: every timing but the night's own and the passive ones. */
export function isDayMove(ability: RulesetAbility): boolean {
  return ability.timing !== 'night' && ability.timing !== 'passive';
}

/** The day moves a player's roles give (their first and second role). */
export function dayMovesOf(player: PlayerState, ruleset: Ruleset): RulesetAbility[] {
  return roleAbilities(player, ruleset).filter(isDayMove);
}

/**
 * L47: the Wizard's choice of a peaceful role absent from the game (by day for a game day; at night, `timing`
 * 'night', a declaration sent on its own, with no move of the role, whose power may be a passive): a move
 * `<role>/<his ability>` (the ability whose night part is the passive `uses-absent-roles`), one per peaceful role no
 * player holds, with no target. The engine judges it (a role used before, a fourth role) when it is recorded.
 */
export function absentRoleMovesOf(
  player: PlayerState,
  state: GameState,
  ruleset: Ruleset,
  timing: 'day' | 'night' = 'day',
): RulesetAbility[] {
  const own = roleAbilities(player, ruleset).find(
    (a) => a.night !== undefined && 'passive' in a.night && a.night.passive === 'uses-absent-roles',
  );
  if (own === undefined) return [];
  const held = new Set(state.players.flatMap((p) => [p.role, p.secondRole]));
  return ruleset.roles
    .filter((r) => r.night?.factionRole !== true && !held.has(r.id))
    .map((r) => ({ id: `${r.id}/${own.id}`, name: r.name, timing, targets: 0 }));
}

/**
 * 004 L86: a role request's answer as the host types it, night by night ("1: Boris; 2: -; 3: Vera, Anna": a night's
 * number, then the players by name, "-" or nothing for home): the nights with the players' slot ids, or null when a
 * part is not a night or names no player of the game.
 */
export function parseNightPlaces(text: string, players: readonly PlayerState[]): NightPlaces | null {
  const nights: { night: number; places: string[] }[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const m = /^\s*(\d+)\s*[:=]\s*(.*)$/.exec(part);
    if (m === null || Number(m[1]) < 1) return null;
    const names = (m[2] ?? '').trim();
    const places: string[] = [];
    if (names !== '-' && names !== '') {
      for (const name of names.split(',')) {
        const p = players.find((x) => x.name.toLowerCase() === name.trim().toLowerCase());
        if (p === undefined) return null;
        places.push(p.slot.id);
      }
    }
    nights.push({ night: Number(m[1]), places });
  }
  return nights.length === 0 ? null : nights;
}

/** Whether a day move makes a collected role the active one (004 L41: the ruleset's `borrowing.activateMoves`). */
function activatesCollected(ruleset: Ruleset, ability: string): boolean {
  return rulesetNightRules(ruleset)?.borrowing?.activateMoves?.includes(ability) === true;
}

/** The players whose roles a Collector holds: the dead with a status of mechanic `in-collection` by him (L41). */
export function collectionOf(ruleset: Ruleset, state: GameState, collector: string): PlayerState[] {
  const ids = ruleset.statuses.filter((d) => d.night?.mechanic === 'in-collection').map((d) => d.id);
  return state.players.filter((p) => p.statuses.some((s) => ids.includes(s.id) && s.by === collector));
}

/**
 * The day's recorded moves, oldest first: the ability uses since the day began, each with its index in the log (the
 * state's `at`), without those the host took back (`action/cancel`).
 */
function todaysMoves(
  events: readonly GameEvent[],
  day: number,
): { readonly move: Extract<GameEvent, { readonly type: 'action/use' }>; readonly index: number }[] {
  let start = -1;
  events.forEach((e, i) => {
    if (e.type === 'phase/start' && e.phase.kind === 'day' && e.phase.number === day) start = i;
  });
  if (start < 0) return [];
  const cancelled = new Set(events.slice(start + 1).flatMap((e) => (e.type === 'action/cancel' ? [e.at] : [])));
  return events.flatMap((move, index) => (index > start && move.type === 'action/use' && !cancelled.has(index) ? [{ move, index }] : []));
}

/**
 * A `datetime-local` field's value ("2026-11-20T18:30") as epoch ms, read on the game's clock, not the host's
 * machine's: a host in Berlin running a game on Moscow time types the time the forum shows (undefined: empty or not
 * a time).
 */
export function gameMoment(value: string, timeZone: string): number | undefined {
  if (value.trim() === '') return undefined;
  return parseWallClock(value, timeZone) ?? undefined;
}

/** Under a time field: how the time typed reads on the game's clock, with the zone's name (nothing while it is empty). */
export function GameTimeReading({
  value,
  timeZone,
  testId,
}: {
  readonly value: string;
  readonly timeZone: string;
  readonly testId: string;
}) {
  const t = useT();
  const at = gameMoment(value, timeZone);
  return (
    <span class="gavel-muted gavel-small" data-testid={testId}>
      {at === undefined
        ? t('popup_time_game_zone', timeZone)
        : t('popup_time_reading', formatMoment(at, { t, timeZone }, 'weekday-time'), timeZone)}
    </span>
  );
}

export function DayMoves({ day }: { readonly day: number }) {
  const store = useStore();
  const t = useT();
  const moves = store.dayMoves;
  const game = store.games.current.value;
  const state = store.games.state.value;
  const [actor, setActor] = useState('');
  const [ability, setAbility] = useState('');
  const [targets, setTargets] = useState<readonly string[]>([]);
  const [pmAt, setPmAt] = useState('');
  const [playerWords, setPlayerWords] = useState('');
  const [cancelAt, setCancelAt] = useState('');
  const [forgedText, setForgedText] = useState('');
  const [forgedWhen, setForgedWhen] = useState('');
  const [forgedBad, setForgedBad] = useState(false);
  if (game === null || state === null) return null;
  const ruleset = game.ruleset.data;
  const words = rulesetWords(ruleset, t.language);
  const movesOf = (p: PlayerState): RulesetAbility[] => [...dayMovesOf(p, ruleset), ...absentRoleMovesOf(p, state, ruleset)];
  // A role the Wizard takes reads as his ability and the role ("Absent role: Kamikaze"); a role's move as the role and it.
  const nameOf = (id: string): string => moveName(words, ruleset, id);
  const actors = state.players.filter((p) => p.alive && movesOf(p).length > 0);
  // A move's target is a player, or a role (004 L7, L8: a role request), read in the host's language.
  const name = (id: string): string =>
    state.players.find((p) => p.slot.id === id)?.name ?? (ruleset.roles.some((r) => r.id === id) ? words.role(id) : id);
  const recorded = todaysMoves(game.events, day);
  // A move with no target (a Wizard's declaration) is listed without the arrow.
  const moveLabel = (m: {
    readonly actor: string;
    readonly ability: string;
    readonly targets: readonly string[];
    readonly text?: string;
  }): string =>
    m.targets.length > 0
      ? t('popup_log_action', name(m.actor), nameOf(m.ability), formatList(m.targets.map(name), t))
      : m.text === undefined
        ? t('popup_daymoves_untargeted', name(m.actor), nameOf(m.ability))
        : t('popup_daymoves_worded', name(m.actor), nameOf(m.ability), m.text);
  if (actors.length === 0 && recorded.length === 0) return null;
  const chosenActor = actors.find((p) => p.slot.id === actor) ?? actors[0];
  const abilities = chosenActor === undefined ? [] : movesOf(chosenActor);
  const chosenAbility = abilities.find((a) => a.id === ability) ?? abilities[0];
  const most = chosenAbility?.targets ?? 1;
  // A move that hands on the player's words (004: the Drug dealer's amount, the Agent's side) has a field for them.
  const worded = takesText(chosenAbility);
  const living = state.players.filter((p) => p.alive);
  // 004 L41: the Collector activates a collected role by naming its former holder, a dead player of his collection.
  const choosable =
    chosenActor !== undefined && chosenAbility !== undefined && activatesCollected(ruleset, chosenAbility.id)
      ? collectionOf(ruleset, state, chosenActor.slot.id)
      : living;
  // 004 L7, L8: a role request names one of the game's peaceful roles ("конкретную мирную роль"), not a player.
  const requestsRole = chosenAbility?.roleRequest !== undefined;
  const roleChoices = requestsRole ? peacefulRoleIds(ruleset, chosenAbility) : [];
  // L86, L77: a black or Faceless Detective may hand the Investigator another answer (`roleRequest.forwardForgedBy`).
  const colour = ruleset.factions.find((f) => f.id === chosenActor?.faction)?.color;
  const forges =
    requestsRole && (colour === 'black' || colour === 'grey') && chosenAbility?.roleRequest?.forwardForgedBy?.includes(colour) === true;
  // The first target is needed; a move that names several (a Liar's two, a Witness's four) may name fewer.
  const targetAt = (i: number): string => {
    const chosen = targets[i];
    if (requestsRole) return chosen !== undefined && roleChoices.includes(chosen) ? chosen : (roleChoices[0] ?? '');
    if (chosen !== undefined && (chosen === '' ? i > 0 : choosable.some((p) => p.slot.id === chosen))) return chosen;
    return i === 0 ? (choosable.find((p) => p.slot.id !== chosenActor?.slot.id)?.slot.id ?? '') : '';
  };
  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (chosenActor === undefined || chosenAbility === undefined) return;
    const named = Array.from({ length: most }, (_, i) => targetAt(i)).filter((x) => x !== '');
    // L113: the time the move's PM arrived, as the host enters it on the game's clock; empty: now.
    const at = gameMoment(pmAt, game.timeZone);
    // L86: the substituted answer and its condition, read by the players' names; a text that reads as none is not sent.
    const forgedNights = forges && forgedText.trim() !== '' ? parseNightPlaces(forgedText, state.players) : undefined;
    const forgedIf = forges && forgedWhen.trim() !== '' ? parseNightPlaces(forgedWhen, state.players) : undefined;
    if (forgedNights === null || forgedIf === null) {
      setForgedBad(true);
      return;
    }
    setForgedBad(false);
    const requestForged =
      forgedNights === undefined ? undefined : { nights: forgedNights, ...(forgedIf === undefined ? {} : { when: forgedIf }) };
    const ok = await moves.move(game.id, day, {
      actor: chosenActor.slot.id,
      ability: chosenAbility.id,
      targets: named,
      ...(at === undefined ? {} : { at }),
      ...(worded && playerWords.trim() !== '' ? { text: playerWords.trim() } : {}),
      ...(requestForged === undefined ? {} : { requestForged }),
    });
    if (ok) {
      setTargets([]);
      setPmAt('');
      setPlayerWords('');
      setForgedText('');
      setForgedWhen('');
    }
  };
  const chosenCancel = recorded.find((r) => String(r.index) === cancelAt) ?? recorded.at(-1);
  const takeBack = (refused: boolean): void => {
    if (chosenCancel !== undefined) void moves.cancel(game.id, day, chosenCancel.index, refused);
  };
  return (
    <section class="gavel-day__moves" aria-labelledby="day-moves-heading" data-testid="day-moves">
      <h3 id="day-moves-heading">{t('popup_daymoves_heading')}</h3>
      <p class="gavel-muted gavel-small">{t('popup_daymoves_hint')}</p>
      {recorded.length > 0 && (
        <ul class="gavel-day__moves-list" data-testid="day-moves-list">
          {recorded.map(({ move: m, index }) => (
            <li key={index}>{moveLabel(m)}</li>
          ))}
        </ul>
      )}
      {chosenCancel !== undefined && (
        <div class="gavel-night-form" data-testid="day-move-cancel">
          <label class="gavel-field">
            <span>{t('popup_daymoves_cancel_which')}</span>
            <select
              data-testid="day-move-cancel-which"
              value={String(chosenCancel.index)}
              onChange={(e) => setCancelAt(e.currentTarget.value)}
            >
              {recorded.map(({ move: m, index }) => (
                <option key={index} value={String(index)}>
                  {moveLabel(m)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            class="gavel-button"
            data-testid="day-move-undo"
            disabled={moves.busy.value}
            onClick={() => takeBack(false)}
          >
            {t('popup_daymoves_undo')}
          </button>
          <button
            type="button"
            class="gavel-button"
            data-testid="day-move-refuse"
            disabled={moves.busy.value}
            onClick={() => takeBack(true)}
          >
            {t('popup_daymoves_refuse')}
          </button>
        </div>
      )}
      {chosenActor !== undefined && (
        <form class="gavel-night-form" data-testid="day-move-form" onSubmit={(e) => void submit(e)}>
          <label class="gavel-field">
            <span>{t('common_player')}</span>
            <select
              data-testid="day-move-actor"
              value={chosenActor.slot.id}
              onChange={(e) => {
                setActor(e.currentTarget.value);
                setAbility('');
                setTargets([]);
              }}
            >
              <PlayerOptions players={actors} />
            </select>
          </label>
          <label class="gavel-field">
            <span>{t('popup_daymoves_move')}</span>
            <select
              data-testid="day-move-ability"
              value={chosenAbility?.id ?? ''}
              onChange={(e) => {
                setAbility(e.currentTarget.value);
                setTargets([]);
                setPlayerWords('');
              }}
            >
              {abilities.map((a) => (
                <option key={a.id} value={a.id}>
                  {nameOf(a.id)}
                </option>
              ))}
            </select>
          </label>
          {Array.from({ length: most }, (_, i) => (
            <label key={`${chosenAbility?.id ?? ''}-${i}`} class="gavel-field">
              <span>
                {requestsRole ? t('popup_daymoves_role') : most === 1 ? t('popup_night_target') : t('popup_night_target_n', i + 1)}
              </span>
              <select
                data-testid={`day-move-target-${i}`}
                value={targetAt(i)}
                onChange={(e) => {
                  const next = Array.from({ length: most }, (_, j) => targetAt(j));
                  next[i] = e.currentTarget.value;
                  setTargets(next);
                }}
              >
                {i > 0 && <option value="">{t('popup_daymoves_no_target')}</option>}
                {requestsRole ? (
                  roleChoices.map((id) => (
                    <option key={id} value={id}>
                      {words.role(id)}
                    </option>
                  ))
                ) : (
                  <PlayerOptions players={choosable} />
                )}
              </select>
            </label>
          ))}
          {worded && (
            <label class="gavel-field">
              <span>{t('popup_daymoves_words')}</span>
              <input type="text" data-testid="day-move-words" value={playerWords} onInput={(e) => setPlayerWords(e.currentTarget.value)} />
            </label>
          )}
          {forges && (
            <>
              <label class="gavel-field">
                <span>{t('popup_daymoves_forged')}</span>
                <input type="text" data-testid="day-move-forged" value={forgedText} onInput={(e) => setForgedText(e.currentTarget.value)} />
              </label>
              <label class="gavel-field">
                <span>{t('popup_daymoves_forged_when')}</span>
                <input
                  type="text"
                  data-testid="day-move-forged-when"
                  value={forgedWhen}
                  onInput={(e) => setForgedWhen(e.currentTarget.value)}
                />
              </label>
              {forgedBad && (
                <p class="gavel-muted gavel-small" data-testid="day-move-forged-problem">
                  {t('popup_daymoves_forged_bad')}
                </p>
              )}
            </>
          )}
          <label class="gavel-field">
            <span>{t('popup_daymoves_pm_at')}</span>
            <input type="datetime-local" data-testid="day-move-at" value={pmAt} onInput={(e) => setPmAt(e.currentTarget.value)} />
            <GameTimeReading value={pmAt} timeZone={game.timeZone} testId="day-move-at-reading" />
          </label>
          <button type="submit" class="gavel-button gavel-button--primary" data-testid="day-move-record" disabled={moves.busy.value}>
            {t('popup_daymoves_record')}
          </button>
        </form>
      )}
    </section>
  );
}
