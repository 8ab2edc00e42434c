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
import type { GameEvent, GameState, PhaseRef, PlayerState } from './types';

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

/** The evening results of the bodies examined during `day` (the Forensic's PMs), after its vote. */
export function examinationEvents(state: GameState, ruleset: Ruleset, day: PhaseRef): GameEvent[] {
  const rules = rulesetNightRules(ruleset);
  const examine = rules?.borrowing?.examineMoves ?? [];
  if (rules === undefined || examine.length === 0 || day.kind !== 'day') return [];
  const nightBefore: PhaseRef = { kind: 'night', number: ruleset.firstPhase === 'day' ? day.number - 1 : day.number };
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    rules,
  );
  const events: GameEvent[] = [];
  const told = new Set<string>();
  for (const use of state.actions.filter((a) => examine.includes(a.ability))) {
    const forensic = playerOf(state, use.actor);
    if (forensic === undefined || !forensic.alive) continue;
    // L112: the black Forensic examines anyone's body ("чей-либо труп"), whenever he died.
    const anyBody = rules.borrowing?.examineAnyBodyWhenGuilty === true && rules.guiltyFactions.includes(forensic.faction);
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
  }
  return events;
}
