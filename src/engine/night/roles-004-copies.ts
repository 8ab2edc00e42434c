/**
 * Borrowed roles (seed 004 §5.6, L40, L42, L47): a player using, for a night,
 * the night abilities of a role he does not hold.
 *
 * - A copy (the Actor, L40): a status of mechanic `copy-role` names the player
 *   whose peaceful role he copied at the end of the day; he sends that role's
 *   moves as his own, from scratch (the copied player's spent uses do not
 *   count). He cannot copy an undead or a crippled player (a skip), nor aim a
 *   copy of some roles at their owner (`borrowing.notAtOwner`), and some
 *   abilities take one target only in a copy (`borrowing.singleTarget`).
 * - An absent role (the Wizard, L47, passive `uses-absent-roles`): he sends a
 *   move of a peaceful role no player of the game holds, with the Actor's
 *   limits; a role that is in the game is a skip.
 * - An undead (the Necromancer, L42): a dead player with a status of mechanic
 *   `undead` (given by the Necromancer, `by`) still sends his peaceful role's
 *   moves, if the role is on `borrowing.undeadRoles`; a block on the
 *   Necromancer stops them, a block the player had before he died does not,
 *   and no move may be aimed at the Necromancer.
 *
 * A borrowed move acts in its role's step, after the original's moves of that
 * step, and an undead's moves after every other (L40, L47: "по приоритету
 * первым учитывается оригинал"; L42: "ходы … игрока-нежити всегда идут самыми
 * последними по приоритету").
 */
import type { NightContext } from './context';
import { findRole, type PlayerIndex } from './intake';
import { nightResult } from './results';
import { say } from './say';
import { engineMessage, word } from '../words';
import type { NightAbilityDef, NightRoleDef } from './roles';
import type { NightRules } from './rules';
import { mechanicStatus, mechanicStatusId, statusActive } from './statuses';
import type { NightAction, NightEvent, NightInput, NightPlayer, RefusalReason } from './types';

/** How borrowed roles may be used (004: the Actor's, Wizard's and Necromancer's limits, L40, L42, L47). */
export interface BorrowingRules {
  /** Roles whose copy may not be aimed at the role's own holder (L40: Homeless, Pimp, Anonymous, Necromancer, Maid, Witch). */
  readonly notAtOwner?: readonly string[];
  /** Abilities that take one target only in a copy (L40: "За доктора можно выбрать только одну цель"). */
  readonly singleTarget?: readonly string[];
  /** The roles an undead still uses (L42's list of eighteen); the others give nothing at night. */
  readonly undeadRoles?: readonly string[];
}

/** How the move is borrowed: a collected role (Collector), a copy (Actor, Wizard) or an undead's move (Necromancer). */
export type BorrowKind = 'collected' | 'copy' | 'undead';

/** A borrowed ability, with the player it comes from and who controls it. */
export interface Borrowed {
  readonly ability: NightAbilityDef;
  readonly role: NightRoleDef;
  readonly borrowed: BorrowKind;
  /** The Necromancer, for an undead's move: his statuses and blocks stop it. */
  readonly controller?: NightPlayer;
}

/** Whether a role may be copied or borrowed: a peaceful role of its own (not a faction role) with this night ability. */
function abilityIn(role: NightRoleDef | undefined, id: string): NightAbilityDef | undefined {
  if (role === undefined || role.factionRole === true) return undefined;
  return role.abilities.find((a) => a.id === id && a.phase === 'night');
}

/** A copy takes one target where the rules say so. */
function narrowed(rules: NightRules, ability: NightAbilityDef): NightAbilityDef {
  if (rules.borrowing?.singleTarget?.includes(ability.id) !== true) return ability;
  return { ...ability, targets: { ...ability.targets, max: Math.min(ability.targets.max ?? ability.targets.count, 1) } };
}

/** Whether the player holds a role, as first or second role. */
function holds(p: NightPlayer, role: string): boolean {
  return p.role === role || p.secondRole === role;
}

