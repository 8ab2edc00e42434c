/**
 * Action intake: from the PMs a host received to the actions a night resolves.
 * The last valid action before the deadline replaces earlier ones (003); an
 * action at the wrong time, on a dead or invalid target, over its use limit,
 * or by a player who cannot act is refused with a reason and uses no charge
 * (000). Faction kill orders are ranked: the leader's stands, then rank (003).
 */
import { absentRoleDeclaration, borrowedAbility, type BorrowKind } from './roles-004-copies';
import { killsUndead } from './roles-004-corpses';
import { commonNight, moreTargetsRefused, successorTakesGun } from './roles-004-extended';
import { countersAllow, partnerGone } from './roles-004-lives';
import { modifiedNightRole } from './nar-modifiers';
import { actsTwice } from './nar-roles';
import { requestTakesMove } from './roles-004-requests';
import type { NightAbilityDef, NightRoleDef } from './roles';
import type { KillAdvantage } from '../rules/types';
import type { FactionKillCount, NightRules } from './rules';
import { actingStatus, advantagesLost, outStatus, unreachableStatus } from './statuses';
import type { NightAction, NightInput, NightPlayer, RefusalReason, RefusedAction } from './types';
import { engineMessage, type EngineMessage } from '../words';
import { extraPoison, poisonPending, takenOverShots, yieldsNights, type ExtraPoison } from './shots';

/** An action that passed intake, with the ability it uses. */
export interface AcceptedAction {
  readonly action: NightAction;
  readonly ability: NightAbilityDef;
  readonly role: NightRoleDef;
  readonly faction: string;
  /** A move of a role the actor does not hold (004: the Actor's copy, the Wizard's absent role, an undead's move; roles-004-copies.ts). */
  readonly borrowed?: BorrowKind;
  /** Whose blocks stop the move, when not the actor's (004 L42: the Necromancer's, for his undead). */
  readonly controller?: string;
}

export interface Intake {
  readonly accepted: readonly AcceptedAction[];
  readonly refused: readonly RefusedAction[];
  /** Kills each faction may attempt tonight. */
  readonly killCounts: Readonly<Record<string, number>>;
  /** A side's surplus shot passed to a Poisoner as an extra poisoning tonight (004 L52). */
  readonly extraPoison?: ExtraPoison;
  /** Declarations that stand and resolve nothing themselves (004 L47: the Wizard's `<role>/absent-role`, read by his passives). */
  readonly declared?: readonly NightAction[];
}

const refusalText: Readonly<Record<RefusalReason, string>> = {
  'night/unknown-ability': 'the role has no such ability',
  'night/unknown-actor': 'the sender is not a player of this game',
  'night/wrong-phase': 'this is a day ability; it was not used and costs nothing',
  'night/not-this-night': 'this killer does not act on this night',
  'night/after-deadline': 'sent after the night deadline',
  'night/superseded': 'replaced by a later valid action',
  'night/outranked': "another member's kill order outranks it",
  'night/actor-dead': 'the sender is dead',
  'night/actor-status': 'a status of the sender (injured, arrested, abroad, exiled…) stops them acting tonight',
  'night/wrong-target-count': 'wrong number of targets',
  'night/unknown-target': 'a target is not in the game',
  'night/target-dead': 'a target is dead',
  'night/target-status': 'a target is out of reach tonight (abroad, arrested, exiled…): actions on them fail',
  'night/self-target': 'this ability may not target its user',
  'night/must-self-target': 'this ability may only target its user',
  'night/duplicate-target': 'the same target is named twice',
  'night/no-uses-left': 'no uses of this ability left',
  'night/no-self-uses-left': 'no self-targeted uses left',
  'night/too-many-targets': 'more targets than the faction may kill tonight',
  'night/not-your-turn': 'another member must attempt a kill before this one shoots again',
  'night/unsupported-by-resolver': 'the resolver in use has no rule for this ability',
  'night/not-available': 'the ability is not available yet',
  'night/twice-in-a-row': 'the ability may not do this two nights in a row',
  'night/self-among-several': 'the user may not be one of several targets',
  'night/no-new-shot': 'the witch hunt lynched two blacks yesterday: no new shot tonight, and none in reserve (004 L10)',
  'night/poison-pending': 'the victim of the last poisoning still lives: only the day antidote is open to the Poisoner (004 L52)',
  'night/borrow-limit': 'over the game limit of borrowed roles: no player or role twice, no more than three a game',
  'night/over-limit': 'over the limit of players the role may hold at once',
  'night/forbidden': 'the player’s master forbade the move',
  'night/skipped-for-move': 'skipped automatically: the same player used a move that rules it out tonight (004 L107)',
  'night/day-move-instead': 'skipped: the player made a role request by day, which takes this role’s move tonight (004 L7, L8)',
};

