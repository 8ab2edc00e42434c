import { useEffect, useState } from 'preact/hooks';
import {
  forgedFormFor,
  forgesBlackening,
  postResultNames,
  renderNightResult,
  roleAbilities,
  takesText,
  type ForgedResult,
  type GameState,
  type NightReason,
  type Ruleset,
} from '../../../src/engine';
import { formatList, formatMoment, parseWallClock, wallClockText, type FormatContext } from '../../shared/format';
import { NameList } from '../../shared/name-list';
import type { GameRecord, NightActionItem, NightResolutionEntry } from '../../shared/protocol';
import { rulesetWords } from '../../shared/ruleset-words';
import { moveName } from '../move-name';
import { nightWords, outcomeText, resultNamesOf, sayReason } from '../night-words';
import { useStore, useT } from '../store';
import { CollectChoice } from './collect-choice';
import { NightNotes } from './night-notes';
import { absentRoleMovesOf } from './day-moves';
import { CopyablePost } from './copyable-post';
import { postLanguageOf } from '../../shared/post-language';
import { catalogWording } from '../../shared/engine-wording';
import { PlayerOptions } from './player-options';

export { nightWords, outcomeText, resultNamesOf, resultText, sayReason, type OutcomeWords } from '../night-words';

/** A player's night moves: his roles' own, then (a Wizard's, L47) the absent roles' moves and his declarations. */
/** The roles a player holds (his role and second role), to name his moves by the role that has them. */
function heldRoles(state: GameState, slotId: string): (string | undefined)[] {
  const p = state.players.find((x) => x.slot.id === slotId);
  return p === undefined ? [] : [p.role, p.secondRole];
}

function nightAbilities(
  state: GameState,
  ruleset: Ruleset,
  slotId: string,
  only: 'own' | 'all' = 'all',
): Ruleset['roles'][number]['abilities'][number][] {
  const player = state.players.find((p) => p.slot.id === slotId);
  if (player === undefined) return [];
  const own = roleAbilities(player, ruleset).filter((a) => a.timing === 'night' || a.timing === 'day-or-night');
  if (only === 'own') return own;
  return [...own, ...absentRoleNightMoves(state, ruleset, player), ...absentRoleMovesOf(player, state, ruleset, 'night')];
}

/**
 * L47: the Wizard's night moves of peaceful roles absent from the game, as `<role>/<ability>` (the intake judges the
 * role's absence and his three roles): for a player whose ability has the passive `uses-absent-roles`.
 */
function absentRoleNightMoves(
  state: GameState,
  ruleset: Ruleset,
  player: GameState['players'][number],
): Ruleset['roles'][number]['abilities'][number][] {
  const wizard = roleAbilities(player, ruleset).some(
    (a) => a.night !== undefined && 'passive' in a.night && a.night.passive === 'uses-absent-roles',
  );
  if (!wizard) return [];
  const held = new Set(state.players.flatMap((p) => [p.role, p.secondRole]));
  return ruleset.roles
    .filter((r) => r.night?.factionRole !== true && !held.has(r.id))
    .flatMap((r) =>
      r.abilities
        .filter((a) => a.night !== undefined && !('passive' in a.night) && (a.timing === 'night' || a.timing === 'day-or-night'))
        .map((a) => ({ ...a, id: `${r.id}/${a.id}` })),
    );
}

function Reasons({ reasons, format }: { readonly reasons: readonly NightReason[]; readonly format: FormatContext }) {
  if (reasons.length === 0) return null;
  return (
    <ul class="gavel-reasons">
      {reasons.map((r, i) => (
        <li key={i} class={r.stance === undefined ? undefined : `gavel-reasons--${r.stance}`}>
          {sayReason(r, format)}
          {r.because !== undefined && <Reasons reasons={r.because} format={format} />}
        </li>
      ))}
    </ul>
  );
}

