/**
 * Seed 004's Faceless and colour rules applied when a phase ends (pure: they
 * read the state at the phase's end and return the events to add):
 *
 * - the Faceless's "face" for those who brought him down (L67, L135): the
 *   voters of the ballot that lynched him, or his night killer with the
 *   killer's partners and servants (`phaseEnd.faceCutLynch.face`);
 * - a check sent for verification at the end of a day (L15,
 *   `phaseEnd.checkVerification`): the night after, the checker has no move
 *   and gets the exact colour (src/engine/night/roles-004-faceless.ts).
 *
 * And the small rules day-moves-004.ts asks here: whether a dead Faceless
 * still scores a lynch (L64.5), and who holds a rumour's right tonight (L15:
 * a werewolf once his gun is his; L55: the Mafia taking over the Yakuza's
 * reddening).
 */
import type { DayMove, FaceCutLynch, OpenQuestionHit, Ruleset } from '../rules/types';
import { playerOf, roleAbilities } from './derive';
import { successorAmong } from '../night/roles-004-extended';
import { defaultNightSettings } from '../night/rules';
import type { GameEvent, GameState, PhaseRef, PlayerState } from './types';

export interface FacelessPhaseEnd {
  readonly events: readonly GameEvent[];
  readonly openQuestions: readonly OpenQuestionHit[];
}

const samePhase = (a: PhaseRef | null | undefined, b: PhaseRef): boolean => a?.kind === b.kind && a.number === b.number;

const holds = (p: PlayerState, role: string): boolean => p.role === role || p.secondRole === role;

/** 004 L131.3 (extended): the werewolf the succession names holds the gun, though another werewolf lives. */
function successorArmed(state: GameState, ruleset: Ruleset, user: PlayerState, waitsFor: readonly string[]): boolean {
  const succession = ruleset.night?.blackFormat?.killerSuccession;
  if (succession === undefined) return false;
  const livingByRole = new Map<string, string[]>();
  for (const p of state.players)
    if (p.alive)
      for (const r of new Set([p.role, p.secondRole ?? p.role])) livingByRole.set(r, [...(livingByRole.get(r) ?? []), p.slot.id]);
  const poison = ruleset.statuses.find((s) => s.night?.mechanic === 'poison')?.id;
  const spent = (id: string): boolean =>
    ruleset.night?.settings?.pendingPoisonIsSpent === 'yes' &&
    state.players.some((p) => p.alive && p.slot.id !== id && p.statuses.some((s) => s.id === poison && s.by === id));
  // L131.3 with three werewolves left: the night's setting, so the day's right follows the night's gun.
  const threeLeft = ruleset.night?.settings?.threeLeftSuccession ?? defaultNightSettings.threeLeftSuccession;
  return successorAmong(succession, livingByRole, waitsFor, spent, threeLeft) === user.slot.id;
}

/** Night deaths a killer's move caused (the Madman's fire among them: L135 "Ход безумца … считается за ход киллера"). */
const killerCauses: ReadonlySet<string> = new Set(['night-kill', 'faction-kill']);

/**
 * L64.5: "Если безликий умер ночью, но остался в игре под эффектом фантома,
 * жертва на голосовании будет ему засчитана": a dead cutter under one of the
 * rule's `deadScorers` statuses still scores.
 */
export function scoresWhileDead(cutter: PlayerState, cut: FaceCutLynch): boolean {
  return !cutter.alive && cutter.statuses.some((s) => cut.deadScorers?.includes(s.id) === true);
}

/** Whether the player's pair of `pairRole` in his faction is whole: two or more hold it and none of them died. */
function pairWhole(state: GameState, faction: string, pairRole: string): boolean {
  const pair = state.players.filter((p) => p.faction === faction && holds(p, pairRole));
  return pair.length >= 2 && pair.every((p) => p.alive);
}