/**
 * The ability a player borrows for this action, when his own roles have none
 * of that id: a refusal when the borrowing is not allowed, undefined when he
 * borrows nothing.
 */
export function borrowedAbility(
  input: NightInput,
  rules: NightRules,
  actor: NightPlayer,
  action: NightAction,
  index: PlayerIndex,
): Borrowed | RefusalReason | undefined {
  // L42: an undead acts from the grave for the Necromancer.
  const undead = mechanicStatus(input, actor.statuses, 'undead');
  if (undead !== undefined && !actor.alive) {
    const role = findRole(rules, actor.role);
    const ability = abilityIn(role, action.ability);
    if (role === undefined || ability === undefined) return undefined;
    if (rules.borrowing?.undeadRoles?.includes(role.id) !== true) return 'night/not-available';
    const controller = undead.by === undefined ? undefined : index.byId.get(undead.by);
    if (controller === undefined || !controller.alive) return 'night/actor-dead';
    if (action.targets.includes(controller.slotId)) return 'night/self-target';
    return { ability, role, borrowed: 'undead', controller };
  }
  if (!actor.alive) return undefined;
  // L41: the Collector's active role, collected from a player who left; he uses it as its holder would.
  const collected = collectedRole(input, rules, actor, index);
  const own = abilityIn(collected, action.ability);
  if (collected !== undefined && own !== undefined) return { ability: own, role: collected, borrowed: 'collected' };
  // L40: the Actor's copy of a player's peaceful role ("Коллекционер копируется с той ролью, которую активировал в последний раз").
  const copy = mechanicStatus(input, actor.statuses, 'copy-role');
  if (copy?.with !== undefined) {
    const source = index.byId.get(copy.with);
    const held = findRole(rules, source?.role);
    const role = abilityIn(held, action.ability) === undefined && source !== undefined ? collectedRole(input, rules, source, index) : held;
    const ability = abilityIn(role, action.ability);
    if (source !== undefined && role !== undefined && ability !== undefined) {
      // "Нельзя копировать роли у нежити"; "Если пытается скопировать покалеченного игрока, тоже будет пропуск хода".
      if (mechanicStatus(input, source.statuses, 'undead') !== undefined) return 'night/not-available';
      if (crippled(input, source)) return 'night/not-available';
      if (rules.borrowing?.notAtOwner?.includes(role.id) === true && action.targets.includes(source.slotId)) return 'night/not-available';
      return { ability: narrowed(rules, ability), role, borrowed: 'copy' };
    }
  }
  // L47: the Wizard's absent role, named as `role/ability` where several roles have the ability ("lawyer/check").
  if (rolesHavePassive(rules, actor, 'uses-absent-roles')) {
    const [named, id] = action.ability.includes('/') ? action.ability.split('/', 2) : [undefined, action.ability];
    if (id === undefined) return undefined;
    const candidates = rules.roles.filter((r) => (named === undefined || r.id === named) && abilityIn(r, id) !== undefined);
    if (candidates.length === 0) return undefined;
    const absent = candidates.find((r) => !input.players.some((p) => holds(p, r.id)));
    // "Если указанная роль уже есть на игре, волшебник пропустит ход".
    if (absent === undefined) return 'night/not-available';
    const ability = abilityIn(absent, id);
    if (ability === undefined) return undefined;
    return { ability: narrowed(rules, ability), role: absent, borrowed: 'copy' };
  }
  return undefined;
}

/** The role a Collector has active: the peaceful role of the player his `collected-role` status names (L41). */
function collectedRole(input: NightInput, rules: NightRules, p: NightPlayer, index: PlayerIndex): NightRoleDef | undefined {
  const status = mechanicStatus(input, p.statuses, 'collected-role');
  const from = status?.with === undefined ? undefined : index.byId.get(status.with);
  // "Если умер покалеченный игрок, нельзя получить его роль."
  if (from === undefined || crippled(input, from)) return undefined;
  return findRole(rules, from.role);
}

