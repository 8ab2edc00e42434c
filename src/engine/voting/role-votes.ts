/**
 * Roles that change a majority day's count, read from their abilities' `vote`
 * effects (`RulesetVoteEffect`), never from a role's name:
 * - `vote-weight` (passive): the holder's vote weighs that much (a
 *   Doublevoter 2, a Voteless player 0);
 * - `steal-vote` (day move): from the moment the move is recorded, the
 *   target's vote weighs 0 for the rest of the day and the user's vote carries
 *   its weight too (a Politician); votes cast before it counted at the old
 *   weights, and a hammer reached before it stands;
 * - `unlynchable` (passive): the majority on the holder lynches nobody;
 * - `cancel-lynch` (day move): a lynch of the move's target is cancelled (a
 *   Governor's pardon);
 * - `speak-for` (day move): on a day when a player carries the effect's status
 *   given by the user (a Ventriloquist's night), each move is that player's
 *   vote for its target from the moment it was recorded, and the player's own
 *   votes do not count (`vote/spoken-for`).
 *
 * The game model's tally (`post-tally.ts`) and the thread's live count
 * (`src/engine/count`) both lay these over the day's post-by-post count, so
 * the panel, `gavel count` and `gavel play` agree.
 */
import { hasStatusFlag, playerOf, roleAbilities } from '../game/derive';
import type { GameState, PlayerState } from '../game/types';
import type { Ruleset, RulesetVoteEffect } from '../rules/types';
import type { VoteRecord, VoteTarget } from '../votes/tally';
import type { TallyNote } from './types';

/** The target a Ventriloquist's `speak-for` move names for a vote for No Lynch (no target: an unvote). */
export const SPOKEN_NO_LYNCH = 'no-lynch';

/** What the day's roles do to its count. */
export interface RoleVotes {
  /** Each slot's vote weight at the end of today, where it is not 1 (the roles' weights, after today's thefts). */
  readonly weights: Readonly<Record<string, number>>;
  /** The weights today starts with, where not 1: the roles' own, before any day move. */
  readonly baseWeights: Readonly<Record<string, number>>;
  /**
   * The weight changes of today's moves, in log order, each from the move's place in the game's log (`at`, the
   * event's index): the count lays them over the day post by post (`TallyInput.weightChanges`).
   */
  readonly weightChanges: readonly { readonly slotId: string; readonly weight: number; readonly at: number }[];
  /** Why each weight differs (a role's weight, a stolen vote), for the count post and the result post. */
  readonly weightNotes: readonly (TallyNote & { readonly slotId: string })[];
  /** Living players the majority cannot lynch. */
  readonly unlynchable: readonly string[];
  /** Today's standing pardons: a lynch of `target` is cancelled by `by`. */
  readonly pardons: readonly { readonly by: string; readonly target: string }[];
  /** Living players another speaks for today (a Ventriloquist, `by`): their own votes do not count. */
  readonly spokenFor: readonly { readonly slotId: string; readonly by: string }[];
  /** The votes cast for them, in log order, each from its move's place in the game's log (`at`). */
  readonly spokenVotes: readonly { readonly voter: string; readonly target: VoteTarget | null; readonly by: string; readonly at: number }[];
}

export const noRoleVotes: RoleVotes = {
  weights: {},
  baseWeights: {},
  weightChanges: [],
  weightNotes: [],
  unlynchable: [],
  pardons: [],
  spokenFor: [],
  spokenVotes: [],
};

/** The player's abilities' vote effects of one kind. */
function effectsOf<K extends RulesetVoteEffect['kind']>(
  player: PlayerState,
  ruleset: Ruleset,
  kind: K,
): Extract<RulesetVoteEffect, { readonly kind: K }>[] {
  return roleAbilities(player, ruleset).flatMap((a) =>
    a.vote?.kind === kind ? [a.vote as Extract<RulesetVoteEffect, { readonly kind: K }>] : [],
  );
}

/** Whether any role of the ruleset changes the day's count (so a count without such roles pays nothing). */
export function hasRoleVotes(ruleset: Ruleset): boolean {
  return ruleset.roles.some((r) => r.abilities.some((a) => a.vote !== undefined));
}

/**
 * What the roles of the living players and today's day moves do to the count.
 * A day move by a player who is dead or may not act (a status blocking
 * actions) does nothing; of several moves of one ability by one player the
 * latest stands. A vote stolen twice is stolen once, by the first thief.
 */