/**
 * Whether `user` may spread `move`'s rumour on `target` (the pair and gun
 * parts of it; the side's night is day-moves-004.ts's):
 *
 * - `pairRole` (L55: "имеют право использовать “окраснение” на одного из
 *   пары, пока она остается целой"): the right is the first whole pair's of
 *   `pairRole` then `takenOverBy` ("Если обе мафии живы, а одна из якудз
 *   погибла, то мафия заберет у якудз право на окраснение"); the user and the
 *   target are of that pair;
 * - `armedOnly` (L15: "Оборотень имеет право на очернение только тогда, когда
 *   в полной мере получает доступ к выстрелу киллера"): a user whose kill waits
 *   for other roles to be out may use it only once none of them lives.
 */
export function rumourAllowed(
  state: GameState,
  ruleset: Ruleset,
  move: Extract<DayMove, { kind: 'rumour' }>,
  user: PlayerState,
  target: PlayerState,
): boolean {
  if (move.armedOnly === true) {
    const guns = roleAbilities(user, ruleset).flatMap((a) => {
      const waits = a.night !== undefined && 'onlyWhenNoLiving' in a.night ? a.night.onlyWhenNoLiving : undefined;
      return waits === undefined ? [] : [waits];
    });
    const armed = (waitsFor: readonly string[]): boolean =>
      !state.players.some((p) => p.alive && p.slot.id !== user.slot.id && waitsFor.some((r) => holds(p, r)));
    if (guns.length > 0 && !guns.some(armed) && !guns.some((w) => successorArmed(state, ruleset, user, w))) return false;
  }
  if (move.pairRole === undefined) return true;
  // An original pair's right, or a pair that took it over.
  const pairRoles = [move.pairRole, ...(move.takenOverBy ?? [])];
  if (
    move.everyWholePair === true &&
    pairRoles.some((r) => [user, target].every((p) => p.faction === user.faction && holds(p, r)) && pairWhole(state, user.faction, r))
  )
    return true; // L55 extended
  // The right is the first whole pair's, in the ruleset's order; a whole pair of a later role has it only when those before are broken.
  const holder = pairRoles
    .flatMap((role) =>
      [...new Set(state.players.filter((p) => holds(p, role)).map((p) => p.faction))].map((faction) => ({ role, faction })),
    )
    .find((pair) => pairWhole(state, pair.faction, pair.role));
  if (holder !== undefined) return [user, target].every((p) => p.faction === holder.faction && holds(p, holder.role));
  if (move.lonePairUp !== true) return false;
  // L55: "Если мафия и якудза остались без напарников, они объединятся в новую пару и по-прежнему смогут использовать окраснение".
  const lone = [...new Set(state.players.filter((p) => pairRoles.some((r) => holds(p, r))).map((p) => p.faction))].flatMap((faction) => {
    const left = state.players.filter((p) => p.alive && p.faction === faction);
    const last = left[0];
    return left.length === 1 && last !== undefined && pairRoles.some((r) => holds(last, r)) ? [last] : [];
  });
  return lone.length === 2 && [user, target].every((p) => lone.includes(p));
}

/** L67, L135: each voter's or killer's "face" of the Faceless (in wins), as the status's new value. */
function faces(state: GameState, ruleset: Ruleset, phase: PhaseRef, cut: FaceCutLynch): GameEvent[] {
  const face = cut.face;
  if (face === undefined) return [];
  const grey = new Set(ruleset.factions.filter((f) => f.color === 'grey').map((f) => f.id));
  const gained = new Map<string, number>();
  const gain = (slotId: string): void => {
    gained.set(slotId, (gained.get(slotId) ?? 0) + face.points);
  };
  const records = phase.kind === 'day' ? state.history.filter((d) => samePhase(d.phase, phase)) : [];
  for (const faceless of state.players.filter((p) => grey.has(p.faction) && !p.alive && samePhase(p.death?.phase, phase))) {
    if (phase.kind === 'day') {
      // L135: "Если безликий будет залинчован на любом из голосований, то все игроки, кинувшие в него голос, независимо от своей команды, получат в зачет его лицо".
      // The ballot that lynched him (L156: a lone Faceless lynch is followed by another vote the same day).
      const ballot = records.find((d) => d.lynched.includes(faceless.slot.id))?.ballot ?? 'lynch';
      if (!records.some((d) => d.lynched.includes(faceless.slot.id))) continue;
      for (const v of state.votes) if (v.ballot === ballot && v.target === faceless.slot.id) gain(v.voter);
      continue;
    }
    // L135: "Если безликий убит киллером ночью, то этот киллер лично получит себе в зачет лицо безликого … Если у этого киллера есть напарник или слуга, он тоже получит бонус".
    const killer = faceless.death?.by === undefined ? undefined : playerOf(state, faceless.death.by);
    if (killer === undefined || !killerCauses.has(faceless.death?.cause ?? '')) continue;
    gain(killer.slot.id);
    const side = ruleset.factions.find((f) => f.id === killer.faction);
    if (side?.knowsMembers === true && side.color === 'black')
      for (const p of state.players) if (p.alive && p.faction === killer.faction && p.slot.id !== killer.slot.id) gain(p.slot.id);
    if (face.servantStatus !== undefined)
      for (const p of state.players) if (p.statuses.some((s) => s.id === face.servantStatus && s.with === killer.slot.id)) gain(p.slot.id);
  }
  return [...gained].map(([slotId, points]) => {
    const before = playerOf(state, slotId)?.statuses.find((s) => s.id === face.status)?.value ?? 0;
    return { type: 'status/add', slotId, status: face.status, value: before + points };
  });
}

