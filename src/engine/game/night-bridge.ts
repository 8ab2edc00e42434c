/**
 * The bridge from the game model to the night engineer's resolver
 * (src/engine/night): the state and the night's recorded actions become a
 * NightInput, and the resolution's events become game events.
 */
import { findRole } from '../night/intake';
import { nightDeathCauses } from './death-causes';
import type { NightEvent, NightInput, NightPlayer, NightResolution, NightStatus, NightStatusRule, PastMove } from '../night/types';
import { nightResult, nightResultNames, renderNightResult } from '../night/results';
import type { NightRules } from '../night/rules';
import { findRuleset } from '../rules/registry';
import type { Ruleset } from '../rules/types';
import type { GameEvent, GameState, PlayerState } from './types';
import type { EngineMessage } from '../words';

/**
 * The ruleset's statuses with what each means at night. A ruleset saved
 * before statuses had a night meaning (a game stored by an older Gavel) takes
 * the meaning of the same status in the preset of the same id.
 */
export function nightStatusRules(ruleset: Ruleset): NightStatusRule[] {
  const preset = findRuleset(ruleset.id);
  return ruleset.statuses.map((s) => {
    const night = s.night ?? preset?.statuses.find((p) => p.id === s.id)?.night;
    return { id: s.id, ...(night === undefined ? {} : { night }) };
  });
}

/**
 * A player's statuses as the night sees them: every status, with the night it
 * began (a status from a day counts from the night that follows it). What a
 * status does at night is the ruleset's `StatusDef.night`, passed beside the
 * players as `statusRules`; statuses that ran out are already gone from the state.
 */
function toNightStatuses(player: PlayerState, ruleset: Ruleset): NightStatus[] {
  return player.statuses.map((s): NightStatus => {
    const phase = s.sincePhase;
    const night =
      phase === undefined ? undefined : phase.kind === 'night' || ruleset.firstPhase === 'day' ? phase.number : phase.number + 1;
    return {
      id: s.id,
      ...(night === undefined ? {} : { sinceNight: night }),
      ...(s.with === undefined ? {} : { with: s.with }),
      ...(s.by === undefined ? {} : { by: s.by }),
      ...(s.value === undefined ? {} : { value: s.value }),
    };
  });
}

/**
 * A player's moves of the phases before this one, each with the night it bears on (a day's choice bears on the
 * night after that day): 004's copies, curse and slave are chosen by day and read by the night (L27, L40–L42, L47).
 */
function pastMovesOf(state: GameState, slotId: string, ruleset: Ruleset): PastMove[] {
  const now = state.phase;
  return (state.pastMoves ?? [])
    .filter((m) => m.actor === slotId && !(now !== null && m.phase.kind === now.kind && m.phase.number === now.number))
    .map((m) => ({
      night: m.phase.kind === 'night' || ruleset.firstPhase === 'day' ? m.phase.number : m.phase.number + 1,
      day: m.phase.kind === 'day',
      ability: m.ability,
      targets: m.targets,
      ...(m.text === undefined ? {} : { text: m.text }),
      ...(m.requestForged === undefined ? {} : { requestForged: m.requestForged }),
    }));
}

/**
 * The night's input: every player with role, faction, family, statuses, uses
 * left and what earlier nights left behind (protections spent, kills
 * attempted, rank); the faction's reserve kills; the ruleset's status rules;
 * the night's actions in the order sent.
 */
