import { voteRulesOf } from '../count/rules';
import { findRole } from '../night/intake';
import { SPOKEN_NO_LYNCH } from '../voting/role-votes';
import { borrowedDayAbility, mayBorrow } from '../night/roles-004-copies';
import { namesAllowed } from '../night/roles-004-corpses';
import { nightStatusRules } from './night-bridge';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset, RulesetAbility } from '../rules/types';
import { lacksTitle, offItsDay, usableAfterDeath } from './day-moves-004';
import { factionLeader } from './phase-end';
import { playerOf, roleAbilities } from './derive';
import type { ForgedResult, GameState, PlayerState } from './types';
import { currentVote, isLynchRevenge } from './vengeful';

/** Why an ability use is refused. */
export type ActionRejection =
  /** The actor is not in the game. */
  | 'action/actor-unknown'
  /** Dead players cannot act. */
  | 'action/actor-dead'
  /** A status (injured, arrested, suspended, blocked…) stops the actor acting. */
  | 'action/actor-blocked'
  /** The actor's roles have no such ability. */
  | 'action/no-such-ability'
  /** Used at the wrong time (a night ability by day); 000: does not use up a charge. */
  | 'action/wrong-phase'
  /** 004 L36: a move taken only at the end of one day (the Fanatic's favourite, day 1), sent on another. */
  | 'action/wrong-day'
  /** 004 L132: a move made only while holding a title (the Politician's patronage, as Mayor or Secretary), sent without one. */
  | 'action/needs-title'
  /** The ability's uses per game (or per phase: 003's one pill per phase) are spent. */
  | 'action/uses-exhausted'
  /** The actor may not target themselves (again). */
  | 'action/self-target-limit'
  /** The actor may not target their own family (again) (000's Sheriff). */
  | 'action/own-family-limit'
  /** A target is not a player or family of this game. */
  | 'action/target-unknown'
  /** More targets than the actor may name now (004 L41: the Collector's names, by the roles he holds). */
  | 'action/over-limit'
  /** A Vengeful's revenge names a player whose vote is not on him (forum standard, issue 19). */
  | 'action/target-not-voter'
  /** A Ventriloquist's day vote (`speak-for`) when nobody is under his control today (forum standard, issue 19). */
  | 'action/nobody-controlled'
  /**
   * A substitution (`forged`) on a move that may not carry one: its ability lets no holder of the actor's colour forge
   * what the Investigator is handed (004 L85, L86, L77: the black and the Faceless's Commissar and Detective alone).
   */
  | 'action/forged-not-allowed'
  /** A substitution that is not in the move's result's form: a colour for a check, places (players) for a track. */
  | 'action/forged-misfit'
  /**
   * A substituted blackening (`forged.blackening`, 004 L86) on a move that hands the Investigator none: only a track
   * that sees blackenings and carries them to him the night after (`blackeningForwardStatus`) may carry one.
   */
  | 'action/forged-blackening-misfit'
  /** A substituted blackening (or its condition) naming a side the ruleset does not have (004 L86). */
  | 'action/forged-side-unknown'
  /** 004 L8: a second of the moves that go one at a time (a role request, a check's verification) on one day. */
  | 'action/one-move-a-day';

export type ActionCheck = { readonly ok: true } | { readonly ok: false; readonly reason: ActionRejection };

/**
 * Whether an ability's move hands words to its target: its night part substitutes what the target is told
 * (004 Maid, L45: «горничная указывает то, что ведущий передаст целевому игроку»), or the ability says it carries
 * words (`takesText`: 004's Pimp's night note, L27). Only such a move carries a text.
 */
export function takesText(ability: Pick<RulesetAbility, 'night' | 'takesText'> | undefined): boolean {
  if (ability?.takesText === true) return true;
  const night = ability?.night;
  return night !== undefined && 'substitutes' in night && night.substitutes !== undefined;
}

/**
 * 004 L7, L8: the roles a role request may name, the ruleset's peaceful ones: every role but the sides' own
 * (`factionRole`) and those the request's `notPeaceful` lists.
 */
export function peacefulRoleIds(ruleset: Ruleset, request?: Pick<RulesetAbility, 'roleRequest'>): string[] {
  const others = request?.roleRequest?.notPeaceful ?? [];
  return ruleset.roles.filter((r) => r.night?.factionRole !== true && !others.includes(r.id)).map((r) => r.id);
}