/** The same reasons as messages, for a reader to word in the host's language. */
const refusalMessages: Readonly<Record<RefusalReason, EngineMessage>> = {
  'night/unknown-ability': engineMessage('night/refused-unknown-ability'),
  'night/unknown-actor': engineMessage('night/refused-unknown-actor'),
  'night/wrong-phase': engineMessage('night/refused-wrong-phase'),
  'night/not-this-night': engineMessage('night/refused-not-this-night'),
  'night/after-deadline': engineMessage('night/refused-after-deadline'),
  'night/superseded': engineMessage('night/refused-superseded'),
  'night/outranked': engineMessage('night/refused-outranked'),
  'night/actor-dead': engineMessage('night/refused-actor-dead'),
  'night/actor-status': engineMessage('night/refused-actor-status'),
  'night/wrong-target-count': engineMessage('night/refused-wrong-target-count'),
  'night/unknown-target': engineMessage('night/refused-unknown-target'),
  'night/target-dead': engineMessage('night/refused-target-dead'),
  'night/target-status': engineMessage('night/refused-target-status'),
  'night/self-target': engineMessage('night/refused-self-target'),
  'night/must-self-target': engineMessage('night/refused-must-self-target'),
  'night/duplicate-target': engineMessage('night/refused-duplicate-target'),
  'night/no-uses-left': engineMessage('night/refused-no-uses-left'),
  'night/no-self-uses-left': engineMessage('night/refused-no-self-uses-left'),
  'night/too-many-targets': engineMessage('night/refused-too-many-targets'),
  'night/not-your-turn': engineMessage('night/refused-not-your-turn'),
  'night/unsupported-by-resolver': engineMessage('night/refused-unsupported-by-resolver'),
  'night/not-available': engineMessage('night/refused-not-available'),
  'night/twice-in-a-row': engineMessage('night/refused-twice-in-a-row'),
  'night/self-among-several': engineMessage('night/refused-self-among-several'),
  'night/no-new-shot': engineMessage('night/refused-no-new-shot'),
  'night/poison-pending': engineMessage('night/refused-poison-pending'),
  'night/borrow-limit': engineMessage('night/refused-borrow-limit'),
  'night/over-limit': engineMessage('night/refused-over-limit'),
  'night/forbidden': engineMessage('night/refused-forbidden'),
  'night/skipped-for-move': engineMessage('night/refused-skipped-for-move'),
  'night/day-move-instead': engineMessage('night/refused-day-move-instead'),
};

/** A host-readable line for a refusal. */
export function describeRefusal(reason: RefusalReason): string {
  return refusalText[reason];
}

/** A refusal as a message, for a reader to word in the host's language. */
export function refusalMessage(reason: RefusalReason): EngineMessage {
  return refusalMessages[reason];
}

// Each ruleset's roles by id, built the first time a ruleset is asked (rulesets are data that is not changed).
const roleTables = new WeakMap<NightRules, Map<string, NightRoleDef>>();