function Resolution({
  entry,
  game,
  state,
}: {
  readonly entry: NightResolutionEntry;
  readonly game: GameRecord;
  readonly state: GameState;
}) {
  const t = useT();
  const name = (id: string): string => state.players.find((p) => p.slot.id === id)?.name ?? id;
  const format = nightWords(game, t);
  const ability = (id: string, actor: string): string => moveName(format.names, game.ruleset.data, id, heldRoles(state, actor));
  const results = resultNamesOf(state, game.ruleset.data, format.names, t.language);
  const { resolution } = entry;
  const outcomes = resolution.events.flatMap((e) => {
    const line = outcomeText(e, { name, format, results });
    return line === null ? [] : [{ ...line, reasons: e.reasons }];
  });
  return (
    <div class="gavel-resolution" data-testid="night-resolution">
      <h3>{entry.applied ? t('popup_night_outcome_applied') : t('popup_night_outcome')}</h3>
      {outcomes.length === 0 ? (
        <p class="gavel-muted">{t('popup_night_nothing_happened')}</p>
      ) : (
        <ul class="gavel-outcomes">
          {outcomes.map((o, i) => (
            <li key={i} class={`gavel-outcome gavel-outcome--${o.kind}`} data-testid="night-outcome">
              <strong>{o.text}</strong>
              <Reasons reasons={o.reasons} format={format} />
            </li>
          ))}
        </ul>
      )}
      {resolution.report !== undefined && resolution.report.length > 0 && (
        <div data-testid="night-report">
          <h3>{t('popup_night_report')}</h3>
          <Reasons reasons={resolution.report} format={format} />
        </div>
      )}
      {resolution.refused.length > 0 && (
        <>
          <h3>{t('popup_night_refused')}</h3>
          <ul class="gavel-outcomes" data-testid="night-refused">
            {resolution.refused.map((r, i) => (
              <li key={i} class="gavel-outcome gavel-outcome--refused">
                <strong>
                  {name(r.action.actor)}: {ability(r.action.ability, r.action.actor)} →
                </strong>{' '}
                <NameList names={r.action.targets.map(name)} />
                <div>{sayReason(r, format)}</div>
              </li>
            ))}
          </ul>
        </>
      )}
      {resolution.conditions.length > 0 && (
        <>
          <h3>{t('popup_night_conditions')}</h3>
          <ul class="gavel-outcomes">
            {resolution.conditions.map((c, i) => (
              <li key={i}>
                {name(c.actor)}: {c.text}
              </li>
            ))}
          </ul>
        </>
      )}
      {resolution.ambiguities.length > 0 && (
        <>
          <h3>{t('popup_night_ambiguities')}</h3>
          <ul class="gavel-outcomes" data-testid="night-ambiguities">
            {resolution.ambiguities.map((a, i) => (
              <li key={i}>{sayReason(a, format)}</li>
            ))}
          </ul>
        </>
      )}
      <p class="gavel-muted gavel-small">
        {t('popup_night_resolved_at', formatMoment(entry.resolvedAt, format))} ·{' '}
        {resolution.method === 'ordered' ? t('popup_night_method_ordered') : t('popup_night_method_rar')}
      </p>
    </div>
  );
}

/** Whether a night move of the ruleset may be sent with no target (`mayBeEmpty`: 004 L100, the Kamikaze's cleared list). */
function sentEmpty(ruleset: Ruleset, ability: string): boolean {
  return ruleset.roles.some((r) =>
    r.abilities.some((a) => a.id === ability && a.night !== undefined && 'mayBeEmpty' in a.night && a.night.mayBeEmpty === true),
  );
}