/**
 * 004 L8: whether `ability` is one of a set of day moves that go one at a time (a role request with its
 * `alternativeTo`) and the player made another of the set this phase.
 */
function oneMoveTaken(state: GameState, ruleset: Ruleset, player: PlayerState, ability: string): boolean {
  const own = roleAbilities(player, ruleset);
  const sets = own.flatMap((a) => (a.roleRequest === undefined ? [] : [[a.id, ...(a.roleRequest.alternativeTo ?? [])]]));
  const set = sets.find((s) => s.includes(ability));
  if (set === undefined) return false;
  return state.actions.some((a) => a.actor === player.slot.id && a.ability !== ability && set.includes(a.ability));
}

/**
 * Whether `actor` may use `ability` on `targets` now, by the ruleset's ability
 * limits and the actor's statuses. Refused uses are not recorded, so they never
 * count against a limit.
 */
export function checkAction(state: GameState, ruleset: Ruleset, actor: string, ability: string, targets: readonly string[]): ActionCheck {
  const player = playerOf(state, actor);
  if (player === undefined) return { ok: false, reason: 'action/actor-unknown' };
  const phase = state.phase?.kind;
  const nightRules = rulesetNightRules(ruleset);
  const own = roleAbilities(player, ruleset).find((a) => a.id === ability);
  // 004 (L40, L47): by day, a day move of a copied or absent role, within the copy's limits.
  const borrowed =
    own === undefined && phase === 'day' && nightRules !== undefined
      ? borrowedDayAbility(state, ruleset, nightRules, player, ability, targets)
      : undefined;
  if (typeof borrowed === 'string') return { ok: false, reason: borrowed };
  const def = own ?? borrowed;
  // 004 (L40–L42, L47): a move of a role the player does not hold (a copy, an undead's move) is judged by the night's intake.
  if (
    (def === undefined || !player.alive) &&
    phase === 'night' &&
    nightRules !== undefined &&
    mayBorrow(nightRules, nightStatusRules(ruleset), player)
  )
    return { ok: true };
  // 004 (L18): a dead Phantom possesses a player at the end of the day of his death.
  if (!player.alive && !(phase === 'day' && usableAfterDeath(ruleset, ability))) return { ok: false, reason: 'action/actor-dead' };
  if (def === undefined) return { ok: false, reason: 'action/no-such-ability' };
  // What the ability does at night, by the night rules: a status may still let it act (003 injured: the BO's night kill).
  const effect =
    phase !== 'night' || nightRules === undefined
      ? undefined
      : [findRole(nightRules, player.role), findRole(nightRules, player.secondRole)]
          .flatMap((r) => r?.abilities ?? [])
          .find((a) => a.id === ability)?.effect;
  const meanings = nightStatusRules(ruleset);
  // 003: "a BO Leader who is arrested keeps the right to give out orders and the suitcase".
  const leads =
    player.rank !== undefined || player.leader === true ? factionLeader(state, player.faction, (p) => p.alive)?.slot.id === actor : false;
  const blocking = player.statuses.some((s) => {
    const status = ruleset.statuses.find((d) => d.id === s.id);
    const night = meanings.find((m) => m.id === s.id)?.night;
    if (leads && (night?.leaderActsWith ?? []).includes(effect ?? ability)) return false;
    if (status?.allowsAbilities?.includes(ability) === true) return false;
    return status?.blocksActions === true && !(effect !== undefined && (night?.actsWith ?? []).includes(effect));
  });
  if (blocking) return { ok: false, reason: 'action/actor-blocked' };
  // 004 L22: a status that blocks one of the player's two roles refuses that role's moves, by day too.
  const blockedSlots = player.statuses.flatMap((s) => meanings.find((m) => m.id === s.id)?.night?.blocksRole ?? []);
  const blockedRoles = blockedSlots.map((slot) => (slot === 'role' ? player.role : player.secondRole));
  const ownRoles = [player.role, player.secondRole].filter((r) => r !== undefined && !blockedRoles.includes(r));
  if (blockedRoles.length > 0 && !ownRoles.some((r) => ruleset.roles.find((d) => d.id === r)?.abilities.some((a) => a.id === ability)))
    return { ok: false, reason: 'action/actor-blocked' };
  const timingOk = def.timing === 'day-or-night' || def.timing === 'passive' || def.timing === phase;
  if (!timingOk) return { ok: false, reason: 'action/wrong-phase' };
  if (offItsDay(ruleset, ability, state.phase)) return { ok: false, reason: 'action/wrong-day' };
  if (lacksTitle(ruleset, ability, player.titles)) return { ok: false, reason: 'action/needs-title' };
  if (def.usesPerGame !== undefined && (player.uses[ability] ?? 0) >= def.usesPerGame)
    return { ok: false, reason: 'action/uses-exhausted' };
  if (def.usesPerPhase !== undefined && state.actions.filter((a) => a.actor === actor && a.ability === ability).length >= def.usesPerPhase)
    return { ok: false, reason: 'action/uses-exhausted' };
  if (targets.includes(actor) && def.selfTargetLimit !== undefined && (player.selfUses[ability] ?? 0) >= def.selfTargetLimit) {
    return { ok: false, reason: 'action/self-target-limit' };
  }
  if (
    def.ownFamilyLimit !== undefined &&
    player.family !== undefined &&
    targets.includes(player.family) &&
    (player.ownFamilyUses?.[ability] ?? 0) >= def.ownFamilyLimit
  )
    return { ok: false, reason: 'action/own-family-limit' };
  // The Ventriloquist votes for the player he controls today: with nobody under his control there is no vote to cast.
  const speaks = def.vote?.kind === 'speak-for' ? def.vote.status : undefined;
  if (speaks !== undefined && !state.players.some((p) => p.alive && p.statuses.some((s) => s.id === speaks && s.by === actor)))
    return { ok: false, reason: 'action/nobody-controlled' };
  // 004 L100: a move that names roles (the black Kamikaze's trap) names roles of the ruleset.
  const namesRoles = def.night !== undefined && 'targetKind' in def.night && def.night.targetKind === 'role';
  // 004 L7, L8: a role request names one peaceful role of the ruleset ("конкретную мирную роль"), no player.
  const requested = def.roleRequest !== undefined;
  if (requested && targets.length !== 1) return { ok: false, reason: 'action/target-unknown' };
  for (const target of targets) {
    // The Ventriloquist may vote No Lynch for the player he controls, where the ruleset's votes allow it.
    if (speaks !== undefined && target === SPOKEN_NO_LYNCH && voteRulesOf(ruleset)?.grammar.noLynchAllowed === true) continue;
    if (
      requested
        ? peacefulRoleIds(ruleset, def).includes(target)
        : namesRoles
          ? ruleset.roles.some((r) => r.id === target)
          : playerOf(state, target) !== undefined || state.families.includes(target)
    )
      continue;
    return { ok: false, reason: 'action/target-unknown' };
  }
  // 004 L8 "Из проверки чеков, запроса на роль и выстрела можно выбрать лишь одно действие за раз": the role request
  // and the moves it names (`roleRequest.alternativeTo`) go one a day, whichever comes first.
  if (oneMoveTaken(state, ruleset, player, ability)) return { ok: false, reason: 'action/one-move-a-day' };
  // A Vengeful's revenge falls only on a player who votes for him.
  const votedOn = targets[0] === undefined ? null : currentVote(state, targets[0]);
  if (isLynchRevenge(player, ruleset, ability) && votedOn !== actor) return { ok: false, reason: 'action/target-not-voter' };
  // 004 L41: "Пока у коллекционера нет ролей, он может назначать до трех целей за раз…": refused when he names them.
  const borrowing = nightRules?.borrowing;
  if (borrowing?.collectMoves?.includes(ability) === true) {
    const inCollection = meanings.filter((m) => m.night?.mechanic === 'in-collection').map((m) => m.id);
    const held = state.players.filter((p) => p.statuses.some((s) => inCollection.includes(s.id) && s.by === actor)).length;
    if (targets.length > namesAllowed(borrowing, held)) return { ok: false, reason: 'action/over-limit' };
  }
  return { ok: true };
}

