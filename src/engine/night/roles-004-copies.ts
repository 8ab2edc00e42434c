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
import type { GameState, PlayerState } from '../game/types';
import type { Ruleset } from '../rules/types';
import type { NightContext, WorkPlayer } from './context';
import { findRole, indexPlayers, rolesOf, type PlayerIndex } from './intake';
import type { CorpseRules } from './roles-004-corpses';
import type { SlaveRules } from './roles-004-slaves';
import { nightResult } from './results';
import { say } from './say';
import { settingValue } from './settings-words';
import { engineMessage, word } from '../words';
import type { NightAbilityDef, NightRoleDef } from './roles';
import type { NightRules } from './rules';
import { crippledTonight, mechanicStatus, mechanicStatusId } from './statuses';
import type { NightAction, NightEvent, NightInput, NightPlayer, NightReason, NightResolution, PastMove, RefusalReason } from './types';

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
  /**
   * Abilities (night, day or passive) of a copied role that a copy does not get (L40: "не дает эффект фантома другим и
   * не вселяется в игроков", "За бессмертного нельзя наложить связь", "За террориста нельзя применить детонатор", "За
   * героя и священника нельзя никого спасти"); the Wizard has the same limits (L47). A move of one is a skip.
   */
  readonly copyLacks?: readonly string[];
  /** Abilities a copy may not aim at himself (L40: "За лжеца нельзя дать себе барьер"). */
  readonly copyNotAtSelf?: readonly string[];
  /**
   * A copy's move of an ability acts as another ability of the same role (L40: "За проститутку нельзя отказаться от
   * презервативов": she always takes the client with protection; "За горничную нельзя влиять на информацию": the Maid
   * serves without replacing or adding to what the client is told).
   */
  readonly copyActsAs?: Readonly<Record<string, string>>;
  /** Passives whose kill a copy turns into a cripple (L40: "За камикадзе нельзя убить киллера, но можно покалечить"). */
  readonly copyCripples?: readonly string[];
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
 * L40, L47: the copy's limits on one of its copied role's moves: a move the copy lacks is a skip
 * (`copyLacks`), one it may not aim at itself is refused (`copyNotAtSelf`), and one that acts as another
 * move of the role is swapped for it (`copyActsAs`); then `narrowed`.
 */
function limited(rules: NightRules, role: NightRoleDef, ability: NightAbilityDef, action: NightAction): NightAbilityDef | RefusalReason {
  const b = rules.borrowing;
  if (b?.copyLacks?.includes(ability.id) === true) return 'night/not-available';
  if (b?.copyNotAtSelf?.includes(ability.id) === true && action.targets.includes(action.actor)) return 'night/self-target';
  const as = b?.copyActsAs?.[ability.id];
  const acting = as === undefined ? ability : (abilityIn(role, as) ?? ability);
  return narrowed(rules, acting);
}

/**
 * L40: whose role the Actor plays tonight: the player he chose at the end of the day before this night (a day move of
 * a `copyMoves` ability, recorded as the game's `action/use`), else the player his copy status names.
 */
function copiedFrom(input: NightInput, rules: NightRules, actor: NightPlayer): string | undefined {
  // The day's fresh choice comes before a copy status of an earlier phase (a role taken over for a day, L40).
  const moves = rules.borrowing?.copyMoves ?? [];
  const chosen = (actor.pastMoves ?? []).filter((m) => m.day && m.night === input.night && moves.includes(m.ability));
  const made = chosen[chosen.length - 1]?.targets[0];
  if (made !== undefined) return made;
  return mechanicStatus(input, actor.statuses, 'copy-role')?.with;
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
  // A night move's role, else (a day move of the Wizard's, L47) the peaceful role with that day move.
  return (
    rules.roles.find((r) => abilityIn(r, id ?? '') !== undefined)?.id ??
    rules.roles.find((r) => r.factionRole !== true && r.abilities.some((a) => a.id === id))?.id
  );
}

/**
 * L47: "Нельзя использовать одну роль дважды и нельзя выбирать больше трех ролей за игру. Если указанная роль уже
 * есть на игре, волшебник пропустит ход, но одна из трех попыток все равно будет потрачена": every earlier night's
 * borrowed move counts, whether it went through or not.
 */
