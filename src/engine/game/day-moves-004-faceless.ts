/**
 * 004 L74, the Faceless holding the Kamikaze: what his night deaths add to or
 * take from his score (`phaseEnd.faceCutLynch`), read from the state by
 * `facelessTallies`:
 *
 * - «если киллер умер от атаки по безликому камикадзе, будучи одной из жертв
 *   со срезанным лицом, он пойдет в зачет у безликого»: a killer who died of
 *   his revenge (`revenge`, by him) while carrying his face cut counts as a
 *   victim (`victimPoints`, as a lynched victim, L64.2);
 * - «Всегда может специально самоубиться с кем-либо - безликий умрет с ничьей,
 *   заблокировав игроку роль и цвет и обнулив ранее набранные жертвы»: a
 *   Faceless who died by his own move at night keeps no victims.
 */
import type { Ruleset } from '../rules/types';
import type { GameState, PlayerState } from './types';

/** The Faceless's score in wins, with what his night deaths do to `lynchScore` (the lynches' score). */
export function facelessNightScore(state: GameState, ruleset: Ruleset, faceless: PlayerState, lynchScore: number): number {
  const cut = ruleset.phaseEnd?.faceCutLynch;
  if (cut === undefined) return lynchScore;
  const me = faceless.slot.id;
  if (faceless.death?.phase?.kind === 'night' && faceless.death.by === me) return 0;
  const taken = state.players.filter(
    (x) => !x.alive && x.death?.cause === 'revenge' && x.death.by === me && x.statuses.some((s) => s.id === cut.status && s.by === me),
  );
  return lynchScore + taken.length * cut.victimPoints;
}

/**
 * L70, the Faceless holding the Phantom: «Безликий вселяется только в того
 * игрока, у которого было срезано лицо - он не получит обратно свою роль и
 * останется жертвой безликого… Если цель жертвы или она сама так или иначе
 * умрет, безликий сразу покинет игру»; «может получить в зачет еще одну
 * жертву». Read by the possession and the lynch's face cuts in day-moves-004.ts.
 */
export const isGreyPlayer = (ruleset: Ruleset, p: PlayerState): boolean =>
  ruleset.factions.find((f) => f.id === p.faction)?.color === 'grey';
const isGrey = isGreyPlayer;

/** The statuses of a possession (`possess` moves). */
const possessStatuses = (ruleset: Ruleset): Set<string> =>
  new Set(Object.values(ruleset.phaseEnd?.dayMoves ?? {}).flatMap((m) => (m.kind === 'possess' ? [m.status] : [])));

/** Whether the phantom may move into the host: the Faceless only into a player whose face he cut. */
export function mayPossess(ruleset: Ruleset, phantom: PlayerState, host: PlayerState): boolean {
  const cut = ruleset.phaseEnd?.faceCutLynch;
  if (cut === undefined || !isGrey(ruleset, phantom)) return true;
  return host.statuses.some((s) => s.id === cut.status && s.by === phantom.slot.id);
}

/** The face-cut victim a Faceless phantom is in keeps the cut: his target's lynch gives him no role back. */
export function heldByFacelessPhantom(state: GameState, ruleset: Ruleset, victim: PlayerState): boolean {
  const ids = possessStatuses(ruleset);
  return state.players.some((p) => isGrey(ruleset, p) && p.statuses.some((s) => ids.has(s.id) && s.with === victim.slot.id));
}

/** Whether a Faceless phantom leaves with his host's target: the player his host must get lynched is dead. */
export function facelessPhantomLeaves(state: GameState, ruleset: Ruleset, phantom: PlayerState, host: PlayerState): boolean {
  const cut = ruleset.phaseEnd?.faceCutLynch;
  if (cut === undefined || !isGrey(ruleset, phantom)) return false;
  const target = host.statuses.find((s) => s.id === cut.status)?.with;
  return target !== undefined && state.players.some((p) => p.slot.id === target && !p.alive);
}

/** A dead Faceless still scores a lynched victim while he possesses one («может получить в зачет еще одну жертву»). */
export function scoresWhilePossessing(state: GameState, ruleset: Ruleset, by: string): boolean {
  const ids = possessStatuses(ruleset);
  const p = state.players.find((x) => x.slot.id === by);
  return p !== undefined && isGrey(ruleset, p) && p.statuses.some((s) => ids.has(s.id));
}