/** The form of the result a forgeable move states, by its night effect: a check's colour, a track's places. */
const forgedForms: Readonly<Record<string, 'colour' | 'places'>> = { investigate: 'colour', track: 'places' };

/**
 * The colours whose holder may forge what the Investigator is handed of `ability`'s result (004 L85, L86, L77: the
 * ability's `forwardForgedBy`), and the form of that result; undefined when the move carries no substitution.
 */
export function forgeable(
  ability: Pick<RulesetAbility, 'night'> | undefined,
): { readonly by: readonly ('black' | 'grey')[]; readonly form: 'colour' | 'places'; readonly blackening: boolean } | undefined {
  const night = ability?.night;
  if (night === undefined || !('forwardForgedBy' in night) || night.forwardForgedBy === undefined) return undefined;
  const form = forgedForms[night.effect];
  // 004 L7, L86: a track that sees blackenings hands the Investigator one the night after (its carrier status).
  const blackening = 'blackeningForwardStatus' in night && night.blackeningForwardStatus !== undefined;
  return form === undefined || night.forwardForgedBy.length === 0 ? undefined : { by: night.forwardForgedBy, form, blackening };
}

/** The colour a player plays for at night: his faction's (`guiltyFactions` black, `greyFactions` grey), never his role's name. */
function colourOf(ruleset: Ruleset, faction: string): 'black' | 'grey' | 'red' {
  const rules = rulesetNightRules(ruleset);
  if (rules?.greyFactions?.includes(faction) === true) return 'grey';
  return rules?.guiltyFactions.includes(faction) === true ? 'black' : 'red';
}