function absentOverLimit(input: NightInput, rules: NightRules, actor: NightPlayer, role: string): boolean {
  const own = new Set(rolesHeld(rules, actor).flatMap((r) => r.abilities.map((a) => a.id)));
  // A day's move (a role declared by day, or a day move of an absent role) bears on the night after it: it is earlier.
  const earlier = (actor.pastMoves ?? []).filter((m) => (m.day ? m.night <= input.night : m.night < input.night) && !own.has(m.ability));
  const phases = new Set(earlier.map((m) => `${m.day ? 'day' : 'night'}${m.night}`));
  if (earlier.some((m) => namedRole(rules, m.ability) === role)) return true;
  return phases.size >= (rules.borrowing?.perGame ?? Number.POSITIVE_INFINITY);
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
    const role =
      source === undefined ? undefined : copiedRoleOf(input, rules, source, index, (r) => abilityIn(r, action.ability) !== undefined);
    const ability = abilityIn(role, action.ability);
    if (source !== undefined && role !== undefined && ability !== undefined) {
      const unusable = copyUnusable(input, rules, actor, source);
      if (unusable !== undefined) return unusable;
      if (rules.borrowing?.notAtOwner?.includes(role.id) === true && action.targets.includes(source.slotId)) return 'night/not-available';
      const copy = limited(rules, role, ability, action);
      return typeof copy === 'string' ? copy : { ability: copy, role, borrowed: 'copy' };
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
    // L47: "ограничения на их использование полностью соответствуют ограничениям актера".
    const copy = limited(rules, absent, ability, action);
    return typeof copy === 'string' ? copy : { ability: copy, role: absent, borrowed: 'copy' };
  }
  return undefined;
}

/** The copied player's role that has what the copy looks for: his own, else the role he collected (L40 "Коллекционер копируется…"). */
function copiedRoleOf(
  input: NightInput,
  rules: NightRules,
  source: NightPlayer,
  index: PlayerIndex,
  has: (role: NightRoleDef) => boolean,
): NightRoleDef | undefined {
  const held = findRole(rules, source.role);
  if (held !== undefined && held.factionRole !== true && has(held)) return held;
  const collected = collectedRole(input, rules, source, index);
  return collected !== undefined && collected.factionRole !== true && has(collected) ? collected : held;
}

/**
 * L40: why a copy of the source gives nothing tonight: "Нельзя копировать роли у нежити"; "Если пытается скопировать
 * покалеченного игрока, тоже будет пропуск хода"; over the game's limit of copies.
 */
function copyUnusable(input: NightInput, rules: NightRules, actor: NightPlayer, source: NightPlayer): RefusalReason | undefined {
  if (mechanicStatus(input, source.statuses, 'undead') !== undefined) return 'night/not-available';
  if (crippledTonight(input, source.statuses, input.night)) return 'night/not-available';
  if (copyOverLimit(input, rules, actor, source.slotId)) return 'night/borrow-limit';
  return undefined;
}

// The night's player index, built once per input for the passives' look-ups.
const indexTables = new WeakMap<NightInput, PlayerIndex>();

function indexOf(input: NightInput): PlayerIndex {
  let index = indexTables.get(input);
  if (index === undefined) {
    index = indexPlayers(input);
    indexTables.set(input, index);
  }
  return index;
}

/**
 * L40: whether a living player has a passive tonight through his copy of a player's role (which role), and how: `full`, or
 * `cripple` where the copy turns the passive's kill into a cripple (`copyCripples`: "За камикадзе нельзя убить
 * киллера, но можно покалечить"). A passive the copy lacks (`copyLacks`: "не дает эффект фантома другим") is none.
 */
export function copiedPassive(
  input: NightInput,
  rules: NightRules,
  slotId: string,
  passive: string,
): { readonly how: 'full' | 'cripple'; readonly role: string; readonly copy: string } | undefined {
  const borrowing = rules.borrowing;
  if (borrowing === undefined || borrowing.copyLacks?.includes(passive) === true) return undefined;
  const index = indexOf(input);
  const actor = index.byId.get(slotId);
  if (actor === undefined || !actor.alive) return undefined;
  const how = borrowing.copyCripples?.includes(passive) === true ? 'cripple' : 'full';
  // L47: the Wizard's absent role, declared for tonight: its passive is his ("как актер").
  const absent = absentPassiveRole(input, rules, actor, passive);
  if (absent !== undefined) return { how, role: absent, copy: `absent:${absent}` };
  const from = copiedFrom(input, rules, actor);
  const source = from === undefined ? undefined : index.byId.get(from);
  if (source === undefined || source.slotId === actor.slotId) return undefined;
  const role = copiedRoleOf(input, rules, source, index, (r) => r.passives?.some((x) => x === passive) === true);
  if (role?.passives?.some((x) => x === passive) !== true || role.factionRole === true) return undefined;
  if (copyUnusable(input, rules, actor, source) !== undefined) return undefined;
  return { how, role: role.id, copy: `copy:${source.slotId}` };
}

