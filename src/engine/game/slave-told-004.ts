/**
 * The Pimp told of his slave's day moves (seed 004 L27): "когда раб отправит дневной или ночной ход, сутенер узнает об
 * этом и должен либо подтвердить его, либо изменить, либо запретить". The night tells him of the night's moves
 * (night/roles-004-slaves.ts `slaveMovesTold`); this tells him of a day move as soon as it is recorded, with the same
 * private result (`slave-move-sent`: the slave, the role he moved as, its targets), so he can give his day order
 * (`borrowing.dayOrderMoves`) before the day ends. A dead master, or one whose role is blocked (L22: hacked,
 * punished), learns nothing; an order is no move of the slave's to tell.
 */
import { nightResult, nightResultNames, renderNightResult } from '../night/results';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset } from '../rules/types';
import { hasStatusFlag, playerOf } from './derive';
import { nightStatusRules } from './night-bridge';
import type { GameEvent, GameState } from './types';

/** The move as recorded: who, which ability, whom. */
export interface SlaveDayMove {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
}

/**
 * The private message to the slave's master about a day move just recorded (none when the mover is nobody's slave, or
 * the master may not learn it). `state` is the day the move was made in; `text` is worded in English for logs that
 * read text only (each reader words `result` in its own language).
 */
export function slaveDayMoveTold(state: GameState, ruleset: Ruleset, move: SlaveDayMove): GameEvent[] {
  const slaves = rulesetNightRules(ruleset)?.borrowing;
  if (slaves?.enslaveMoves === undefined || slaves.enslaveMoves.length === 0) return [];
  if (state.phase?.kind !== 'day' || (slaves.dayOrderMoves ?? []).includes(move.ability)) return [];
  const slave = playerOf(state, move.actor);
  const enslaved = new Set(nightStatusRules(ruleset).flatMap((s) => (s.night?.mechanic === 'enslaved' ? [s.id] : [])));
  const by = slave?.statuses.find((s) => enslaved.has(s.id))?.by;
  const master = by === undefined ? undefined : playerOf(state, by);
  if (slave === undefined || !slave.alive || master === undefined || !master.alive || master.slot.id === slave.slot.id) return [];
  if (hasStatusFlag(master, ruleset, 'blocksActions')) return [];
  // The role the move is of: the slave's second role when it has the ability, else his (peaceful) first role.
  const second = slave.secondRole;
  const role =
    second !== undefined && ruleset.roles.find((r) => r.id === second)?.abilities.some((a) => a.id === move.ability) === true
      ? second
      : slave.role;
  const result = nightResult(master.slot.id, 'slave-move-sent', [slave.slot.id, ...move.targets], role);
  const names = nightResultNames(
    state.players.map((p) => ({ id: p.slot.id, name: p.name })),
    { roles: ruleset.roles },
  );
  return [{ type: 'message/send', to: master.slot.id, text: renderNightResult(result, names), result }];
}