function ActionForm({ game, state }: { readonly game: GameRecord; readonly state: GameState }) {
  const night = useStore().night;
  const t = useT();
  const ruleset = game.ruleset.data;
  const words = rulesetWords(ruleset, t.language);
  const actors = state.players.filter((p) => p.alive && nightAbilities(state, ruleset, p.slot.id).length > 0);
  const [actor, setActor] = useState('');
  const [ability, setAbility] = useState('');
  const [targets, setTargets] = useState<readonly string[]>([]);
  const [pmAt, setPmAt] = useState(() => wallClockText(Date.now(), game.timeZone));
  const [text, setText] = useState('');
  // 004 L85, L86, L77: what the Investigator is handed instead ('' none), and the real result it hangs on ('' any).
  const [forgedPick, setForgedPick] = useState('');
  const [forgedWhen, setForgedWhen] = useState('');
  // 004 L86: the blackening the Investigator is handed the night after ('' none, `none` no blackening, `side:<id>`).
  const [blackeningPick, setBlackeningPick] = useState('');
  const [blackeningWhen, setBlackeningWhen] = useState('');
  const chosenActor = actors.find((p) => p.slot.id === actor)?.slot.id ?? actors[0]?.slot.id ?? '';
  const abilities = nightAbilities(state, ruleset, chosenActor);
  const chosenAbility = abilities.find((a) => a.id === ability) ?? abilities[0];
  // The targets a use takes, and how many it may take (004 Doctor's two, L4; the extended format's Poisoner and
  // Executioner, L52, L53; a bus drive's or a redirect's two): one field each, from the ruleset's data.
  const part = chosenAbility?.night;
  // A move the ruleset lets be sent empty (004 L100, L114: the black Kamikaze clears his list) needs no target at all.
  const mayBeEmpty = part !== undefined && 'mayBeEmpty' in part && part.mayBeEmpty === true;
  const usual = chosenAbility?.targets ?? 1;
  const required = mayBeEmpty ? 0 : usual;
  const most = Math.max(usual, part !== undefined && 'maxTargets' in part ? (part.maxTargets ?? usual) : usual);
  // 004 Maid (L45): a move that hands its target words takes them from the PM.
  const worded = takesText(chosenAbility);
  // 004 L85, L86, L77: a move whose ability lets the actor's colour forge asks for the substitution, in its result's form.
  const forgeForm = chosenAbility === undefined ? undefined : forgedFormFor(state, ruleset, chosenActor, chosenAbility.id);
  // 004 L86: a track that hands the Investigator a blackening the night after, held by a colour that may forge, asks for it.
  const forgeBlackening = chosenAbility !== undefined && forgesBlackening(state, ruleset, chosenActor, chosenAbility.id);
  const living = state.players.filter((p) => p.alive);
  // 004 L100: a move that names roles (the black Kamikaze's trap) picks roles with night moves, not players.
  const namesRoles = part !== undefined && 'targetKind' in part && part.targetKind === 'role';
  const roleChoices = ruleset.roles
    .filter((r) => r.abilities.some((a) => a.night !== undefined && !('passive' in a.night)))
    .map((r) => r.id);
  const choices = namesRoles ? roleChoices : living.map((p) => p.slot.id);
  // Each needed target as chosen, else the first choice no earlier field holds (not the actor himself); a target past
  // the needed ones is optional ('' = none).
  const chosenTargets: string[] = [];
  for (let i = 0; i < most; i++) {
    const picked = targets[i];
    // A move that may be sent empty still offers its usual first target until the host picks the empty choice.
    const usualFirst = mayBeEmpty && i === 0 && picked === undefined;
    if (i >= required && !usualFirst) chosenTargets.push(picked !== undefined && choices.includes(picked) ? picked : '');
    else if (picked !== undefined && choices.includes(picked)) chosenTargets.push(picked);
    else {
      const free = choices.filter((c) => !chosenTargets.includes(c));
      chosenTargets.push((namesRoles ? free[0] : (free.find((c) => c !== chosenActor) ?? free[0])) ?? '');
    }
  }
  const targetAt = (i: number): string => chosenTargets[i] ?? '';
  // The optional fields show one at a time: the next once the one before names a target (a faction kill's shots).
  let shown = required;
  while (shown < most && (shown === required || targetAt(shown - 1) !== '')) shown++;
  if (actors.length === 0) return <p class="gavel-muted">{t('popup_night_no_actors')}</p>;
  // When the PM was sent, on the game's clock.
  const pmWhen = pmAt.trim() === '' ? null : parseWallClock(pmAt, game.timeZone);

  // A pick as the night reads it: a colour as whether black, `home` as no place, a player as his one place.
  const forgedSide = (pick: string): ForgedResult['value'] | undefined =>
    pick === '' || forgeForm === undefined ? undefined : forgeForm === 'colour' ? pick === 'black' : pick === 'home' ? [] : [pick];
  const forgedValue = forgedSide(forgedPick);
  const forgedCondition = forgedSide(forgedWhen);
  // A blackening pick as the night reads it: a side's id, or null for none.
  const blackeningSide = (pick: string): string | null | undefined =>
    !forgeBlackening || pick === '' ? undefined : pick === 'none' ? null : pick.slice('side:'.length);
  const blackening = blackeningSide(blackeningPick);
  const blackeningCondition = blackeningSide(blackeningWhen);
  const forgedParts: ForgedResult = {
    ...(forgedValue === undefined ? {} : { value: forgedValue }),
    ...(forgedValue === undefined || forgedCondition === undefined ? {} : { when: forgedCondition }),
    ...(blackening === undefined ? {} : { blackening }),
    ...(blackening === undefined || blackeningCondition === undefined ? {} : { blackeningWhen: blackeningCondition }),
  };
  const forged: ForgedResult | undefined = Object.keys(forgedParts).length === 0 ? undefined : forgedParts;
  // The sides of the game's players, in the ruleset's order: a blackening names one (the night refuses any other).
  const sides = ruleset.factions.filter((f) => state.players.some((p) => p.faction === f.id));
  const blackeningOptions = (none: string) => (
    <>
      <option value="">{none}</option>
      <option value="none">{t('popup_night_forged_blackening_nothing')}</option>
      {sides.map((f) => (
        <option key={f.id} value={`side:${f.id}`}>
          {t('popup_night_forged_blackening_side', words.faction(f.id))}
        </option>
      ))}
    </>
  );
  const forgedOptions = (none: string) => (
    <>
      <option value="">{none}</option>
      {forgeForm === 'colour' ? (
        <>
          <option value="red">{t('popup_night_forged_red')}</option>
          <option value="black">{t('popup_night_forged_black')}</option>
        </>
      ) : (
        <>
          <option value="home">{t('popup_night_forged_home')}</option>
          <PlayerOptions players={living.filter((p) => p.slot.id !== chosenTargets[0])} />
        </>
      )}
    </>
  );

  const submit = async (e: Event): Promise<void> => {
    e.preventDefault();
    if (chosenAbility === undefined) return;
    // A time that reads as no moment is not sent as a guess: the host is told and corrects it.
    if (pmAt.trim() !== '' && pmWhen === null) return;
    const ok = await night.addAction({
      actor: chosenActor,
      ability: chosenAbility.id,
      // The targets in the order their fields show them; an optional field left empty names nobody.
      targets: chosenTargets.filter((x, i) => i < required || x !== ''),
      pmAt: pmWhen,
      ...(worded && text.trim() !== '' ? { text } : {}),
      ...(forged === undefined ? {} : { forged }),
    });
    if (ok) {
      setPmAt(wallClockText(Date.now(), game.timeZone));
      setText('');
      setForgedPick('');
      setForgedWhen('');
      setBlackeningPick('');
      setBlackeningWhen('');
      setTargets([]);
    }
  };

  return (
    <form class="gavel-night-form" data-testid="night-action-form" onSubmit={(e) => void submit(e)}>
      <label class="gavel-field">
        <span>{t('common_player')}</span>
        <select
          data-testid="night-actor"
          value={chosenActor}
          onChange={(e) => {
            setActor(e.currentTarget.value);
            setAbility('');
            setTargets([]);
            setForgedPick('');
            setForgedWhen('');
            setBlackeningPick('');
            setBlackeningWhen('');
          }}
        >
          <PlayerOptions players={actors} />
        </select>
      </label>
      <label class="gavel-field">
        <span>{t('popup_night_ability')}</span>
        <select
          data-testid="night-ability"
          value={chosenAbility?.id ?? ''}
          onChange={(e) => {
            setAbility(e.currentTarget.value);
            setTargets([]);
            setForgedPick('');
            setForgedWhen('');
            setBlackeningPick('');
            setBlackeningWhen('');
          }}
        >
          {abilities.map((a) => (
            <option key={a.id} value={a.id}>
              {moveName(words, ruleset, a.id, heldRoles(state, chosenActor))}
            </option>
          ))}
        </select>
      </label>
      {Array.from({ length: shown }, (_, i) => (
        <label key={`${chosenAbility?.id ?? ''}-${i}`} class="gavel-field">
          <span>
            {most === 1
              ? t('popup_night_target')
              : i < required
                ? t('popup_night_target_n', i + 1)
                : t('popup_night_target_optional', i + 1)}
          </span>
          <select
            data-testid={`night-target-${i}`}
            value={targetAt(i)}
            onChange={(e) => {
              const next = [...chosenTargets];
              next[i] = e.currentTarget.value;
              // Emptying an optional field empties the ones after it (they show one at a time).
              setTargets(i >= required && e.currentTarget.value === '' ? next.slice(0, i + 1) : next);
            }}
          >
            {i >= required && (
              <option value="">{mayBeEmpty && i === 0 ? t('popup_night_empty_move') : t('popup_daymoves_no_target')}</option>
            )}
            {namesRoles ? (
              roleChoices.map((id) => (
                <option key={id} value={id}>
                  {words.role(id)}
                </option>
              ))
            ) : (
              <PlayerOptions players={living} />
            )}
          </select>
        </label>
      ))}
      {worded && (
        <label class="gavel-field">
          <span>{t('popup_night_text')}</span>
          <textarea data-testid="night-text" rows={3} value={text} onInput={(e) => setText(e.currentTarget.value)} />
          <span class="gavel-muted gavel-small">{t('popup_night_text_hint')}</span>
        </label>
      )}
      {forgeForm !== undefined && (
        <>
          <label class="gavel-field">
            <span>{t('popup_night_forged')}</span>
            <select data-testid="night-forged" value={forgedPick} onChange={(e) => setForgedPick(e.currentTarget.value)}>
              {forgedOptions(t('popup_night_forged_none'))}
            </select>
            <span class="gavel-muted gavel-small">{t('popup_night_forged_hint')}</span>
          </label>
          {forgedPick !== '' && (
            <label class="gavel-field">
              <span>{t('popup_night_forged_when')}</span>
              <select data-testid="night-forged-when" value={forgedWhen} onChange={(e) => setForgedWhen(e.currentTarget.value)}>
                {forgedOptions(t('popup_night_forged_always'))}
              </select>
            </label>
          )}
        </>
      )}
      {forgeBlackening && (
        <>
          <label class="gavel-field">
            <span>{t('popup_night_forged_blackening')}</span>
            <select data-testid="night-forged-blackening" value={blackeningPick} onChange={(e) => setBlackeningPick(e.currentTarget.value)}>
              {blackeningOptions(t('popup_night_forged_none'))}
            </select>
            <span class="gavel-muted gavel-small">{t('popup_night_forged_blackening_hint')}</span>
          </label>
          {blackeningPick !== '' && (
            <label class="gavel-field">
              <span>{t('popup_night_forged_when')}</span>
              <select
                data-testid="night-forged-blackening-when"
                value={blackeningWhen}
                onChange={(e) => setBlackeningWhen(e.currentTarget.value)}
              >
                {blackeningOptions(t('popup_night_forged_always'))}
              </select>
            </label>
          )}
        </>
      )}
      <label class="gavel-field">
        <span>{t('popup_night_pm_sent')}</span>
        <input
          type="text"
          inputMode="numeric"
          data-testid="night-pm-time"
          placeholder={t('popup_night_pm_time_format')}
          value={pmAt}
          onInput={(e) => setPmAt(e.currentTarget.value)}
        />
        <span class={pmAt.trim() !== '' && pmWhen === null ? 'gavel-error' : 'gavel-muted'} data-testid="night-pm-time-reading">
          {pmAt.trim() === ''
            ? t('popup_night_pm_time_none')
            : pmWhen === null
              ? t('popup_night_pm_time_bad', t('popup_night_pm_time_format'))
              : t('popup_night_pm_time_reading', formatMoment(pmWhen, { t, timeZone: game.timeZone }, 'weekday-time'))}
        </span>
      </label>
      <div class="gavel-night-form__submit">
        <button type="submit" class="gavel-button gavel-button--primary" data-testid="night-add-action" disabled={night.busy.value}>
          {t('popup_night_add_action')}
        </button>
      </div>
    </form>
  );
}