/**
 * L47: the absent role a Wizard plays tonight for its passive (a role whose power is a passive, e.g. the Kamikaze or
 * the Immortal, has no move to send): his declaration `<role>/<ability of his own>` made by day before this night or
 * sent tonight. The role must carry the passive, be peaceful and held by no player, and be within his three roles.
 */
export function absentPassiveRole(input: NightInput, rules: NightRules, actor: NightPlayer, passive: string): string | undefined {
  if (!rolesHavePassive(rules, actor, 'uses-absent-roles')) return undefined;
  const declaration = declaredTonight(input, rules, actor);
  if (declaration === undefined) return undefined;
  const role = findRole(rules, declaration.role);
  if (role === undefined || role.factionRole === true || role.passives?.some((x) => x === passive) !== true) return undefined;
  if (input.players.some((p) => holds(p, role.id))) return undefined;
  // The declaration itself is not an earlier use of the role.
  const before = { ...actor, pastMoves: (actor.pastMoves ?? []).filter((m) => m !== declaration.move) };
  return absentOverLimit(input, rules, before, role.id) ? undefined : role.id;
}

/** L47: the role a declaration `<role>/<id>` names: a role of the rules that has no night move `id` (else none). */
function declarationRole(rules: NightRules, ability: string): string | undefined {
  const [named, id] = ability.includes('/') ? ability.split('/', 2) : [undefined, undefined];
  if (named === undefined || id === undefined) return undefined;
  const role = findRole(rules, named);
  return role !== undefined && !role.abilities.some((a) => a.id === id) ? named : undefined;
}

/**
 * L47: the night intake's judgement of a Wizard's declaration sent at night (`<role>/absent-role`, the role's power a
 * passive, e.g. the Immortal's or the Kamikaze's): `declared` when it stands (the role is his tonight and the next
 * day), a refusal when it is a skip ("Если указанная роль уже есть на игре, волшебник пропустит ход": `not-available`;
 * a black role, none of his to take; over his three roles or a role again: `borrow-limit`), undefined when the action
 * is no declaration. The declaration made by day for this same night is the same use, not an earlier one.
 */
export function absentRoleDeclaration(
  input: NightInput,
  rules: NightRules,
  action: NightAction,
  index: PlayerIndex,
): 'declared' | RefusalReason | undefined {
  const actor = index.byId.get(action.actor);
  if (actor === undefined || !actor.alive || !rolesHavePassive(rules, actor, 'uses-absent-roles')) return undefined;
  const named = declarationRole(rules, action.ability);
  if (named === undefined) return undefined;
  const role = findRole(rules, named);
  if (role === undefined || role.factionRole === true) return 'night/not-available';
  const before = {
    ...actor,
    pastMoves: (actor.pastMoves ?? []).filter((m) => !(m.day && m.night === input.night && m.ability === action.ability)),
  };
  if (absentOverLimit(input, rules, before, role.id)) return 'night/borrow-limit';
  if (input.players.some((p) => holds(p, role.id))) return 'night/not-available';
  return 'declared';
}

/**
 * L47: the Wizard's declaration of a role for tonight, tonight's or the day before's: `<role>/<id>` naming a role that
 * has no night move `id` (the day's `<role>/absent-role`; a move of the role is a borrowed move, not a declaration).
 */
function declaredTonight(input: NightInput, rules: NightRules, actor: NightPlayer): { role: string; move?: PastMove } | undefined {
  const split = (ability: string): string | undefined => declarationRole(rules, ability);
  const tonight = input.actions.filter((a) => a.actor === actor.slotId).flatMap((a) => split(a.ability) ?? []);
  const byDay = (actor.pastMoves ?? []).filter((m) => m.day && m.night === input.night && split(m.ability) !== undefined);
  const latest = tonight[tonight.length - 1];
  if (latest !== undefined) {
    // The same role declared by day for this night is the same use.
    const same = byDay.filter((m) => split(m.ability) === latest).at(-1);
    return same === undefined ? { role: latest } : { role: latest, move: same };
  }
  const move = byDay.at(-1);
  const role = move === undefined ? undefined : split(move.ability);
  return role === undefined || move === undefined ? undefined : { role, move };
}

