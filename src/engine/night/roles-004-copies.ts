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
import { findRole, indexPlayers, rolesOf, type PlayerIndex } from './intake';
import type { CorpseRules } from './roles-004-corpses';
import type { SlaveRules } from './roles-004-slaves';
import { nightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import { engineMessage, word } from '../words';
import type { NightAbilityDef, NightRoleDef } from './roles';
import type { NightRules } from './rules';
import { mechanicStatus, mechanicStatusId, statusActive } from './statuses';
import type { NightAction, NightEvent, NightInput, NightPlayer, NightResolution, RefusalReason } from './types';

/** How borrowed roles may be used (004: the Actor's, Wizard's and Necromancer's limits, L40, L42, L47). */
export interface BorrowingRules extends CorpseRules, SlaveRules {
  /** Roles whose copy may not be aimed at the role's own holder (L40: Homeless, Pimp, Anonymous, Necromancer, Maid, Witch). */
  readonly notAtOwner?: readonly string[];
  /** Abilities that take one target only in a copy (L40: "За доктора можно выбрать только одну цель"). */
  readonly singleTarget?: readonly string[];
  /** The roles an undead still uses (L42's list of eighteen); the others give nothing at night. */
  readonly undeadRoles?: readonly string[];
  /** Day abilities whose use copies the target's peaceful role for the night after that day (L40: the Actor's choice at the end of a day). */
  readonly copyMoves?: readonly string[];
  /** Borrowed roles a game: players copied, or absent roles used (L40: "не более 3-х разных игроков"; L47: "не больше трех ролей"); no player or role twice. */
  readonly perGame?: number;
  /** Roles whose copy learns no killer: killers are left out of the visitors it sees (L40: "За телохранителя и бомжа нельзя узнать имя киллера"). */
  readonly copyHidesKillers?: readonly string[];
  /** Abilities whose copy does not turn killers aside (L40: "За гипнотизера нельзя отклонять киллеров"). */
  readonly copySparesKillers?: readonly string[];
  /**
   * The weight of a copied role's vote or barrier against the original's, for the day tally (L40: "Если скопировал
   * судью или священника, то голос или барьер будет на треть слабее базового"). Data only: the tally reads it.
   */
  readonly copyWeightFactor?: Readonly<Record<string, number>>;
  /** The roles whose night moves a player with the passive `uses-kin-moves` may send (004: the werewolf kinds, L51–L54). */
  readonly kinRoles?: readonly string[];
}

/** How the move is borrowed: a collected role (Collector), a copy (Actor, Wizard) or an undead's move (Necromancer). */
export type BorrowKind = 'collected' | 'copy' | 'undead' | 'kin';

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

/** A copy takes one target where the rules say so, and a copied Hypnotist spares the killers (L40). */
function narrowed(rules: NightRules, ability: NightAbilityDef): NightAbilityDef {
  const spares = rules.borrowing?.copySparesKillers?.includes(ability.id) === true ? { sparesKillers: true } : {};
  if (rules.borrowing?.singleTarget?.includes(ability.id) !== true) return { ...ability, ...spares };
  return { ...ability, ...spares, targets: { ...ability.targets, max: Math.min(ability.targets.max ?? ability.targets.count, 1) } };
}

/**
 * L40: whose role the Actor plays tonight: the player his copy status names, else the player he chose at the end of
 * the day before this night (a day move of a `copyMoves` ability, recorded as the game's `action/use`).
 */
function copiedFrom(input: NightInput, rules: NightRules, actor: NightPlayer): string | undefined {
  const status = mechanicStatus(input, actor.statuses, 'copy-role');
  if (status?.with !== undefined) return status.with;
  const moves = rules.borrowing?.copyMoves ?? [];
  const chosen = (actor.pastMoves ?? []).filter((m) => m.day && m.night === input.night && moves.includes(m.ability));
  return chosen[chosen.length - 1]?.targets[0];
}

/**
 * L40: "Нельзя скопировать одного и того же игрока больше 1-го раза за игру и нельзя скопировать более 3-х разных
 * игроков за игру": the players copied on earlier days, from the game's history.
 */
function copyOverLimit(input: NightInput, rules: NightRules, actor: NightPlayer, source: string): boolean {
  const moves = rules.borrowing?.copyMoves ?? [];
  const earlier = (actor.pastMoves ?? [])
    .filter((m) => m.day && m.night < input.night && moves.includes(m.ability))
    .map((m) => m.targets[0]);
  if (earlier.includes(source)) return true;
  return new Set(earlier).size >= (rules.borrowing?.perGame ?? Number.POSITIVE_INFINITY);
}

/** L47: which absent role a Wizard's move names: `role/ability`, or the first role of the rules with the ability. */
function namedRole(rules: NightRules, ability: string): string | undefined {
  const [named, id] = ability.includes('/') ? ability.split('/', 2) : [undefined, ability];
  if (named !== undefined) return named;
  return rules.roles.find((r) => abilityIn(r, id ?? '') !== undefined)?.id;
}

/**
 * L47: "Нельзя использовать одну роль дважды и нельзя выбирать больше трех ролей за игру. Если указанная роль уже
 * есть на игре, волшебник пропустит ход, но одна из трех попыток все равно будет потрачена": every earlier night's
 * borrowed move counts, whether it went through or not.
 */
function absentOverLimit(input: NightInput, rules: NightRules, actor: NightPlayer, role: string): boolean {
  const own = new Set(rolesHeld(rules, actor).flatMap((r) => r.abilities.map((a) => a.id)));
  const earlier = (actor.pastMoves ?? []).filter((m) => !m.day && m.night < input.night && !own.has(m.ability));
  const nights = new Set(earlier.map((m) => m.night));
  if (earlier.some((m) => namedRole(rules, m.ability) === role)) return true;
  return nights.size >= (rules.borrowing?.perGame ?? Number.POSITIVE_INFINITY);
}

function rolesHeld(rules: NightRules, p: NightPlayer): NightRoleDef[] {
  return [findRole(rules, p.role), findRole(rules, p.secondRole)].filter((r): r is NightRoleDef => r !== undefined);
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
  const from = copiedFrom(input, rules, actor);
  if (from !== undefined) {
    const source = index.byId.get(from);
    const held = findRole(rules, source?.role);
    const role = abilityIn(held, action.ability) === undefined && source !== undefined ? collectedRole(input, rules, source, index) : held;
    const ability = abilityIn(role, action.ability);
    if (source !== undefined && role !== undefined && ability !== undefined) {
      // "Нельзя копировать роли у нежити"; "Если пытается скопировать покалеченного игрока, тоже будет пропуск хода".
      if (mechanicStatus(input, source.statuses, 'undead') !== undefined) return 'night/not-available';
      if (crippled(input, source)) return 'night/not-available';
      if (rules.borrowing?.notAtOwner?.includes(role.id) === true && action.targets.includes(source.slotId)) return 'night/not-available';
      if (copyOverLimit(input, rules, actor, source.slotId)) return 'night/borrow-limit';
      return { ability: narrowed(rules, ability), role, borrowed: 'copy' };
    }
  }
  // L131, L51–L54: a plain Werewolf's special move is a werewolf kind's move he names (`joker/flip-check`): an open question.
  if (rolesHavePassive(rules, actor, 'uses-kin-moves')) {
    const [named, id] = action.ability.includes('/') ? action.ability.split('/', 2) : [undefined, undefined];
    const kin =
      named === undefined || id === undefined
        ? undefined
        : rules.borrowing?.kinRoles?.includes(named) === true
          ? findRole(rules, named)
          : undefined;
    const ability = kin === undefined || id === undefined ? undefined : kin.abilities.find((a) => a.id === id && a.phase === 'night');
    if (kin !== undefined && ability !== undefined)
      return rules.settings.plainWerewolfMove === 'none' ? 'night/not-available' : { ability, role: kin, borrowed: 'kin' };
  }
  // L47: the Wizard's absent role, named as `role/ability` where several roles have the ability ("lawyer/check").
  if (rolesHavePassive(rules, actor, 'uses-absent-roles')) {
    const [named, id] = action.ability.includes('/') ? action.ability.split('/', 2) : [undefined, action.ability];
    if (id === undefined) return undefined;
    const candidates = rules.roles.filter((r) => (named === undefined || r.id === named) && abilityIn(r, id) !== undefined);
    if (candidates.length === 0) return undefined;
    const chosen = namedRole(rules, action.ability);
    if (chosen !== undefined && absentOverLimit(input, rules, actor, chosen)) return 'night/borrow-limit';
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
  const mechanics = new Set(['copy-role', 'collected-role', 'undead', 'cursed']);
  if (p.statuses.some((s) => mechanics.has(statusRules.find((r) => r.id === s.id)?.night?.mechanic ?? ''))) return true;
  // L40: a copy chosen by day; the night's intake judges it.
  if ((rules.borrowing?.copyMoves ?? []).some((id) => findRole(rules, p.role)?.abilities.some((a) => a.id === id) === true)) return true;
  return [p.role, p.secondRole].some(
    (id) => findRole(rules, id)?.passives?.some((x) => x === 'uses-absent-roles' || x === 'uses-kin-moves') === true,
  );
}

function rolesHavePassive(rules: NightRules, p: NightPlayer, passive: 'uses-absent-roles' | 'uses-kin-moves'): boolean {
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
  return borrowed === undefined || borrowed === 'collected' || borrowed === 'kin' ? 0 : borrowed === 'copy' ? 1 : 2;
}

/**
 * L40: "За телохранителя и бомжа нельзя узнать имя киллера": a player who tonight played a copy of one of
 * `copyHidesKillers` (an Actor's copy, a Wizard's absent role) is not told the names of the night's killers among the
 * visitors he saw.
 */
export function hideKillersFromCopies(input: NightInput, rules: NightRules, r: NightResolution): NightResolution {
  const hides = rules.borrowing?.copyHidesKillers ?? [];
  if (hides.length === 0) return r;
  const index = indexPlayers(input);
  const copies = new Set<string>();
  const killers = new Set<string>();
  for (const action of r.accepted) {
    const actor = index.byId.get(action.actor);
    if (actor === undefined) continue;
    const own = rolesOf(rules, actor)
      .flatMap((x) => x.abilities)
      .find((a) => a.id === action.ability);
    if (own !== undefined) {
      if (own.effect === 'kill' || own.effect === 'faction-kill') killers.add(actor.slotId);
      continue;
    }
    const b = borrowedAbility(input, rules, actor, action, index);
    if (typeof b === 'object' && b.borrowed === 'copy' && hides.includes(b.role.id)) copies.add(actor.slotId);
  }
  if (copies.size === 0 || killers.size === 0) return r;
  const events = r.events.map((e): NightEvent => {
    if (e.type !== 'message' || !copies.has(e.to) || e.result.fact !== 'visited-by') return e;
    const seen = e.result.value.filter((id) => !killers.has(id));
    if (seen.length === e.result.value.length) return e;
    return { ...e, result: { ...e.result, value: seen } };
  });
  return { ...r, events };
}

/**
 * L131: each plain Werewolf's move of a named werewolf kind reports the open question of what his special move is
 * (setting `plainWerewolfMove`).
 */
export function kinMoveQuestions(input: NightInput, rules: NightRules, r: NightResolution): NightResolution {
  if ((rules.borrowing?.kinRoles ?? []).length === 0) return r;
  const index = indexPlayers(input);
  const setting = rules.settings.plainWerewolfMove;
  const hits = [...r.accepted, ...r.refused.map((x) => x.action)].flatMap((action) => {
    const actor = index.byId.get(action.actor);
    if (actor === undefined || !action.ability.includes('/') || !rolesHavePassive(rules, actor, 'uses-kin-moves')) return [];
    const kind = action.ability.split('/', 1)[0] ?? '';
    if (rules.borrowing?.kinRoles?.includes(kind) !== true) return [];
    return [
      {
        setting: 'plainWerewolfMove',
        value: setting,
        text: `${actor.name} is a Werewolf of no named kind and sent a ${kind}'s move; the rules do not describe a plain Werewolf's special move.`,
        message: engineMessage(
          'night/ambiguity-plain-werewolf',
          word.text(actor.name),
          word.role(kind),
          word.message(settingValue(setting)),
        ),
      },
    ];
  });
  return hits.length === 0 ? r : { ...r, ambiguities: [...r.ambiguities, ...hits] };
}