/**
 * Whether `actor`'s move `ability` may carry the substitution `forged` (004 L85 "Имеет право подменить чек
 * следователя", L86 "Имеет право подменить данные следователя", L77 "Комиссар/Детектив - могут подменять информацию,
 * как черные"): the ability lets a holder of his colour forge (`forwardForgedBy`), and the value (and its condition)
 * is in the result's form, a colour for a check, players of the game for a track's places. Judged beside
 * `checkAction`; the night judges the rest (a failed move, a condition unmet, a place he could not have gone to).
 */
export function checkForged(state: GameState, ruleset: Ruleset, actor: string, ability: string, forged: ForgedResult): ActionCheck {
  if (playerOf(state, actor) === undefined) return { ok: false, reason: 'action/actor-unknown' };
  const form = forgedFormFor(state, ruleset, actor, ability);
  if (form === undefined) return { ok: false, reason: 'action/forged-not-allowed' };
  // Nothing to substitute, or a condition with nothing it conditions.
  if (forged.value === undefined && forged.blackening === undefined) return { ok: false, reason: 'action/forged-misfit' };
  if (forged.value === undefined && forged.when !== undefined) return { ok: false, reason: 'action/forged-misfit' };
  if (forged.blackening === undefined && forged.blackeningWhen !== undefined) return { ok: false, reason: 'action/forged-misfit' };
  // 004 L86: a blackening goes only with a move that hands the Investigator one, and names a side of the rules.
  if (forged.blackening !== undefined) {
    if (!forgesBlackening(state, ruleset, actor, ability)) return { ok: false, reason: 'action/forged-blackening-misfit' };
    for (const side of [forged.blackening, forged.blackeningWhen])
      if (typeof side === 'string' && !ruleset.factions.some((f) => f.id === side))
        return { ok: false, reason: 'action/forged-side-unknown' };
  }
  const values = [forged.value, forged.when].filter((v) => v !== undefined);
  for (const value of values) {
    if (form === 'colour' ? typeof value !== 'boolean' : !Array.isArray(value)) return { ok: false, reason: 'action/forged-misfit' };
    if (Array.isArray(value) && value.some((id: string) => playerOf(state, id) === undefined))
      return { ok: false, reason: 'action/target-unknown' };
  }
  return { ok: true };
}

/**
 * The form of the substitution `actor`'s move `ability` may carry (a check's colour, a track's places), or undefined
 * when his colour may not forge with it (004 L85, L86, L77): what the popup's night form asks for.
 */
export function forgedFormFor(state: GameState, ruleset: Ruleset, actor: string, ability: string): 'colour' | 'places' | undefined {
  return forgeableFor(state, ruleset, actor, ability)?.form;
}

/**
 * Whether `actor`'s move `ability` may carry a substituted blackening (004 L86: the black or the Faceless's Detective's
 * track, which hands the Investigator the blackening it saw the night after): what the popup's night form asks for.
 */
export function forgesBlackening(state: GameState, ruleset: Ruleset, actor: string, ability: string): boolean {
  return forgeableFor(state, ruleset, actor, ability)?.blackening === true;
}

function forgeableFor(state: GameState, ruleset: Ruleset, actor: string, ability: string): ReturnType<typeof forgeable> {
  const player = playerOf(state, actor);
  if (player === undefined) return undefined;
  const form = forgeable(roleAbilities(player, ruleset).find((a) => a.id === ability));
  const colour = colourOf(ruleset, player.faction);
  return form !== undefined && form.by.some((c) => c === colour) ? form : undefined;
}