/** Whether the player is crippled (the face cut's or the Kamikaze's mark; the preset's `crippled` status). */
function crippled(input: NightInput, p: NightPlayer): boolean {
  const id = mechanicStatusId(input, 'cripple');
  return (p.statuses ?? []).some((s) => s.id === id && statusActive(s, input.night));
}

/**
 * Whether a player may send moves of roles he does not hold (a copy, a collected role, an undead, the Wizard's
 * absent roles): the game records such a night move and leaves its judgement to the night's intake.
 */
export function mayBorrow(
  rules: NightRules,
  statusRules: readonly { readonly id: string; readonly night?: { readonly mechanic?: string } }[],
  p: { readonly role: string; readonly secondRole?: string; readonly statuses: readonly { readonly id: string }[] },
): boolean {
  const mechanics = new Set(['copy-role', 'collected-role', 'undead']);
  if (p.statuses.some((s) => mechanics.has(statusRules.find((r) => r.id === s.id)?.night?.mechanic ?? ''))) return true;
  return [p.role, p.secondRole].some((id) => findRole(rules, id)?.passives?.includes('uses-absent-roles') === true);
}

function rolesHavePassive(rules: NightRules, p: NightPlayer, passive: 'uses-absent-roles'): boolean {
  return [p.role, p.secondRole].some((id) => findRole(rules, id)?.passives?.includes(passive) === true);
}

// The night's dead players by slot, built once per input (a message is readdressed in constant time).
const deadTables = new WeakMap<NightInput, Map<string, NightPlayer>>();

function deadById(input: NightInput): ReadonlyMap<string, NightPlayer> {
  let table = deadTables.get(input);
  if (table === undefined) {
    table = new Map(input.players.filter((p) => !p.alive).map((p) => [p.slotId, p]));
    deadTables.set(input, table);
  }
  return table;
}

/**
 * L42: what an undead's moves learn goes to the Necromancer ("Мирная роль мертвого игрока … будет доступна
 * некроманту"); the dead player himself is told nothing (L116).
 */
export function readdressUndead(input: NightInput, event: NightEvent): NightEvent {
  if (event.type !== 'message') return event;
  const to = deadById(input).get(event.to);
  if (to === undefined) return event;
  const by = mechanicStatus(input, to.statuses, 'undead')?.by;
  if (by === undefined) return event;
  return { ...event, to: by, result: { ...event.result, to: by } };
}

/**
 * L27: the Pimp "каждое утро видит общую информацию этой роли, которую получает раб": what a slave (status of
 * mechanic `enslaved`, `by` the Pimp) was told tonight is passed on to his living Pimp.
 */
export function relayToMasters(ctx: NightContext, events: readonly NightEvent[]): void {
  const told = events.filter((e): e is Extract<NightEvent, { type: 'message' }> => e.type === 'message');
  for (const m of told) {
    const slave = ctx.player(m.to);
    if (slave === undefined || !slave.alive) continue;
    const by = mechanicStatus(ctx.input, slave.statuses, 'enslaved')?.by;
    const master = by === undefined ? undefined : ctx.player(by);
    if (master === undefined || !master.alive || master.slotId === slave.slotId) continue;
    const because = say(
      `${master.name} holds ${slave.name}'s passport and sees what they are told (004 Pimp, L27)`,
      engineMessage('night/slave-relayed', word.text(master.name), word.text(slave.name)),
    );
    ctx.emit({
      type: 'message',
      to: master.slotId,
      result: nightResult(master.slotId, 'forwarded-result', [slave.slotId], m.result),
      reasons: [because],
    });
  }
}

/** Where a borrowed move stands among the moves of its step: originals first, copies next, undead last (L40, L42, L47). */
export function borrowRank(borrowed: BorrowKind | undefined): number {
  return borrowed === undefined || borrowed === 'collected' ? 0 : borrowed === 'copy' ? 1 : 2;
}