export function roleVotes(state: GameState, ruleset: Ruleset): RoleVotes {
  if (!hasRoleVotes(ruleset)) return noRoleVotes;
  const weights = new Map<string, number>();
  const weightNotes: (TallyNote & { readonly slotId: string })[] = [];
  const unlynchable: string[] = [];
  for (const p of state.players) {
    if (!p.alive) continue;
    for (const w of effectsOf(p, ruleset, 'vote-weight')) {
      weights.set(p.slot.id, w.weight);
      weightNotes.push({ slotId: p.slot.id, code: 'role-weight', values: { name: p.name, n: w.weight } });
    }
    if (effectsOf(p, ruleset, 'unlynchable').length > 0) unlynchable.push(p.slot.id);
  }

  // Players another speaks for today: a status the giver's own `speak-for` names (the night gave it for this day).
  const spokenFor: { slotId: string; by: string }[] = [];
  for (const p of state.players) {
    if (!p.alive) continue;
    const s = p.statuses.find((x) => {
      const giver = x.by === undefined ? undefined : playerOf(state, x.by);
      return giver !== undefined && effectsOf(giver, ruleset, 'speak-for').some((e) => e.status === x.id);
    });
    if (s?.by !== undefined) spokenFor.push({ slotId: p.slot.id, by: s.by });
  }
  // Each vote the speaker records for him stands from its moment (a later one moves it), so all are kept.
  const spokenVotes: { voter: string; target: VoteTarget | null; by: string; at: number }[] = [];

  // Today's day moves, the latest of each player's ability.
  const moves = new Map<
    string,
    { readonly actor: PlayerState; readonly target: string; readonly kind: 'steal-vote' | 'cancel-lynch'; readonly at: number }
  >();
  for (const a of state.actions) {
    const actor = playerOf(state, a.actor);
    const target = a.targets[0];
    if (actor === undefined || !actor.alive || hasStatusFlag(actor, ruleset, 'blocksActions')) continue;
    const effect = roleAbilities(actor, ruleset).find((d) => d.id === a.ability)?.vote;
    if (effect?.kind === 'speak-for') {
      // A player named, No Lynch (`SPOKEN_NO_LYNCH`), or nobody: an unvote.
      const voter = spokenFor.find((x) => x.by === a.actor);
      const spoken: VoteTarget | null =
        target === undefined ? null : target === SPOKEN_NO_LYNCH ? { kind: 'no-lynch' } : { kind: 'slot', slotId: target };
      if (voter !== undefined) spokenVotes.push({ voter: voter.slotId, target: spoken, by: a.actor, at: a.at });
      continue;
    }
    if (target === undefined) continue;
    if (effect?.kind !== 'steal-vote' && effect?.kind !== 'cancel-lynch') continue;
    const key = `${a.actor}\u0000${a.ability}`;
    moves.delete(key);
    moves.set(key, { actor, target, kind: effect.kind, at: a.at });
  }

  const baseWeights = Object.fromEntries([...weights].filter(([, w]) => w !== 1));
  const weightChanges: { slotId: string; weight: number; at: number }[] = [];
  const robbed = new Set<string>();
  const pardons: { by: string; target: string }[] = [];
  for (const m of moves.values()) {
    if (m.kind === 'cancel-lynch') {
      pardons.push({ by: m.actor.slot.id, target: m.target });
      continue;
    }
    const victim = playerOf(state, m.target);
    if (victim === undefined || !victim.alive || robbed.has(m.target) || m.target === m.actor.slot.id) continue;
    robbed.add(m.target);
    const stolen = weights.get(m.target) ?? 1;
    const carried = (weights.get(m.actor.slot.id) ?? 1) + stolen;
    weights.set(m.target, 0);
    weights.set(m.actor.slot.id, carried);
    weightChanges.push({ slotId: m.target, weight: 0, at: m.at }, { slotId: m.actor.slot.id, weight: carried, at: m.at });
    weightNotes.push({ slotId: m.target, code: 'vote-stolen', values: { politician: m.actor.name, name: victim.name } });
  }
  const changed = Object.fromEntries([...weights].filter(([, w]) => w !== 1));
  weightChanges.sort((a, b) => a.at - b.at);
  return { weights: changed, baseWeights, weightChanges, weightNotes, unlynchable, pardons, spokenFor, spokenVotes };
}

/** A day's lynch as the roles leave it: the same, or cancelled (an Unlynchable target, a pardon) with the note that says why. */
export function lynchAfterRoles(
  state: GameState,
  roles: RoleVotes,
  lynched: string,
):
  | { readonly stands: true }
  | { readonly stands: false; readonly reason: 'no-lynch/unlynchable' | 'no-lynch/cancelled'; readonly note: TallyNote } {
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  if (roles.unlynchable.includes(lynched))
    return { stands: false, reason: 'no-lynch/unlynchable', note: { code: 'unlynchable', values: { name: name(lynched) } } };
  const pardon = roles.pardons.find((p) => p.target === lynched);
  if (pardon !== undefined)
    return {
      stands: false,
      reason: 'no-lynch/cancelled',
      note: { code: 'lynch-cancelled', values: { governor: name(pardon.by), name: name(lynched) } },
    };
  return { stands: true };
}

/** The weight notes of the players whose votes the day counted: a voter's role weight, a robbed player who voted. */
export function weightNotesOfVoters(roles: RoleVotes, voters: ReadonlySet<string>): TallyNote[] {
  return roles.weightNotes.filter((n) => voters.has(n.slotId) || n.code === 'vote-stolen').map(({ code, values }) => ({ code, values }));
}

/**
 * The open question a multi-vote player's single vote reaches (`voting.grammar.singleVoteNotes`): a standing
 * vote said to be cast once ("(single vote)") by a player whose vote weighs more than one. The note says how it
 * counted, so the count post shows the setting's answer each time a game reaches it.
 */
export function singleVoteNotes(history: readonly VoteRecord[], roles: RoleVotes, standing: ReadonlySet<number>): TallyNote[] {
  return history
    .filter(
      (r) => r.single === true && r.counted && standing.has(r.post) && r.voterSlotId !== null && (roles.weights[r.voterSlotId] ?? 1) > 1,
    )
    .map((r) => ({ code: 'single-vote', values: { name: r.author, post: r.post } }));
}