// Ids that are no role of the rules, plain or modified, so a miss is looked up once.
const roleMisses = new WeakMap<NightRules, Set<string>>();

/** Looks a role up in the ruleset; unknown ids are a plain role with no abilities. */

export function findRole(rules: NightRules, id: string | undefined): NightRoleDef | undefined {
  if (id === undefined) return undefined;
  let table = roleTables.get(rules);
  if (table === undefined) {
    table = new Map();
    // The first role of an id wins, as a search in order would find it.
    for (const r of rules.roles) if (!table.has(r.id)) table.set(r.id, r);
    roleTables.set(rules, table);
  }
  const known = table.get(id);
  if (known !== undefined) return known;
  // A role written with the forum standard's modifiers in front ("macho one-shot doctor").
  let misses = roleMisses.get(rules);
  if (misses === undefined) {
    misses = new Set();
    roleMisses.set(rules, misses);
  }
  if (misses.has(id)) return undefined;
  const modified = modifiedNightRole(rules.roles, id);
  if (modified === undefined) misses.add(id);
  else table.set(id, modified);
  return modified;
}

/** Whether any role of the ruleset has this passive (so a resolver can skip looking for its holders). */
export function anyRoleHasPassive(rules: NightRules, passive: string): boolean {
  return rules.roles.some((r) => r.passives?.some((x) => x === passive) === true);
}

/** The player's roles (first role, then second role). */
export function rolesOf(rules: NightRules, player: NightPlayer): NightRoleDef[] {
  const out: NightRoleDef[] = [];
  const first = findRole(rules, player.role);
  if (first !== undefined) out.push(first);
  const second = findRole(rules, player.secondRole);
  if (second !== undefined) out.push(second);
  return out;
}