export function toNightInput(
  state: GameState,
  rules: NightRules,
  ruleset: Ruleset,
  /** How the game words an engine message in its posts' language (the Maid's forwarded end-of-day words, L45). */
  say?: (message: EngineMessage) => string,
): NightInput {
  // 004 Maid (L45): what a player was told during the game goes to the night only when a role reads it.
  const readsPast = rules.roles.some((r) => r.abilities.some((a) => a.effect === 'examine'));
  const players = state.players.map((p): NightPlayer => {
    const roles = [p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])];
    // findRole: a role written with modifiers in front ("one-shot doctor") has its limits from them.
    const abilities = roles.flatMap((id) => findRole(rules, id)?.abilities ?? []);
    const usesLeft: Record<string, number> = {};
    const selfUsesLeft: Record<string, number> = {};
    // Uses before tonight: tonight's actions are in the log already and the resolver spends them itself.
    const tonight = (ability: string, self: boolean): number =>
      state.actions.filter((a) => a.actor === p.slot.id && a.ability === ability && (!self || a.targets.includes(p.slot.id))).length;
    for (const a of abilities) {
      if (a.uses !== undefined) usesLeft[a.id] = Math.max(0, a.uses - ((p.uses[a.id] ?? 0) - tonight(a.id, false)));
      if (a.selfUses !== undefined) selfUsesLeft[a.id] = Math.max(0, a.selfUses - ((p.selfUses[a.id] ?? 0) - tonight(a.id, true)));
    }
    const statuses = toNightStatuses(p, ruleset);
    const pastMoves = pastMovesOf(state, p.slot.id, ruleset);
    // 004 L159, L161: a title may keep its holder out of every move, or out of some kinds of move.
    const titleDefs = p.titles.flatMap((t) => ruleset.titles.filter((d) => d.id === t));
    const immuneTo = [...new Set(titleDefs.flatMap((d) => (d.nightImmune === true ? ['*'] : (d.immuneToEffects ?? []))))];
    return {
      slotId: p.slot.id,
      name: p.name,
      role: p.role,
      ...(p.secondRole === undefined ? {} : { secondRole: p.secondRole }),
      faction: p.faction,
      ...(p.family === undefined ? {} : { family: p.family }),
      alive: p.alive,
      ...(statuses.length === 0 ? {} : { statuses }),
      ...(immuneTo.length === 0 ? {} : { immuneTo }),
      ...(Object.keys(usesLeft).length === 0 ? {} : { usesLeft }),
      ...(Object.keys(selfUsesLeft).length === 0 ? {} : { selfUsesLeft }),
      ...(Object.keys(p.spent).length === 0 ? {} : { spent: p.spent }),
      ...(p.killsAttempted === 0 ? {} : { killsAttempted: p.killsAttempted }),
      ...(p.previousNight === undefined ? {} : { previousNight: p.previousNight }),
      ...(readsPast ? pastResultsOf(p, say) : {}),
      ...(pastMoves.length === 0 ? {} : { pastMoves }),
      ...(p.death?.by === undefined ? {} : { killedBy: [p.death.by] }),
      ...(p.death === undefined || p.alive ? {} : { killedWith: p.death.cause }),
      ...(p.rank === undefined ? {} : { rank: p.rank }),
      ...(p.leader === undefined ? {} : { leader: p.leader }),
    };
  });
  const statusRules = nightStatusRules(ruleset);
  return {
    night: state.phase?.number ?? 0,
    players,
    // The recorded actions are already this night's: the log order is the order they were sent.
    // 004 Maid (L45): the words her move hands on travel with it.
    // Moves a Delayer held over from last night resolve tonight, before tonight's own (`delayedFrom`).
    actions: [
      ...(state.heldActions ?? [])
        .filter((h) => h.night === (state.phase?.number ?? 0) - 1)
        .map((h) => ({ actor: h.actor, ability: h.ability, targets: h.targets, sentAt: 0, delayedFrom: h.night })),
      ...state.actions.map((a) => ({
        actor: a.actor,
        ability: a.ability,
        targets: a.targets,
        sentAt: a.at,
        ...(a.text === undefined ? {} : { text: a.text }),
        // 004 L85, L86, L77: the substitution the host entered with the move.
        ...(a.forged === undefined ? {} : { forged: a.forged }),
      })),
    ],
    deadline: Number.MAX_SAFE_INTEGER,
    // 004 L41: the host's choice of the role a Collector gets when several he named die at once.
    ...(state.collectChoice === undefined ? {} : { collectChoice: state.collectChoice }),
    ...(Object.keys(state.reserveKills).length === 0 ? {} : { reserveKills: state.reserveKills }),
    ...(statusRules.length === 0 ? {} : { statusRules }),
    ...dayBefore(state, ruleset),
  };
}

/**
 * What a player was told before tonight, oldest first: his inbox's night results, and the messages the game
 * rules told him at a phase's end (004's end-of-day words, L45 «всю общую информацию … полученную им в течение
 * игры»), worded again in the game's language for the reader (`say`; else as they were sent), and the host's own
 * text-only PMs to him (they can show his team), as written.
 */
function pastResultsOf(p: PlayerState, say?: (message: EngineMessage) => string): Pick<NightPlayer, 'pastResults'> {
  const results = p.inbox.flatMap((m) =>
    m.result !== undefined
      ? [m.result]
      : [nightResult(p.slot.id, 'host-note', [], m.message !== undefined && say !== undefined ? say(m.message) : m.text)],
  );
  return results.length === 0 ? {} : { pastResults: results };
}

/** The day just before this night, as the night reads it (004 L10: a witch hunt that lynched two blacks). */
function dayBefore(state: GameState, ruleset: Ruleset): Pick<NightInput, 'dayBefore'> {
  const night = state.phase?.kind === 'night' ? state.phase.number : undefined;
  const last = state.history[state.history.length - 1];
  if (night === undefined || last === undefined || last.phase.kind !== 'day') return {};
  // Day N comes before night N when the game opens by day, before night N + 1 when it opens by night.
  if (last.phase.number !== (ruleset.firstPhase === 'day' ? night : night - 1)) return {};
  return { dayBefore: { ...(last.ballot === undefined ? {} : { ballot: last.ballot }), lynched: last.lynched } };
}