/**
 * L15: the checks sent for verification at the end of this day: the sender
 * gets the ruleset's status with the checked player for the night after. Only
 * a check he received (his own, or one passed on to him) may be sent; which colours, the setting
 * `checks` (an open question, reported on a red one).
 */
function verifications(state: GameState, ruleset: Ruleset, phase: PhaseRef): FacelessPhaseEnd {
  const rule = ruleset.phaseEnd?.checkVerification;
  if (rule === undefined || phase.kind !== 'day') return { events: [], openQuestions: [] };
  const events: GameEvent[] = [];
  const openQuestions: OpenQuestionHit[] = [];
  const last = new Map<string, string>();
  for (const a of state.actions) if (a.ability === rule.ability && a.targets[0] !== undefined) last.set(a.actor, a.targets[0]);
  for (const [actor, target] of last) {
    const checker = playerOf(state, actor);
    const checked = playerOf(state, target);
    if (checker?.alive !== true || checked === undefined) continue;
    // L15 "Когда чекер получает черный чек": a check he received, his own or passed on to him (the Joker's checks the
    // Mafia and the Maniac receive, L51) — never one only someone else received.
    const results = checker.inbox.flatMap((m) => {
      const check = m.result?.fact === 'forwarded-result' ? m.result.value : m.result;
      return check?.fact === 'alignment-check' && check.about[0] === target ? [check.value] : [];
    });
    const shown = results.at(-1);
    if (shown === undefined) continue;
    if (!shown) {
      const chosen = rule.checks ?? 'any';
      openQuestions.push({
        setting: 'phaseEnd.checkVerification.checks',
        chosen,
        detail: `${checker.name} sent a red check of ${checked.name} for verification; L15 gives the right for a black check and tells what a red one's verification shows`,
      });
      if (chosen === 'black') continue;
    }
    const phases = ruleset.statuses.find((s) => s.id === rule.status)?.defaultPhases ?? 2;
    events.push({ type: 'status/add', slotId: actor, status: rule.status, with: target, phases });
  }
  return { events, openQuestions };
}

/** What this file's rules add when `phase` ends (see the module comment). */
export function facelessPhaseEnd(state: GameState, ruleset: Ruleset, phase: PhaseRef): FacelessPhaseEnd {
  const cut = ruleset.phaseEnd?.faceCutLynch;
  const verified = verifications(state, ruleset, phase);
  return {
    events: [...(cut === undefined ? [] : faces(state, ruleset, phase, cut)), ...verified.events],
    openQuestions: verified.openQuestions,
  };
}

/** L135: each player's faces of the Faceless so far, in wins (half a win each), for the game's statistics. */
export function facelessFaces(state: GameState, ruleset: Ruleset): { readonly slotId: string; readonly wins: number }[] {
  const face = ruleset.phaseEnd?.faceCutLynch?.face;
  if (face === undefined) return [];
  return state.players.flatMap((p) => {
    const wins = p.statuses.find((s) => s.id === face.status)?.value;
    return wins === undefined ? [] : [{ slotId: p.slot.id, wins }];
  });
}