/** A deterministic order for actions: submission time, then sender, ability and targets. */
export function compareActions(a: NightAction, b: NightAction): number {
  if (a.sentAt !== b.sentAt) return a.sentAt - b.sentAt;
  const ka = `${a.actor}\u0000${a.ability}\u0000${a.targets.join('\u0001')}`;
  const kb = `${b.actor}\u0000${b.ability}\u0000${b.targets.join('\u0001')}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Whether it is a faction's own kill night (004: odd/even nights while the other killer side lives). */
export function isKillerNight(input: NightInput, rules: NightRules, faction: string, index: PlayerIndex = indexPlayers(input)): boolean {
  const nights = rules.killerNights?.[faction];
  if (nights === undefined) return true;
  if (commonNight(rules, input)) return true; // 004 L131.4: extended format's common nights
  const living = (f: string): number => index.livingByFaction.get(f) ?? 0;
  // 004 L55: a paired group down to one member hands its nights to the intact other group.
  if (yieldsNights(rules, input, faction, living)) return false;
  const parity = input.night % 2 === 1 ? 'odd' : 'even';
  if (nights === parity) return true;
  const others = Object.entries(rules.killerNights ?? {}).filter(([f, n]) => f !== faction && n === parity);
  return !others.some(([f]) => living(f) > 0 && !yieldsNights(rules, input, f, living));
}

/**
 * What the intake asks of the players again and again, worked out once a
 * night, so checking n actions takes time in proportion to n rather than n².
 */
export interface PlayerIndex {
  readonly byId: ReadonlyMap<string, NightPlayer>;
  readonly families: ReadonlySet<string>;
  /** Players in the game tonight (alive, and no status takes them out of it). */
  readonly living: number;
  /** Living players of each faction. */
  readonly livingByFaction: ReadonlyMap<string, number>;
  /** The living players holding each role (as first or second role). */
  readonly livingByRole: ReadonlyMap<string, readonly string[]>;
  /** The fewest kills attempted by a living member of each faction who may kill tonight (003's kill rotation). */
  readonly fewestKills: ReadonlyMap<string, number>;
}

/**
 * Works out the index of a night's players. A player whose status takes them
 * out of the game (000 exiled: "considered not living"; 003 arrested) is not
 * counted among the living: not for the kill quota, nor killer nights, nor
 * abilities that wait for a role's holders to die.
 */
export function indexPlayers(input: NightInput): PlayerIndex {
  const byId = new Map<string, NightPlayer>();
  const families = new Set<string>();
  const livingByFaction = new Map<string, number>();
  const livingByRole = new Map<string, string[]>();
  const fewestKills = new Map<string, number>();
  let living = 0;
  for (const p of input.players) {
    if (!byId.has(p.slotId)) byId.set(p.slotId, p);
    if (p.family !== undefined) families.add(p.family);
    if (!p.alive || outStatus(input, p.statuses) !== undefined) continue;
    living += 1;
    livingByFaction.set(p.faction, (livingByFaction.get(p.faction) ?? 0) + 1);
    for (const role of new Set([p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])])) {
      const holders = livingByRole.get(role);
      if (holders === undefined) livingByRole.set(role, [p.slotId]);
      else holders.push(p.slotId);
    }
    // A member who cannot shoot tonight (injured in 000, abroad) does not hold up the others' turns.
    if (actingStatus(input, p.statuses, 'faction-kill') !== undefined) continue;
    fewestKills.set(p.faction, Math.min(fewestKills.get(p.faction) ?? Number.POSITIVE_INFINITY, p.killsAttempted ?? 0));
  }
  return { byId, families, living, livingByFaction, livingByRole, fewestKills };
}

/** Whether a living player other than `actor` holds one of `roles`. */
function anotherLivingHolder(index: PlayerIndex, actor: NightPlayer, roles: readonly string[]): boolean {
  return roles.some((role) => (index.livingByRole.get(role) ?? []).some((slotId) => slotId !== actor.slotId));
}

/** 004 L10: the day before lynched enough blacks on the named ballot (a witch hunt) that no side gets its new shot tonight. */
function newShotWithheld(input: NightInput, rules: NightRules): boolean {
  const rule = rules.noNewShotAfter;
  const day = input.dayBefore;
  if (rule === undefined || day === undefined || day.ballot !== rule.ballot) return false;
  const guilty = day.lynched.filter((id) => rules.guiltyFactions.includes(input.players.find((p) => p.slotId === id)?.faction ?? ''));
  return guilty.length >= rule.guilty;
}

function killCountFor(rule: FactionKillCount | undefined, living: number, reserve: number, ownNight: boolean): number {
  if (rule === undefined) return ownNight ? 1 : 0;
  if (rule.kind === 'living-over') return ownNight ? Math.ceil(living / rule.divisor) : 0;
  return (ownNight ? rule.count : 0) + (rule.reserve === true ? reserve : 0);
}

function validate(action: NightAction, input: NightInput, rules: NightRules, index: PlayerIndex): AcceptedAction | RefusalReason {
  const actor = index.byId.get(action.actor);
  if (actor === undefined) return 'night/unknown-actor';
  let found: { ability: NightAbilityDef; role: NightRoleDef } | undefined;
  let borrowed: { readonly kind: BorrowKind; readonly controller?: NightPlayer } | undefined;
  const borrow = (): RefusalReason | undefined => {
    const b = borrowedAbility(input, rules, actor, action, index);
    if (typeof b === 'string') return b;
    if (b === undefined) return undefined;
    found = b;
    borrowed = { kind: b.borrowed, ...(b.controller === undefined ? {} : { controller: b.controller }) };
    return undefined;
  };
  // L42: a dead player acts only as the Necromancer's undead.
  if (!actor.alive) {
    const refusal = borrow();
    if (refusal !== undefined) return refusal;
  }
  if (found === undefined)
    for (const role of rolesOf(rules, actor)) {
      const ability = role.abilities.find((a) => a.id === action.ability);
      if (ability !== undefined) {
        found = { ability, role };
        break;
      }
    }
  if (found === undefined && actor.alive) {
    const refusal = borrow();
    if (refusal !== undefined) return refusal;
  }
  if (found === undefined) return 'night/unknown-ability';
  const { ability, role } = found;
  if (ability.phase !== 'night' || ability.effect === 'day') return 'night/wrong-phase';
  if (action.sentAt > input.deadline) return 'night/after-deadline';
  if (!actor.alive && borrowed?.kind !== 'undead') return 'night/actor-dead';
  // L42: an undead acts whatever stopped him before he died; what stops the Necromancer stops him.
  if (
    actingStatus(input, (borrowed?.controller ?? actor).statuses, ability.effect, borrowed === undefined && leadsFaction(input, actor)) !==
    undefined
  )
    return 'night/actor-status';
  if (
    ability.effect === 'faction-kill' &&
    !isKillerNight(input, rules, actor.faction, index) &&
    ((input.reserveKills?.[actor.faction] ?? 0) <= 0 ||
      // 004 L55: a group that handed its nights over handed its reserve with them.
      yieldsNights(rules, input, actor.faction, (f) => index.livingByFaction.get(f) ?? 0))
  ) {
    return 'night/not-this-night';
  }
  if (
    ability.effect === 'faction-kill' &&
    newShotWithheld(input, rules) &&
    (input.reserveKills?.[actor.faction] ?? 0) + takenOverShots(rules, input, actor.faction, (f) => index.livingByFaction.get(f) ?? 0) <= 0
  )
    return 'night/no-new-shot';
  if (ability.effect === 'faction-kill' && rules.killRotation === true) {
    const fewest = index.fewestKills.get(actor.faction) ?? Number.POSITIVE_INFINITY;
    if ((actor.killsAttempted ?? 0) > fewest) return 'night/not-your-turn';
  }
  if (ability.onNightsOf !== undefined && !isKillerNight(input, rules, ability.onNightsOf, index)) return 'night/not-this-night';
  const blockers = ability.onlyWhenNoLiving;
  // 004 L131.3: of the last werewolves, the one the succession names takes up the gun.
  if (
    blockers !== undefined &&
    anotherLivingHolder(index, actor, blockers) &&
    !successorTakesGun(input, rules, index.livingByRole, actor.slotId, blockers)
  ) {
    return 'night/not-available';
  }
  if (ability.fromNight !== undefined && input.night < ability.fromNight) return 'night/not-this-night';
  if (ability.needsDeadPartner !== undefined && !partnerGone(input, index.byId, actor, ability.needsDeadPartner))
    return 'night/not-available';
  if (ability.needsSpent !== undefined && !countersAllow(actor, ability.needsSpent)) return 'night/not-available';
  if (ability.notForFactions?.includes(actor.faction) === true) return 'night/not-available';
  const spec = ability.targets;
  const max = spec.max ?? spec.count;
  // A move that may be sent empty (004 L100: the black Kamikaze clears his list) names no target or its usual count.
  const empty = action.targets.length === 0 && spec.mayBeEmpty === true;
  if (!empty && (action.targets.length < spec.count || action.targets.length > max)) return 'night/wrong-target-count';
  // 004 extended L52, L53: a second target only on the nights or under the status the ability names.
  if (action.targets.length > spec.count && moreTargetsRefused(input, actor, ability)) return 'night/wrong-target-count';
  if (new Set(action.targets).size !== action.targets.length) return 'night/duplicate-target';
  for (const target of action.targets) {
    if (spec.kind === 'family') {
      if (!index.families.has(target)) return 'night/unknown-target';
      continue;
    }
    if (spec.kind === 'role') {
      if (findRole(rules, target) === undefined) return 'night/unknown-target';
      continue;
    }
    const t = index.byId.get(target);
    if (t === undefined) return 'night/unknown-target';
    if (!t.alive && !killsUndead(input, ability, t)) return 'night/target-dead';
    if (unreachableStatus(input, t.statuses) !== undefined) return 'night/target-status';
    if (target !== actor.slotId && t.immuneTo !== undefined && (t.immuneTo.includes('*') || t.immuneTo.includes(ability.effect)))
      return 'night/target-status';
    if (spec.self === 'never' && target === actor.slotId) return 'night/self-target';
    if (spec.self === 'only' && target !== actor.slotId) return 'night/must-self-target';
  }
  const limit = twiceInARow(input, actor, ability, action.targets);
  if (limit !== undefined) return limit;
  // L40: a copied role is played from scratch.
  const uses = (borrowed === undefined || borrowed.kind === 'collected' ? actor.usesLeft?.[ability.id] : undefined) ?? ability.uses;
  if (uses !== undefined && uses <= 0) return 'night/no-uses-left';
  const self = spec.kind === 'player' && action.targets.includes(actor.slotId);
  const selfUses = actor.selfUsesLeft?.[ability.id] ?? ability.selfUses;
  if (self && selfUses !== undefined && selfUses <= 0) return 'night/no-self-uses-left';
  // 003 L44: "though, they will loose any advantages they normally have like erasing the body or sniping".
  const plain = advantagesLost(input, actor.statuses, ability.effect);
  return {
    action,
    ability: plain === undefined ? ability : withoutAdvantages(ability, plain.lost),
    role,
    faction: actor.faction,
    ...(borrowed === undefined ? {} : { borrowed: borrowed.kind }),
    ...(borrowed?.controller === undefined ? {} : { controller: borrowed.controller.slotId }),
  };
}

/**
 * 004 Doctor (L4): "нельзя назначать двоих или хилить самого себя две ночи подряд и нельзя выбирать себя,
 * когда назначаются две цели за раз". Read against what the player sent the night before.
 */
function twiceInARow(
  input: NightInput,
  actor: NightPlayer,
  ability: NightAbilityDef,
  targets: readonly string[],
): RefusalReason | undefined {
  const self = targets.includes(actor.slotId);
  if (ability.noSelfAmongSeveral === true && self && targets.length > 1) return 'night/self-among-several';
  const limits = ability.notTwiceInARow;
  const before = actor.previousNight;
  if (limits === undefined || before === undefined || before.night !== input.night - 1) return undefined;
  const last = before.actions.filter((a) => a.ability === ability.id);
  if (limits.includes('self') && self && last.some((a) => a.targets.includes(actor.slotId))) return 'night/twice-in-a-row';
  if (limits.includes('several-targets') && targets.length > 1 && last.some((a) => a.targets.length > 1)) return 'night/twice-in-a-row';
  if (limits.includes('use') && last.length > 0) return 'night/twice-in-a-row';
  return undefined;
}

/**
 * Whether the player leads his faction tonight (003): the elected or set-up leader, else the living member of the
 * best rank ("It starts off as the highest rank BO member").
 */
export function leadsFaction(input: NightInput, player: NightPlayer): boolean {
  if (player.leader === true) return true;
  if (player.rank === undefined) return false;
  const ranks = factionRanks(input.players).get(player.faction);
  if (ranks === undefined) return true; // no living member: nobody outranks him
  return !ranks.leader && player.rank <= ranks.best;
}

/** Per faction, over its living members: whether one is the leader, and the best (lowest) rank held. */
interface FactionRanks {
  leader: boolean;
  best: number;
}

// Worked out once per list of players (the intake asks for every action), so the intake stays linear.
const factionRankTables = new WeakMap<readonly NightPlayer[], ReadonlyMap<string, FactionRanks>>();

function factionRanks(players: readonly NightPlayer[]): ReadonlyMap<string, FactionRanks> {
  const known = factionRankTables.get(players);
  if (known !== undefined) return known;
  const table = new Map<string, FactionRanks>();
  for (const p of players) {
    if (!p.alive) continue;
    let entry = table.get(p.faction);
    if (entry === undefined) {
      entry = { leader: false, best: Number.POSITIVE_INFINITY };
      table.set(p.faction, entry);
    }
    if (p.leader === true) entry.leader = true;
    if (p.rank !== undefined && p.rank < entry.best) entry.best = p.rank;
  }
  factionRankTables.set(players, table);
  return table;
}

function rankKey(player: NightPlayer | undefined): number {
  if (player === undefined) return Number.POSITIVE_INFINITY;
  if (player.leader === true) return Number.NEGATIVE_INFINITY;
  return player.rank ?? Number.POSITIVE_INFINITY;
}

/** A move without the advantages a status takes from it (003 L44): it resolves as a plain move of its kind. */
function withoutAdvantages(ability: NightAbilityDef, lost: readonly KillAdvantage[]): NightAbilityDef {
  const plain: { -readonly [K in keyof NightAbilityDef]: NightAbilityDef[K] } = { ...ability };
  for (const advantage of lost) delete plain[advantage];
  return plain;
}

/**
 * Sorts the PMs of one night into accepted and refused actions.
 * The result does not depend on the order of `input.actions`.
 */
export function collectActions(input: NightInput, rules: NightRules): Intake {
  const refused: RefusedAction[] = [];
  const refuse = (action: NightAction, reason: RefusalReason): void => {
    refused.push({ action, reason, text: describeRefusal(reason), message: refusalMessage(reason) });
  };
  const sorted = [...input.actions].sort(compareActions);
  const index = indexPlayers(input);
  const valid: AcceptedAction[] = [];
  const declared: NightAction[] = [];
  for (const action of sorted) {
    // 004 L47: a Wizard's declaration of an absent role is no move of a role: it stands or is a skip.
    const declaration = absentRoleDeclaration(input, rules, action, index);
    if (declaration === 'declared') declared.push(action);
    else if (declaration !== undefined) refuse(action, declaration);
    if (declaration !== undefined) continue;
    const result = validate(action, input, rules, index);
    if (typeof result === 'string') refuse(action, result);
    else valid.push(result);
  }

  // 003: the last valid action replaces earlier ones (per ability, or per player if one action a night).
  const latest = new Map<string, AcceptedAction>();
  // An Action Doubler's target, and a move a Delayer held over, keep one earlier move of the same ability beside the last.
  const twice = new Map<string, AcceptedAction>();
  for (const a of valid) {
    const key = rules.oneActionPerNight ? a.action.actor : `${a.action.actor}\u0000${a.ability.id}`;
    const before = latest.get(key);
    if (before !== undefined) {
      const keep =
        !twice.has(key) &&
        ((before.action.delayedFrom === undefined) !== (a.action.delayedFrom === undefined) || actsTwice(input, rules, a.action.actor));
      if (keep) twice.set(key, before);
      else refuse(before.action, 'night/superseded');
    }
    latest.set(key, a);
  }
  const last = new Set([...latest.values(), ...twice.values()]);
  // 004: abilities that are alternatives on one night (a werewolf's gun or his special move): the later PM stands.
  const chosen = new Map<string, AcceptedAction[]>();
  for (const a of valid) {
    if (!last.has(a)) continue;
    const mine = chosen.get(a.action.actor) ?? [];
    for (const b of [...mine]) {
      if (a.ability.alternativeTo?.includes(b.ability.id) !== true && b.ability.alternativeTo?.includes(a.ability.id) !== true) continue;
      last.delete(b);
      refuse(b.action, 'night/superseded');
      mine.splice(mine.indexOf(b), 1);
    }
    mine.push(a);
    chosen.set(a.action.actor, mine);
  }
  // 004 L107: a move skipped on a night its sender uses one of the moves it names (the Mercenary's contract, when
  // his peaceful Investigator, Fanatic or Cultist kills): whatever the order of the PMs.
  for (const a of valid) {
    const by = a.ability.skippedWhenUsing;
    if (by === undefined || !last.has(a)) continue;
    const named = (b: AcceptedAction): boolean => by.includes(b.ability.id) || by.includes(`${b.role.id}/${b.ability.id}`);
    if (!valid.some((b) => b !== a && last.has(b) && b.action.actor === a.action.actor && named(b))) continue;
    last.delete(a);
    refuse(a.action, 'night/skipped-for-move');
  }
  // 004 L7, L8: a role request made by day takes the night move of the role that holds it.
  for (const a of valid) {
    if (!last.has(a) || !requestTakesMove(input, (id) => findRole(rules, id), a)) continue;
    last.delete(a);
    refuse(a.action, 'night/day-move-instead');
  }
  const kept = valid.filter((a) => last.has(a));

  // Kill counts and ranked faction orders.
  const living = index.living;
  const killCounts: Record<string, number> = {};
  const factions = [...new Set(input.players.map((p) => p.faction))].sort();
  const livingOf = (f: string): number => index.livingByFaction.get(f) ?? 0;
  for (const f of factions) {
    // 004 L55: "Единичный стрелок не имеет отдельного выстрела": a group that hands its nights over hands its reserve too.
    const reserve = yieldsNights(rules, input, f, livingOf)
      ? 0
      : (input.reserveKills?.[f] ?? 0) + takenOverShots(rules, input, f, livingOf);
    killCounts[f] = killCountFor(
      rules.factionKills[f],
      living,
      reserve,
      isKillerNight(input, rules, f, index) && !newShotWithheld(input, rules),
    );
  }
  // 004 L52: a side's surplus shot becomes the Poisoner's extra poisoning; without one he poisons no one while his victim lives.
  const extra = extraPoison(rules, input, killCounts);
  if (extra !== undefined) killCounts[extra.faction] = (killCounts[extra.faction] ?? 0) - 1;
  const accepted: AcceptedAction[] = [];
  const orders = new Map<string, AcceptedAction[]>();
  for (const a of kept) {
    if (a.ability.effect === 'delayed-poison' && extra?.poisoner !== a.action.actor && poisonPending(input, a.action.actor)) {
      refuse(a.action, 'night/poison-pending');
      continue;
    }
    if (a.ability.effect !== 'faction-kill') {
      accepted.push(a);
      continue;
    }
    const list = orders.get(a.faction) ?? [];
    list.push(a);
    orders.set(a.faction, list);
  }
  const byId = index.byId;
  for (const [faction, list] of [...orders.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const ranked = [...list].sort((x, y) => {
      const d = rankKey(byId.get(x.action.actor)) - rankKey(byId.get(y.action.actor));
      if (d !== 0 && !Number.isNaN(d)) return d;
      return -compareActions(x.action, y.action);
    });
    let left = killCounts[faction] ?? 1;
    const rule = rules.factionKills[faction];
    const perMember = rule?.kind === 'fixed' ? (rule.maxPerMember ?? left) : left;
    for (const [i, a] of ranked.entries()) {
      if (rules.factionOrders === 'single' && i > 0) {
        refuse(a.action, 'night/outranked');
        continue;
      }
      if (left <= 0) {
        refuse(a.action, rules.factionOrders === 'single' ? 'night/too-many-targets' : 'night/outranked');
        continue;
      }
      if (a.action.targets.length > Math.min(left, perMember)) {
        refuse(a.action, 'night/too-many-targets');
        continue;
      }
      left -= a.action.targets.length;
      accepted.push(a);
    }
  }
  accepted.sort((x, y) => compareActions(x.action, y.action));
  refused.sort((x, y) => compareActions(x.action, y.action) || (x.reason < y.reason ? -1 : x.reason > y.reason ? 1 : 0));
  return {
    accepted,
    refused,
    killCounts,
    ...(extra === undefined ? {} : { extraPoison: extra }),
    ...(declared.length === 0 ? {} : { declared }),
  };
}
