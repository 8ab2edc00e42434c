import { hasStatusFlag, playerOf } from '../game/derive';
import type { GameState, PlayerState } from '../game/types';
import type { Ruleset } from '../rules/types';
import type { VoteVoidReason } from './types';

/**
 * Why this voter's votes do not count today, or null if they do. Dead
 * players and players with a status that blocks voting (the ruleset says
 * which: injured, exiled, abroad, arrested, hindered…) never count.
 */
export function voterVoid(state: GameState, ruleset: Ruleset, voter: string): VoteVoidReason | null {
  const player = playerOf(state, voter);
  if (player === undefined) return 'vote/voter-unknown';
  if (!player.alive) return 'vote/voter-dead';
  if (hasStatusFlag(player, ruleset, 'blocksVoting')) return 'vote/voter-cannot-vote';
  return null;
}

/** Why a vote against this player does not count, or null if it does. */
export function targetVoid(state: GameState, ruleset: Ruleset, target: string): VoteVoidReason | null {
  const player = playerOf(state, target);
  if (player === undefined) return 'vote/target-unknown';
  if (!player.alive) return 'vote/target-dead';
  if (isVoteImmune(player, ruleset)) return 'vote/target-immune';
  return null;
}

/** No one may vote against the player: a vote-immune status or title. */
export function isVoteImmune(player: PlayerState, ruleset: Ruleset): boolean {
  if (hasStatusFlag(player, ruleset, 'voteImmune')) return true;
  return player.titles.some((t) => ruleset.titles.find((d) => d.id === t)?.voteImmune === true);
}

/** Living players, in roster order. */
export function living(state: GameState): readonly PlayerState[] {
  return state.players.filter((p) => p.alive);
}

/** Sorts totals: highest first, then by who reached the total first (log order), then by id. */
export function sortTotals<T extends { readonly target: string; readonly total: number }>(
  totals: readonly T[],
  firstAt: ReadonlyMap<string, number> = new Map(),
): T[] {
  return [...totals].sort(
    (a, b) =>
      b.total - a.total || (firstAt.get(a.target) ?? Infinity) - (firstAt.get(b.target) ?? Infinity) || a.target.localeCompare(b.target),
  );
}
