/**
 * The Forensic's examination of the night's bodies (seed 004 L44, digest §5.6):
 * "В течение дня, до голосования, криминалист проводит обследование тел ночных
 * жертв, то есть узнает через ход какой роли был убит проверяемый игрок и его
 * цвет, как если бы сам был киллером. Результат проверки трупа предоставляется
 * вечером - после итогов голосования."
 *
 * The examination is a day move of an ability the night rules list as
 * `borrowing.examineMoves`, naming the bodies (players killed in the night
 * before that day). When the day ends, after the vote's result, the Forensic
 * is told, for each body, the role whose move killed it and the side the
 * victim played for (what the killers learn of their victim, L122). The
 * samples taken after the vote are tested the night after
 * (night/roles-004-corpses.ts `sampleTest`).
 */
import { nightResult, nightResultNames, renderNightResult } from '../night/results';
import type { NightRules } from '../night/rules';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset } from '../rules/types';
import { playerOf } from './derive';
import type { GameEvent, GameState, PhaseRef, PlayerState, RecordedAction } from './types';

/** The night effects whose moves kill, by the cause a death records (the game's `DeathCause`). */
const killingEffects: Readonly<Record<string, readonly string[]>> = {
  'faction-kill': ['faction-kill', 'contract-kill'],
  poison: ['delayed-poison'],
  'night-kill': ['kill', 'avenge-kill', 'devour', 'city-fire', 'suicide-strike', 'burn'],
};

/**
 * The role whose move killed the player: of the killer's roles (the negative one first), the one with a move of the
 * death's kind; else one with any killing move; else the killer's negative role, or his role.
 */
export function killingRole(rules: NightRules, killer: PlayerState, cause: string): string {
  const roles = [killer.secondRole, killer.role].filter((r): r is string => r !== undefined);
  const effects = (id: string): string[] => rules.roles.find((r) => r.id === id)?.abilities.map((a) => a.effect) ?? [];
  const wanted = killingEffects[cause] ?? [];
  const anyKill = Object.values(killingEffects).flat();
  return (
    roles.find((r) => effects(r).some((e) => wanted.includes(e))) ??
    roles.find((r) => effects(r).some((e) => anyKill.includes(e))) ??
    roles[0] ??
    killer.role
  );
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean => a?.kind === b.kind && a.number === b.number;

/**
 * Whether the Forensic is a black whose examination is told at once, in the morning he makes it (L112: "Криминалист
 * может обследовать чей-либо труп утром"), not in the evening after the vote.
 */
function examinesInMorning(rules: NightRules, forensic: PlayerState): boolean {
  return rules.borrowing?.guiltyExaminationAtOnce === true && rules.guiltyFactions.includes(forensic.faction);
}

/** The results of one examination move: for each body it may examine, the killing role and the victim's side. */
function bodyResults(
  state: GameState,
  ruleset: Ruleset,
  rules: NightRules,
  use: RecordedAction,
  day: PhaseRef,
  told: Set<string>,
): GameEvent[] {
  const forensic = playerOf(state, use.actor);
  if (forensic === undefined || !forensic.alive) return [];
  const nightBefore: PhaseRef = { kind: 'night', number: ruleset.firstPhase === 'day' ? day.number - 1 : day.number };
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    rules,
  );
  // L112: the black Forensic examines anyone's body ("чей-либо труп"), whenever he died.
  const anyBody = rules.borrowing?.examineAnyBodyWhenGuilty === true && rules.guiltyFactions.includes(forensic.faction);
  const events: GameEvent[] = [];
  for (const id of use.targets) {
    const body = playerOf(state, id);
    const key = `${use.actor}\u0000${id}`;
    // "тел ночных жертв": a player killed in the night before this day.
    if (body === undefined || body.alive || (!anyBody && !samePhase(body.death?.phase, nightBefore)) || told.has(key)) continue;
    told.add(key);
    const killer = body.death?.by === undefined ? undefined : playerOf(state, body.death.by);
    const value = killer === undefined ? [] : [killingRole(rules, killer, body.death?.cause ?? ''), body.faction];
    const result = nightResult(forensic.slot.id, 'body-examined', [body.slot.id], value);
    events.push({ type: 'message/send', to: forensic.slot.id, text: renderNightResult(result, names), result });
  }
  return events;
}

/** The evening results of the bodies examined during `day` (the Forensic's PMs), after its vote. */
export function examinationEvents(state: GameState, ruleset: Ruleset, day: PhaseRef): GameEvent[] {
  const rules = rulesetNightRules(ruleset);
  const examine = rules?.borrowing?.examineMoves ?? [];
  if (rules === undefined || examine.length === 0 || day.kind !== 'day') return [];
  const told = new Set<string>();
  return state.actions
    .filter((a) => examine.includes(a.ability))
    .flatMap((use) => {
      const forensic = playerOf(state, use.actor);
      // A black told in the morning was told when the move was recorded (`morningExaminationEvents`).
      return forensic === undefined || examinesInMorning(rules, forensic) ? [] : bodyResults(state, ruleset, rules, use, day, told);
    });
}

/**
 * L112: the results of a black Forensic's examination, told as soon as the host records it in the day's morning
 * ("обследовать чей-либо труп утром"), to be added right after the move (`action/use`). Nothing for any other move.
 */
export function morningExaminationEvents(state: GameState, ruleset: Ruleset, use: RecordedAction): GameEvent[] {
  const rules = rulesetNightRules(ruleset);
  const forensic = playerOf(state, use.actor);
  if (rules === undefined || forensic === undefined || state.phase?.kind !== 'day') return [];
  if (!(rules.borrowing?.examineMoves ?? []).includes(use.ability) || !examinesInMorning(rules, forensic)) return [];
  // Told once a day: a body he examined earlier this day is not told again.
  const told = new Set(
    state.actions
      .filter((a) => a !== use && a.actor === use.actor && a.ability === use.ability)
      .flatMap((a) => a.targets.map((t) => `${a.actor}\u0000${t}`)),
  );
  return bodyResults(state, ruleset, rules, use, state.phase, told);
}