/** The role a Collector has active: the peaceful role of the player his `collected-role` status names (L41). */
function collectedRole(input: NightInput, rules: NightRules, p: NightPlayer, index: PlayerIndex): NightRoleDef | undefined {
  const status = mechanicStatus(input, p.statuses, 'collected-role');
  const from = status?.with === undefined ? undefined : index.byId.get(status.with);
  // "Если умер покалеченный игрок, нельзя получить его роль."
  if (from === undefined || crippledTonight(input, from.statuses, input.night)) return undefined;
  return findRole(rules, from.role);
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
  // L9: the Active citizen plays a role lynched the day before on that very night; the intake gives it him first
  // (roles-004-heirs.ts `prepareInheritance`) and judges his move then.
  return [p.role, p.secondRole].some(
    (id) =>
      findRole(rules, id)?.passives?.some((x) => x === 'uses-absent-roles' || x === 'uses-kin-moves' || x === 'inherit-role') === true,
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

// ---------------------------------------------------------------- by day: the copy's role and day moves (L40, L47)

/** Where the day finds a player's copy: the statuses and day moves that make one, and what makes it void. */
export interface CopySpec {
  /** Statuses that name the copied player (`with`): a copy the host gave by hand (L40). */
  readonly statuses: readonly string[];
  /** Day moves that copy a player for the night after and the next day (L40 "в конце каждого дня"). */
  readonly moves?: readonly string[];
  /** Players a game a copy may take (L40 "не более 3-х разных игроков"); no player twice. */
  readonly perGame?: number;
  /** Statuses of the copied player that leave the copy empty (L40: a crippled player, an undead). */
  readonly unusable?: readonly string[];
  /**
   * The ability a player of the Wizard's kind (L47) declares a role with, as `<role>/<ability>`: the role is his for
   * the day if no player of the game holds it.
   */
  readonly declare?: string;
}

/** The phase a day's copy was made in: the day before this one (a copy lasts the night after and the next day). */
function dayBefore(state: GameState): number | undefined {
  return state.phase?.kind === 'day' ? state.phase.number - 1 : undefined;
}

/**
 * L40: the player whose role `player` plays today through a copy, if any: the copy made at the end of the day before,
 * or the copy status's `with` (first when the night gave it); void over the game's limit or when the copied player is
 * crippled or undead. L47:
 * a Wizard's role declared today (`<role>/<declare>`, the role absent from the game) is a stand-in player holding
 * that role alone, from scratch.
 */
export function copySourceToday(state: GameState, player: PlayerState, spec: CopySpec): PlayerState | undefined {
  const byId = (id: string | undefined): PlayerState | undefined =>
    id === undefined ? undefined : state.players.find((p) => p.slot.id === id);
  const usable = (p: PlayerState | undefined): PlayerState | undefined =>
    p === undefined || p.slot.id === player.slot.id || p.statuses.some((s) => spec.unusable?.includes(s.id) === true) ? undefined : p;
  const status = player.statuses.find((s) => spec.statuses.includes(s.id) && s.with !== undefined);
  // A copy given by the night just ended (a role taken over, L40) is newer than the copy chosen the day before it; one
  // given by an earlier night yields to that copy (the phase before this day is the night, the day before it one more back).
  const before = dayBefore(state);
  if (status !== undefined && status.sincePhase?.kind === 'night' && (before === undefined || status.since >= state.phaseSeq - 1))
    return usable(byId(status.with));
  const moves = spec.moves ?? [];
  if (before !== undefined && moves.length > 0) {
    const copies = (state.pastMoves ?? []).filter((m) => m.actor === player.slot.id && m.phase.kind === 'day' && moves.includes(m.ability));
    const made = copies.filter((m) => m.phase.number === before).at(-1)?.targets[0];
    if (made !== undefined) {
      const earlier = copies.filter((m) => m.phase.number < before).map((m) => m.targets[0]);
      if (earlier.includes(made) || new Set(earlier).size >= (spec.perGame ?? Number.POSITIVE_INFINITY)) return undefined;
      return usable(byId(made));
    }
  }
  if (status !== undefined) return usable(byId(status.with));
  const declare = spec.declare;
  if (declare === undefined) return undefined;
  const declared = state.actions
    .filter((a) => a.actor === player.slot.id && a.ability.endsWith(`/${declare}`))
    .at(-1)
    ?.ability.split('/', 1)[0];
  if (declared === undefined || state.players.some((p) => p.role === declared || p.secondRole === declared)) return undefined;
  const { secondRole: _second, ...rest } = player;
  return { ...rest, role: declared, statuses: [], titles: [] };
}

/**
 * L40, L47: whether the player plays one of `roles` today through a copy (an Actor's copy of a player holding it, a
 * Wizard's absent role declared today) without holding it himself: the day tally finds such a copy where it finds
 * the role's holders (a copied Politician's supporters, a copied Terrorist's blast when lynched), minus the copy's
 * limits, which the tally applies where it reads this.
 */
export function copiesRoleToday(state: GameState, player: PlayerState, spec: CopySpec | undefined, roles: readonly string[]): boolean {
  if (spec === undefined || roles.some((r) => player.role === r || player.secondRole === r)) return false;
  const source = copySourceToday(state, player, spec);
  return source !== undefined && roles.includes(source.role);
}

/** The copy spec of a ruleset's night borrowing: its copy statuses and moves, the crippled and undead statuses. */
export function copySpecOf(ruleset: Ruleset, rules: NightRules): CopySpec {
  const withMechanic = (mechanics: readonly string[]): string[] =>
    ruleset.statuses.filter((s) => mechanics.includes(s.night?.mechanic ?? '')).map((s) => s.id);
  const declare = ruleset.roles
    .flatMap((r) => r.abilities)
    .find((a) => a.night !== undefined && 'passive' in a.night && a.night.passive === 'uses-absent-roles')?.id;
  return {
    statuses: withMechanic(['copy-role']),
    moves: rules.borrowing?.copyMoves ?? [],
    ...(rules.borrowing?.perGame === undefined ? {} : { perGame: rules.borrowing.perGame }),
    unusable: withMechanic(['cripple', 'undead']),
    ...(declare === undefined ? {} : { declare }),
  };
}

type DayAbility = Ruleset['roles'][number]['abilities'][number];

/** The Wizard's borrowed moves of earlier phases: the roles named and the phases they were named in (L47). */
function wizardSpentByDay(
  state: GameState,
  ruleset: Ruleset,
  player: PlayerState,
  own: ReadonlySet<string>,
): { roles: Set<string>; phases: number } {
  const roles = new Set<string>();
  const phases = new Set<string>();
  for (const m of state.pastMoves ?? []) {
    if (m.actor !== player.slot.id || own.has(m.ability)) continue;
    if (m.phase.kind === state.phase?.kind && m.phase.number === state.phase.number) continue;
    const [named, id] = m.ability.includes('/') ? m.ability.split('/', 2) : [undefined, m.ability];
    const role = named ?? ruleset.roles.find((r) => r.abilities.some((a) => a.id === id))?.id;
    if (role === undefined) continue;
    roles.add(role);
    phases.add(`${m.phase.kind}${m.phase.number}`);
  }
  return { roles, phases: phases.size };
}

/**
 * By day, the ability a player uses through a copy (L40) or an absent role (L47) when his own roles have none of
 * that id: the copied role's day ability, within the copy's limits (`copyLacks`: a skip, refused as no such ability;
 * `copyNotAtSelf`: refused on himself); undefined when he borrows nothing.
 */
export function borrowedDayAbility(
  state: GameState,
  ruleset: Ruleset,
  rules: NightRules,
  player: PlayerState,
  ability: string,
  targets: readonly string[],
): DayAbility | 'action/no-such-ability' | 'action/self-target-limit' | 'action/uses-exhausted' | undefined {
  const borrowing = rules.borrowing;
  if (borrowing === undefined || !player.alive) return undefined;
  const limits = (def: DayAbility): DayAbility | 'action/no-such-ability' | 'action/self-target-limit' => {
    if (borrowing.copyLacks?.includes(def.id) === true) return 'action/no-such-ability';
    if (borrowing.copyNotAtSelf?.includes(def.id) === true && targets.includes(player.slot.id)) return 'action/self-target-limit';
    return def;
  };
  const peaceful = (id: string): boolean => {
    const role = findRole(rules, id);
    return role !== undefined && role.factionRole !== true;
  };
  const dayAbilityOf = (roleId: string, id: string): DayAbility | undefined =>
    ruleset.roles.find((r) => r.id === roleId)?.abilities.find((a) => a.id === id && (a.timing === 'day' || a.timing === 'day-or-night'));
  // L40: the Actor's copy of a player's peaceful role, for the day after the copy.
  const spec = copySpecOf(ruleset, rules);
  const { declare, ...copies } = spec;
  const source = copySourceToday(state, player, copies);
  if (source !== undefined) {
    const role = [source.role, source.secondRole].find((r) => r !== undefined && peaceful(r) && dayAbilityOf(r, ability) !== undefined);
    const def = role === undefined ? undefined : dayAbilityOf(role, ability);
    if (def !== undefined) return limits(def);
  }
  // L47: the Wizard's absent role: a declaration `<role>/<declare>`, or a day move of an absent peaceful role.
  const own = ruleset.roles.filter((r) => r.id === player.role || r.id === player.secondRole).flatMap((r) => r.abilities);
  const wizard = own.find((a) => a.id === declare);
  if (wizard === undefined || declare === undefined) return undefined;
  const [named, id] = ability.includes('/') ? ability.split('/', 2) : [undefined, ability];
  if (named === undefined || id === undefined) {
    if (id === undefined) return undefined;
    const absent = ruleset.roles.find(
      (r) => peaceful(r.id) && dayAbilityOf(r.id, id) !== undefined && !state.players.some((p) => p.role === r.id || p.secondRole === r.id),
    );
    const def = absent === undefined ? undefined : dayAbilityOf(absent.id, id);
    if (absent === undefined || def === undefined) return undefined;
    const spent = wizardSpentByDay(state, ruleset, player, new Set(own.map((a) => a.id)));
    if (spent.roles.has(absent.id) || spent.phases >= (borrowing.perGame ?? Number.POSITIVE_INFINITY)) return 'action/uses-exhausted';
    return limits(def);
  }
  if (id !== declare || !peaceful(named)) return undefined;
  // "Если указанная роль уже есть на игре, волшебник пропустит ход, но одна из трех попыток все равно будет потрачена": recorded either way.
  const spent = wizardSpentByDay(state, ruleset, player, new Set(own.map((a) => a.id)));
  if (spent.roles.has(named) || spent.phases >= (borrowing.perGame ?? Number.POSITIVE_INFINITY)) return 'action/uses-exhausted';
  return wizard;
}

/**
 * L40: "Если скопировал активного жителя без роли, то может на день перехватить покидающую игру роль, но актер
 * уступает в приоритете любому конкуренту на нее": called for a departed player's peaceful role that no competitor (a
 * Collector, an Active Citizen) took; a living player whose copy tonight is of a role-less Active Citizen (the passive
 * `inherit-role`) plays it for a game day: a copy status `with` the departed player, read by the next night and day.
 */
export function takeOverForADay(ctx: NightContext, victim: WorkPlayer, because: NightReason): void {
  const statusId = mechanicStatusId(ctx.input, 'copy-role');
  // L9: "Если умер покалеченный игрок, активный житель не получит его роль".
  if (crippledTonight(ctx.input, victim.statuses, ctx.night)) return;
  // One role a night: a second departed player's role stays with its competitors.
  const taker = ctx.players.find(
    (p) =>
      p.alive &&
      p.slotId !== victim.slotId &&
      !p.statuses.some((s) => s.id === statusId && s.sinceNight === ctx.night) &&
      copiedPassive(ctx.input, ctx.rules, p.slotId, 'inherit-role') !== undefined,
  );
  if (taker === undefined) return;
  const status = { id: statusId, sinceNight: ctx.night, with: victim.slotId };
  taker.statuses = [...taker.statuses.filter((s) => s.id !== statusId), status];
  const r = say(
    `${taker.name} plays a copy of a role-less Active Citizen and takes ${victim.name}'s role for a game day, after any competitor (004 L40)`,
    engineMessage('night/copy-takes-role', word.text(taker.name), word.text(victim.name), word.role(victim.role)),
    [because],
  );
  ctx.emit({ type: 'status-applied', player: taker.slotId, status, reasons: [r] });
  ctx.emit({
    type: 'message',
    to: taker.slotId,
    result: nightResult(taker.slotId, 'role-taken-for-day', [victim.slotId], victim.role),
    reasons: [r],
  });
}