function ActionList({
  actions,
  state,
  game,
  locked,
}: {
  readonly actions: readonly NightActionItem[];
  readonly state: GameState;
  readonly game: GameRecord;
  readonly locked: boolean;
}) {
  const night = useStore().night;
  const t = useT();
  const format = nightWords(game, t);
  const roleWords = rulesetWords(game.ruleset.data, t.language);
  // A target is a player, or a role a move names (004 L100).
  const name = (id: string): string =>
    state.players.find((p) => p.slot.id === id)?.name ?? (game.ruleset.data.roles.some((r) => r.id === id) ? roleWords.role(id) : id);
  // A substitution's side in the host's words: a colour, "home", or the places named.
  const forgedWords = (v: boolean | readonly string[]): string =>
    typeof v === 'boolean'
      ? t(v ? 'popup_night_forged_black' : 'popup_night_forged_red')
      : v.length === 0
        ? t('popup_night_forged_home')
        : formatList(v.map(name), t);
  // 004 L86: a substituted blackening in the host's words: a side's, or none.
  const blackeningWords = (side: string | null): string =>
    side === null ? t('popup_night_forged_blackening_nothing') : t('popup_night_forged_blackening_side', roleWords.faction(side));
  if (actions.length === 0) return <p class="gavel-muted">{t('popup_night_no_actions')}</p>;
  return (
    <ol class="gavel-night-actions" data-testid="night-actions">
      {actions.map((a) => (
        <li key={a.id} data-testid="night-action">
          <span>
            <strong>{name(a.actor)}</strong> {moveName(format.names, game.ruleset.data, a.ability, heldRoles(state, a.actor))}
            {/* A move with no target (the Wizard's declaration, L47) is listed without the arrow. */}
            {a.targets.length > 0 && ' → '}
            {a.targets.length > 0 && <NameList names={a.targets.map(name)} />}
            {/* An empty move of a move that may be sent empty (004 L100: the Kamikaze's list cleared) says so. */}
            {a.targets.length === 0 && sentEmpty(game.ruleset.data, a.ability) && (
              <span data-testid="night-action-empty"> {t('popup_night_empty_move')}</span>
            )}
            {a.text !== undefined && ' '}
            {a.text !== undefined && (
              <span class="gavel-night-actions__text" data-testid="night-action-text">
                {t('popup_night_action_text', a.text)}
              </span>
            )}
            {/* 004 L85, L86, L77: the substitution the move carries, as the Investigator will read it. */}
            {a.forged?.value !== undefined && ' '}
            {a.forged?.value !== undefined && (
              <span class="gavel-night-actions__text" data-testid="night-action-forged">
                {a.forged.when === undefined
                  ? t('popup_night_action_forged', forgedWords(a.forged.value))
                  : t('popup_night_action_forged_when', forgedWords(a.forged.value), forgedWords(a.forged.when))}
              </span>
            )}
            {/* 004 L86: the blackening the Investigator is handed the night after. */}
            {a.forged?.blackening !== undefined && ' '}
            {a.forged?.blackening !== undefined && (
              <span class="gavel-night-actions__text" data-testid="night-action-forged-blackening">
                {a.forged.blackeningWhen === undefined
                  ? t('popup_night_action_forged_blackening', blackeningWords(a.forged.blackening))
                  : t(
                      'popup_night_action_forged_blackening_when',
                      blackeningWords(a.forged.blackening),
                      blackeningWords(a.forged.blackeningWhen),
                    )}
              </span>
            )}
          </span>
          <span class="gavel-night-actions__meta">
            <span class="gavel-muted gavel-small">
              {a.pmAt === null ? t('popup_night_no_pm_time') : t('popup_night_pm_at', formatMoment(a.pmAt, format, 'weekday-time'))}
            </span>
            {!locked && (
              <button
                type="button"
                class="gavel-link-button gavel-link-button--danger"
                aria-label={t('popup_night_remove_action', name(a.actor))}
                onClick={() => void night.removeAction(a.id)}
              >
                {t('popup_remove')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The night in progress: the role PMs' actions, who is missing, the resolution with its reasons, and Apply. */
export function NightPanel() {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const night = store.night;
  const state = store.games.state.value;
  const number = state?.phase?.kind === 'night' ? state.phase.number : null;
  const gameId = game?.id ?? null;
  useEffect(() => {
    if (gameId !== null && number !== null) void night.loadNight(gameId, number);
  }, [gameId, number, night]);
  if (game === null || state === null || number === null) return null;
  const view = night.night.value?.gameId === game.id && night.night.value.night === number ? night.night.value : null;
  const resolution = view?.resolution ?? null;
  const applied = resolution?.applied === true;
  const nextDay = game.phases.firstPhase === 'day' ? number + 1 : number;
  const words = rulesetWords(game.ruleset.data, t.language);

  return (
    <section class="gavel-night" aria-labelledby="night-heading" data-testid="night-panel">
      <h2 id="night-heading">{t('common_night', number)}</h2>
      {night.problem.value !== null && (
        <p class="gavel-error" role="alert" data-testid="night-problem">
          {night.problem.value}
        </p>
      )}
      {view === null ? (
        <p class="gavel-muted">{t('popup_night_loading')}</p>
      ) : (
        <>
          <div class="gavel-waiting" data-testid="night-waiting">
            {view.waiting.length === 0 ? (
              <span>{t('popup_night_all_sent')}</span>
            ) : (
              <>
                <span>{t('popup_night_not_sent')} </span>
                <NameList
                  testId="night-waiting-names"
                  names={view.waiting.map((w) => {
                    // The abilities by the ruleset's names in the host's language (the worker sends the ruleset's own names).
                    const ids = nightAbilities(state, game.ruleset.data, w.slotId, 'own').map((a) => a.id);
                    const held = heldRoles(state, w.slotId);
                    return {
                      name: w.name,
                      note: (
                        <span class="gavel-muted">
                          ({formatList(ids.length === 0 ? w.abilities : ids.map((id) => moveName(words, game.ruleset.data, id, held)), t)})
                        </span>
                      ),
                    };
                  })}
                />
              </>
            )}
          </div>
          <h3>{t('popup_night_actions_heading')}</h3>
          <ActionList actions={view.actions} state={state} game={game} locked={applied} />
          {!applied && <ActionForm game={game} state={state} />}
          <CollectChoice game={game} state={state} night={number} locked={applied} />
          <NightNotes game={game} state={state} night={number} locked={applied} />
          <p class="gavel-inline">
            <button
              type="button"
              class="gavel-button"
              data-testid="night-resolve"
              disabled={night.busy.value || applied}
              onClick={() => void night.resolve()}
            >
              {resolution === null ? t('popup_night_resolve') : t('popup_night_resolve_again')}
            </button>
            {resolution !== null && !applied && (
              <button
                type="button"
                class="gavel-button gavel-button--primary"
                data-testid="night-apply"
                disabled={night.busy.value}
                onClick={() => void night.apply()}
              >
                {t('popup_night_apply', nextDay)}
              </button>
            )}
          </p>
          {resolution !== null && <Resolution entry={resolution} game={game} state={state} />}
        </>
      )}
    </section>
  );
}

/** The posts of the night just applied (or of the night before this day): the day-start post and each result PM, ready to copy. */
export function NightPostsPanel() {
  const store = useStore();
  const t = useT();
  const game = store.games.current.value;
  const night = store.night;
  const state = store.games.state.value;
  const firstPhase = game?.phases.firstPhase ?? 'day';
  const previousNight = state?.phase?.kind === 'day' ? state.phase.number - (firstPhase === 'day' ? 1 : 0) : null;
  const gameId = game?.id ?? null;
  const justApplied = night.posts.value !== null && night.posts.value.gameId === gameId;
  useEffect(() => {
    if (gameId !== null && previousNight !== null && previousNight >= 1 && !justApplied) void night.loadNight(gameId, previousNight);
  }, [gameId, previousNight, justApplied, night]);
  if (game === null || previousNight === null) return null;
  const view = night.night.value;
  const posts = justApplied ? night.posts.value : view?.gameId === game.id && view.night === previousNight ? view.posts : null;
  const key = `${game.id}:${previousNight}`;
  if (posts === null || night.dismissed.value === key) return null;
  const day = t('common_day', posts.phase.number);
  const language = postLanguageOf(game);
  const names = state === null ? null : postResultNames(state, game.ruleset.data, language);
  // A result PM in the game's post language; a host's own message (or one stored before results were data) as it was written.
  const wording = catalogWording(game.ruleset.data, game.timeZone);
  const pmText = (m: (typeof posts.privateMessages)[number]): string =>
    m.result !== undefined && names !== null
      ? renderNightResult(m.result, names, language)
      : m.message !== undefined
        ? wording(m.message, language)
        : m.text;
  return (
    <section class="gavel-night-posts" aria-labelledby="night-posts-heading" data-testid="night-posts">
      <div class="gavel-section-head">
        <h2 id="night-posts-heading">{t('popup_posts_for', day)}</h2>
        <button type="button" class="gavel-link-button" onClick={() => night.dismissPosts(key)}>
          {t('popup_done')}
        </button>
      </div>
      <p class="gavel-muted gavel-small">{t('popup_posts_dialect_note', posts.dialect === 'bbcode' ? 'BBCode' : 'Markdown')}</p>
      <CopyablePost
        id="day-start"
        title={t('popup_post_day_start', day)}
        text={posts.dayStart}
        copied={night.copied.value === 'day-start'}
        onCopy={() =>
          void night.copy('day-start', {
            gameId: game.id,
            kind: 'day-start',
            phase: posts.phase,
            text: posts.dayStart,
            dialect: posts.dialect,
          })
        }
      />
      {posts.privateMessages.length === 0 ? (
        <p class="gavel-muted">{t('popup_no_private_results')}</p>
      ) : (
        posts.privateMessages.map((m, i) => (
          <CopyablePost
            key={i}
            id={`pm-${i}`}
            title={t('popup_pm_to', m.name)}
            text={pmText(m)}
            copied={night.copied.value === `pm-${i}`}
            onCopy={() =>
              void night.copy(`pm-${i}`, {
                gameId: game.id,
                kind: 'night-results',
                phase: posts.phase,
                text: pmText(m),
                dialect: posts.dialect,
              })
            }
          />
        ))
      )}
    </section>
  );
}