/** The game events a night resolution causes; statuses the ruleset does not know are reported, not applied. */
export function fromNightResolution(
  resolution: NightResolution,
  state: GameState,
  ruleset: Ruleset,
  rules?: NightRules,
): { readonly events: readonly GameEvent[]; readonly notes: readonly string[] } {
  const events: GameEvent[] = [];
  const notes: string[] = [];
  const known = (status: string): boolean => ruleset.statuses.some((s) => s.id === status);
  // Messages keep their result as data; their English sentence is for logs that only read text.
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    rules ?? { roles: ruleset.roles },
  );
  for (const e of resolution.events as readonly NightEvent[]) {
    switch (e.type) {
      case 'death':
        events.push({
          type: 'player/die',
          slotId: e.player,
          cause: nightDeathCauses[e.cause],
          ...(e.by[0] === undefined ? {} : { by: e.by[0] }),
        });
        break;
      case 'status-applied': {
        const def = ruleset.statuses.find((s) => s.id === e.status.id);
        if (def === undefined) notes.push(`${e.player}: status ${e.status.id} (not a status of ${ruleset.id})`);
        else
          events.push({
            type: 'status/add',
            slotId: e.player,
            status: e.status.id,
            ...(def.defaultPhases === undefined ? {} : { phases: def.defaultPhases }),
            ...(e.status.with === undefined ? {} : { with: e.status.with }),
            ...(e.status.by === undefined ? {} : { by: e.status.by }),
            ...(e.status.value === undefined ? {} : { value: e.status.value }),
          });
        break;
      }
      case 'status-cleared':
        if (known(e.status)) events.push({ type: 'status/remove', slotId: e.player, status: e.status });
        break;
      case 'role-changed':
        if (e.slot === 'role' && e.to !== null) events.push({ type: 'role/change', slotId: e.player, role: e.to });
        else if (e.slot === 'secondRole') {
          const role = state.players.find((p) => p.slot.id === e.player)?.role;
          if (role !== undefined) events.push({ type: 'role/change', slotId: e.player, role, secondRole: e.to });
        }
        break;
      case 'message':
        events.push({ type: 'message/send', to: e.to, text: renderNightResult(e.result, names), result: e.result });
        break;
      case 'survived':
        notes.push(`${e.player} survived: ${e.reasons.map((r) => r.text).join('; ')}`);
        break;
      case 'blocked':
        notes.push(`${e.player}'s ${e.ability} was blocked by ${e.by}`);
        break;
      case 'nullified':
        notes.push(`${e.player}'s ${e.ability} did not happen (${e.cause})`);
        break;
      case 'announcement':
        events.push({ type: 'message/send', to: null, text: renderNightResult(e.result, names), result: e.result });
        break;
      case 'protection-spent':
        events.push({ type: 'protection/spend', slotId: e.player, protection: e.protection });
        break;
      case 'faction-changed':
        events.push({ type: 'player/faction', slotId: e.player, faction: e.to });
        break;
      case 'uses-spent':
        break;
    }
  }
  // 003's rotation: the member whose kill order was taken has attempted a kill.
  if (rules?.killRotation === true) {
    for (const a of resolution.accepted) {
      const actor = state.players.find((p) => p.slot.id === a.actor);
      if (actor === undefined) continue;
      const roles = [findRole(rules, actor.role), findRole(rules, actor.secondRole)];
      if (roles.some((r) => r?.abilities.some((x) => x.id === a.ability && x.effect === 'faction-kill') === true))
        events.push({ type: 'kill/attempt', slotId: a.actor });
    }
  }
  // A Delayer's held moves wait for the next night.
  for (const h of resolution.delayed ?? [])
    events.push({ type: 'night/hold', night: resolution.night, actor: h.actor, ability: h.ability, targets: h.targets });
  // 004: what each faction carries to the next night, when it changed.
  const factions = new Set([...Object.keys(state.reserveKills), ...Object.keys(resolution.reserveKills)]);
  for (const faction of [...factions].sort()) {
    const next = resolution.reserveKills[faction] ?? 0;
    if (next !== (state.reserveKills[faction] ?? 0)) events.push({ type: 'night/carry', faction, reserveKills: next });
  }
  // The ordered resolver says which limited uses were spent; a recorded use it did not spend is refunded.
  if (resolution.method === 'ordered' && rules !== undefined) {
    for (const a of state.actions) {
      const holder = state.players.find((p) => p.slot.id === a.actor);
      const own = holder === undefined ? [] : [findRole(rules, holder.role), findRole(rules, holder.secondRole)];
      const def = [...own.flatMap((r) => r?.abilities ?? []), ...rules.roles.flatMap((r) => r.abilities)].find((x) => x.id === a.ability);
      if (def === undefined || (def.uses === undefined && def.selfUses === undefined)) continue;
      const self = a.targets.includes(a.actor);
      const spent = resolution.events.some((e) => e.type === 'uses-spent' && e.player === a.actor && e.ability === a.ability);
      if (!spent) events.push({ type: 'action/refund', actor: a.actor, ability: a.ability, self });
    }
  }
  for (const r of resolution.refused) notes.push(`refused: ${r.text}`);
  for (const a of resolution.ambiguities) notes.push(`open question ${a.setting} = ${a.value}: ${a.text}`);
  return { events, notes };
}
