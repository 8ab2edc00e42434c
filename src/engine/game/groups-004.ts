/**
 * Seed 004's paired groups (L55: the Mafia and the Yakuza) as the game records
 * them when a phase ends: a Mercenary or Ninja whose employers are all dead
 * passes to the other group (his faction changes, so the win check and later
 * nights read it), and a lone Mafioso and a lone Yakuza become a new pair (a
 * status naming the partner: their shared chat, and the pair the reddening
 * covers). Each is told by PM: the one who changes sides and the side he
 * joins, and both members of the new pair, each naming the other. What
 * changes is worked out by `groupChanges` (night/shots.ts), which the night's
 * own shot economy follows.
 */
import { nightResult, nightResultNames, renderNightResult, type NightResult } from '../night/results';
import { groupChanges } from '../night/shots';
import type { Ruleset } from '../rules/types';
import { playerOf } from './derive';
import type { GameEvent, GameState, PlayerState } from './types';

/** Whether a role of the player kills on his employers' orders (`contract-kill`: the Mercenary, the Ninja). */
function contractKiller(player: PlayerState, ruleset: Ruleset): boolean {
  return [player.role, player.secondRole].some((id) =>
    ruleset.roles
      .find((r) => r.id === id)
      ?.abilities.some((a) => a.night !== undefined && 'effect' in a.night && a.night.effect === 'contract-kill'),
  );
}

/** The player's negative role, or his role (what his new partners are told he is). */
function roleShown(player: PlayerState): string {
  return player.secondRole ?? player.role;
}

/** The partner the player's new-pair status names (004 L55). */
export function newPartnerOf(ruleset: Ruleset, player: PlayerState): string | undefined {
  const status = ruleset.night?.pairStatus;
  return status === undefined ? undefined : player.statuses.find((s) => s.id === status)?.with;
}

/** The events the L55 group changes add at the end of a phase (none for a ruleset without paired groups). */
export function groupChangeEvents(state: GameState, ruleset: Ruleset): GameEvent[] {
  const groups = ruleset.night?.pairedGroups ?? [];
  if (groups.length === 0) return [];
  const members = state.players.map((p) => {
    const partner = newPartnerOf(ruleset, p);
    return {
      slotId: p.slot.id,
      faction: p.faction,
      alive: p.alive,
      contractKiller: contractKiller(p, ruleset),
      ...(partner === undefined ? {} : { pairedWith: partner }),
    };
  });
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    ruleset,
  );
  const tell = (result: NightResult): GameEvent => ({
    type: 'message/send',
    to: result.to,
    text: renderNightResult(result, names),
    result,
  });
  // A change the night's resolution already told (night/roles-004-groups.ts) is recorded, not told twice.
  const toldBefore = (result: NightResult): boolean =>
    result.to !== null &&
    (playerOf(state, result.to)?.inbox ?? []).some(
      (m) => m.result?.fact === result.fact && [...m.result.about].sort().join() === [...result.about].sort().join(),
    );
  const events: GameEvent[] = [];
  for (const change of groupChanges(groups, members)) {
    if (change.kind === 'side') {
      const joiner = playerOf(state, change.player);
      if (joiner === undefined) continue;
      events.push({ type: 'player/faction', slotId: change.player, faction: change.to });
      for (const result of [
        nightResult(change.player, 'side-changed', change.partners, change.to),
        ...change.partners.map((partner) => nightResult(partner, 'partner-joined', [change.player], roleShown(joiner))),
      ])
        if (!toldBefore(result)) events.push(tell(result));
      continue;
    }
    const status = ruleset.night?.pairStatus;
    const [a, b] = change.players.map((id) => playerOf(state, id));
    if (status === undefined || a === undefined || b === undefined) continue;
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      events.push({ type: 'status/add', slotId: me.slot.id, status, with: other.slot.id });
      events.push(tell(nightResult(me.slot.id, 'new-pair', [other.slot.id], roleShown(other))));
    }
  }
  return events;
}
