/**
 * Roles as the resolvers see them. A role is a list of abilities (what a
 * player may send in a PM) and passives (what happens to them whether they
 * want it or not). Each ability names an effect kind the resolvers know, plus
 * its limits. These definitions are not written by hand: `nightRoleOf` derives
 * them from the ruleset's roles (src/engine/rules), where each ability carries
 * its night part, so a role is defined once and adding a role that combines
 * known effects touches only the ruleset, never a resolver.
 */
import type { RoleRequestDef, RulesetAbility, RulesetRole } from '../rules/types';
import type { NightDeathCause } from './types';
import type { BlackEffectKind } from './roles-004-black';
import type { MoreTargetsRule } from './roles-004-extended';
import { applyModifiers } from './nar-modifiers';
import type { NarEffectKind } from './nar-roles';
import type { NarMoreEffectKind } from './nar-more';

/** What an ability does, in terms both resolvers understand. */
export type NightEffectKind =
  /** Tell whether the killer of the body examined by day is among the targets (004 Forensic's samples, L44; roles-004-corpses.ts). */
  | 'sample-test'
  /** A master's order on his slave's moves: forbid, change or assign them; applied at intake (004 Pimp, L27; roles-004-slaves.ts). */
  | 'command'
  /** Kill the target (001 Vigilante, 004 Investigator's gun). */
  | 'kill'
  /** The faction's kill order; one per faction per night (000 Mafia, 001 goon/hitman, 004 killers). */
  | 'faction-kill'
  /** Back up a partner's kill order if the shooter is stopped (004 insurance). */
  | 'insure'
  /** Save the target from the causes listed in `protectsFrom`; cures poison where `cures` (000/001/004 Doctor). */
  | 'protect'
  /** Protect the target; whoever attacks them is injured (000 Bodyguard). */
  | 'guard'
  /** Stop the target's own actions tonight (001 Roleblocker, 000 Boss, 004 Blocker arrest). */
  | 'block'
  /** Protect the target from kills and block the target (001 Jailkeeper, 004 Blocker protection). */
  | 'jail'
  /** Swap everything aimed at two players (001 Bus Driver). */
  | 'swap'
  /** Send the first target's actions to the second target (001 Redirector). */
  | 'redirect'
  /** The target's next action goes to a random target (000 Bumbling Bureaucrat). */
  | 'bumble'
  /** Learn the target's alignment, through the role's sanity (001 Cop, 004 Commissar). */
  | 'investigate'
  /** Learn the target's role (000 Detective; the seed names the step but not the result). */
  | 'learn-role'
  /** Learn whom the target visited (001 Tracker, 004 Detective). */
  | 'track'
  /** Learn the target's peaceful role, no moves (004 Detective's role check, L7; a black holder's shows both roles, L86). */
  | 'learn-peaceful-role'
  /** Learn who visited the target (001 Watcher). */
  | 'watch'
  /** Poison the target: death at the end of the following night unless cured (000 Butler). */
  | 'poison'
  /** Take the target's role (000 Thief). */
  | 'steal'
  /** Make two players fall in love (000 Shadchan). */
  | 'love'
  /** Tell the first target the second target's role (000 Paperboy). */
  | 'inform'
  /** Kill a random member of the target family (000 Drunkard). */
  | 'drunk-kill'
  /** Take every attack on the target onto oneself; a black holder instead leaves the target open to kills (004 Bodyguard). */
  | 'take-hits'
  /** Take the target home: the target's later moves and later moves on the target fail; dies with the visitor (004 Prostitute). */
  | 'client-visit'
  /** Block the target's roles from the end of the day, tell the target, learn the peaceful role (004 Hacker). */
  | 'hack'
  /** Compare two players' colours: same, different or no information (004 Journalist). */
  | 'compare-colours'
  /** A private colour check that marks a black result with the ability's `status` (004 Inquisitor). */
  | 'marked-check'
  /** Kill a player who carries the ability's `status` from the actor's check of the previous night (004 Inquisitor's burning). */
  | 'burn'
  /** Put the ability's `status` on every target and tell them (004 Drug dealer). */
  | 'mark'
  /** Learn the target's peaceful role and everything the target was told tonight (004 Maid). */
  | 'examine'
  /** Put the targets under lasting watch: learn their roles now and their results every morning (004 Anonymous). */
  | 'surveil'
  /** Swap the peaceful roles of two players (004 Witch). */
  | 'swap-roles'
  /** Every later action aimed at the actor goes to the target instead (004 Hypnotist). */
  | 'redirect-visitors'
  /** Watch a house for two nights (the second by itself): who came and whether the owner went out (004 Homeless). */
  | 'stake-out'
  /** Play dead tonight: every move aimed at the actor treats him as dead, and his own role tells him nothing (004 Homeless drunk, L25). */
  | 'play-dead'
  /** Move one lasting watch (the ability's status) from the first target to the second (004 Anonymous changing a target, L26). */
  | 'move-watch'
  /** Blow oneself up with the target, whatever would stop the move; a black target dies alone (004 black and Faceless Kamikaze, L74, L100). */
  | 'suicide-strike'
  /** Name roles (role targets) whose red holders die with the actor if they make a move on him tonight (004 black Kamikaze, L100). */
  | 'trap-roles'
  /** Set the town on fire: every later move tonight fails; die together with up to two chosen players (004 Madman). */
  | 'city-fire'
  /** Kill once the player named by the actor's partner status is dead, until an opponent dies of it (004 Fanatic's revenge). */
  | 'avenge-kill'
  /** Heal paid with souls, after the Doctor and yielding to him; the result by PM (004 Cultist). */
  | 'soul-heal'
  /** Devour a player once enough souls were gathered; devouring one's own team gives a spare life (004 Cultist). */
  | 'devour'
  /** A day ability: refused at night, resolved by the day rules. */
  | 'day'
  /** 004 black moves (roles-004-black.ts): a kill on an employer's order, a check that flips the colour, a poison the actor hears about when it fails, a torture chamber, a night "client" taken away, a face cut. */
  | BlackEffectKind
  /** The forum standard's night roles (nar-roles.ts): a stand-in who dies in the target's place, a commute, a hide, an action doubled or delayed, a day post controlled, a role name learnt. */
  | NarEffectKind
  /** The forum standard's last roles (nar-more.ts): a Cult Recruiter's recruit, a Friendly Neighbor's word. */
  | NarMoreEffectKind;

/** What a player carries passively. */
export type NightPassiveKind =
  /** A Cult Recruiter's recruit fails on him (issue 19). */
  | 'recruit-immune'
  /** 001 one-shot bulletproof vest: stops the first kill. */
  | 'vest'
  /** 001 Paranoid Gun Owner: kills everyone who visits. */
  | 'pgo'
  /** 000 Armed Robber: kills whoever killed them. */
  | 'revenge'
  /** 000 Butler: survives the Mafia's first two kill attempts. */
  | 'mafia-shield'
  /** 000 Butler: cannot be poisoned. */
  | 'poison-immune'
  /** 000 Bodyguard: guards themselves automatically once per game. */
  | 'self-guard'
  /** 000 Witness: told the role of every player who dies. */
  | 'witness'
  /** 004 Active Citizen: inherits the peaceful role of a player who leaves. */
  | 'inherit-role'
  /** 004 Investigator: receives the Commissar's and Detective's results. */
  | 'receive-checks'
  /** 004 Hypnotist, Anonymous, Terrorist, Politician: a colour check or comparison of them gives no information (L6, L24, L132). */
  | 'hidden-from-checks'

  /** The forum Miller: an alignment check shows him guilty though he is town (a Godfather's `appears-innocent` the other way round). */
  | 'appears-guilty'
  /** 004: checks red to colour checks, always (Boss's Son) or until the player's first kill of his own (werewolves). */
  | 'appears-innocent'
  | 'innocent-until-kill'
  /** 004 Immortal: spare lives against role attacks, shared with a linked player (status mechanic `life-link`). */
  | 'spare-life'
  /** 004 Phantom: while he lives, players killed at night stay a day in the game (status mechanic `linger`); killed himself, only he does. */
  | 'lingering-dead'
  /** 004 Priest, Politician: told each morning the roles (not names) that visited them (L115.17). */
  | 'sees-visitor-roles'
  /** 004 Hero: told each morning the names of the players who visited them (L115.18). */
  | 'sees-visitor-names'
  /** 004 Kamikaze: refuses protection when attacked and takes the attacker along (an own-team attacker is crippled). */
  | 'takes-attacker'
  /** 004 Wizard: uses, for a night, the moves of a peaceful role no player holds (roles-004-copies.ts, L47). */
  | 'uses-absent-roles'
  /** 004 plain Werewolf: sends, as his special move, the move of a werewolf kind he names (`borrowing.kinRoles`; roles-004-copies.ts). */
  | 'uses-kin-moves'
  /** The forum standard's macho modifier: no protection reaches the player (a Doctor's, a Jailkeeper's, a stand-in's); his own vest still works. */
  | 'macho';

/** A killer side an insurance may cover, and when (004 L49, L54, L55). */
export interface InsureReach {
  readonly faction: string;
  /** Only while the side has at most this many living members (L54: "если одна из якудз выбыла"). */
  readonly whenLivingAtMost?: number;
  /** Fires before any other insurer of the shot (L54: "по приоритету всегда превосходит страховку со стороны мафии"). */
  readonly outranks?: boolean;
  /** Stands in for a partner: insures by default, as a partner does (L14, L54: "займет место напарника"). */
  readonly asPartner?: boolean;
  /** Only on a night the insurer's own side has no shot (L49: "застраховать маньяка в его ночь"). */
  readonly offNight?: boolean;
}

/** Who an ability may target. */
export interface NightTargetSpec {
  /** How many targets (exactly, unless `max` is set). */
  readonly count: number;
  /** Up to this many targets; for faction kills the night's kill count caps it further. */
  readonly max?: number;
  /** Players, whole families (000 Drunkard), or roles of the ruleset by id (004 black Kamikaze's trap, L100). */
  readonly kind: 'player' | 'family' | 'role';
  /** 001 default: no self-targeting unless the role says so. */
  readonly self: 'never' | 'allowed' | 'only';
  /** The move may also name no target (004 L100: the black Kamikaze's empty list clears the one he keeps). */
  readonly mayBeEmpty?: boolean;
}

export interface NightAbilityDef {
  readonly id: string;
  readonly effect: NightEffectKind;
  /** Day abilities are refused at night without using a charge (000). */
  readonly phase: 'night' | 'day';
  readonly targets: NightTargetSpec;
  /** Uses per game; absent = unlimited. */
  readonly uses?: number;
  /** Self-targeted uses per game (000 Doctor: twice; Bodyguard: once). */
  readonly selfUses?: number;
  /** The step in the ruleset's order table (ordered resolver). */
  readonly step: string;
  /** Causes a protection saves from; default: every kill. */
  readonly protectsFrom?: readonly NightDeathCause[];
  /** A protection that also cures poison (000 Doctor). */
  readonly cures?: boolean;
  /** Cop sanity (001): sane reports the truth, insane the opposite, naive always town, paranoid always mafia. */
  readonly sanity?: 'sane' | 'insane' | 'naive' | 'paranoid';
  /** The kill ignores protections (a ruleset may make a hitman's kill so). */
  readonly unstoppable?: boolean;
  /** Passive-like abilities that blocks cannot stop (001: passive abilities are unblockable). */
  readonly unblockable?: boolean;
  /** A block that does not reach faction kills (000 Boss) or negative moves (004 Blocker's protection). */
  readonly spares?: 'faction-kill' | 'negative';
  /** What the target of a block is told in the morning (000 Boss). */
  readonly tellsTarget?: string;
  /** Available only while no living player holds these roles (004 Investigator's gun). */
  readonly onlyWhenNoLiving?: readonly string[];
  /** Used only on this faction's killer nights (004 Geisha's katana: the Maniac's nights, L54). */
  readonly onNightsOf?: string;
  /** Abilities (ids) of the same player this one cannot be used with on one night: the later PM stands (004 werewolves' gun or special move, L51–L53). */
  readonly alternativeTo?: readonly string[];
  /** A day move naming a peaceful role (004 L7, L8 "запрос на роль"), answered the night after (roles-004-requests.ts). */
  readonly roleRequest?: RoleRequestDef;
  /**
   * Moves of the same player (ids, or `role/ability`) whose use that night skips this one, whichever PM came later
   * (004 L107: a black Mercenary's contract when his peaceful Investigator, Fanatic or Cultist uses the killer move).
   */
  readonly skippedWhenUsing?: readonly string[];
  /**
   * An `insure` ability's reach (004 L49, L54, L55): the killer sides whose shots it insures. Without
   * it, an insurer covers his own side, and the other killer side on a night his side has no shot (L2, L3).
   */
  readonly insures?: readonly InsureReach[];
  /** A result announced publicly in the morning (004): `hit` when the ability did something, `miss` otherwise. */
  readonly publicResult?: { readonly role: string; readonly hit: string; readonly miss: string };
  /** Counts as a negative (black) move for a Blocker's protection (004). */
  readonly negative?: boolean;
  /** Trackers, Watchers and Followers do not see the move's visit (the forum standard's Ninja and untrackable modifiers). */
  readonly unseen?: boolean;
  /** The move works only on a target of the actor's own faction (`own`: loyal) or of another (`other`: disloyal); on any other it fails. */
  readonly targetsFaction?: 'own' | 'other';
  /** The player must use it every night (compulsive): a night without it is a breach the host settles. */
  readonly compulsive?: boolean;
  /** `dies-instead`: the stand-in lives through the kill he takes (the Elite Bodyguard). */
  readonly standInSurvives?: boolean;
  /** `dies-instead`: the stand-in kills the attacker whose kill he takes (the Elite Bodyguard). */
  readonly standInKillsAttacker?: boolean;
  /** A check on a player who is dead by its turn fails (004 Commissar, L6: "выбрал убитого - чек не проходит"). */
  readonly failsOnDeadTarget?: boolean;
  /** A black result tells a holder of these colours whether it was false (004 black Commissar, L85 «сразу узнает был ли полученный черный чек ложным»). */
  readonly falseBlackToldTo?: readonly ('black' | 'grey')[];
  /**
   * A holder of these colours may set what the Investigator is handed of the move's result (`NightAction.forged`)
   * (004 L85 black Commissar, L86 black Detective, L77 the Faceless's: «могут подменять информацию, как черные»).
   */
  readonly forwardForgedBy?: readonly ('black' | 'grey')[];
  /** `track`: when the target made moves of both his peaceful and his negative role, only the negative role's are seen (004 L7). */
  readonly negativeRoleFirst?: boolean;
  /** `track`: the tracker is told the names of those who visited him tonight (004 Detective, L7). */
  readonly seesVisitorNames?: boolean;
  /** `track`: a target alive at dusk and dead by the track's turn shows his team, as a killer learns it (004 L7). */
  readonly tellsKilledColour?: boolean;
  /** `track` with `negativeRoleFirst`: a holder of these colours sees both roles' moves; the Investigator is handed the standard result (004 L86). */
  readonly bothRolesFor?: readonly ('black' | 'grey')[];
  /**
   * `track`: a track stopped by a move of one of these effects (the stopper's roles') is answered "no information", to
   * the tracker and to the Investigator (004 L7: "если детектив был заблочен, попал к проститутке/гейше, проверял
   * клиента проститутки/гейши или потерял ход из-за безумца - информация не предоставляется"); a target taken by such a
   * role counts too. Read by roles-004-tracking.ts.
   */
  readonly noInfoWhenStoppedBy?: readonly string[];
  /**
   * `track`: the tracker learns of a blackening on his target (the status of mechanic `blackened`) and the side that
   * cast it, unless a colour check of one of these effects read the target tonight (004 L7 "Детектив способен
   * распознавать очернения … ее не сумел успешно чекнуть кто-либо из цветных чекеров"); a blackening on the tracker
   * himself is always told him. Read by roles-004-tracking.ts.
   */
  readonly blackeningHiddenBy?: readonly string[];
  /**
   * `track` with `blackeningHiddenBy`: the status (on the target, `with` the tracker, `by` a player of the side) that
   * carries the Investigator's copy of a seen blackening to the next night (004 L7 "эти данные передаются следователю с
   * задержкой на одну ночь").
   */
  readonly blackeningForwardStatus?: string;
  /** A check gives no information when a move of one of these (a role id, or `role/ability`) named the same target tonight (004 L6). */
  readonly noInfoWhenTargetOf?: readonly string[];
  /** A check gives no information on a target with one of these statuses (004 L6: crippled players). */
  readonly noInfoStatuses?: readonly string[];
  /** A target with one of these statuses has lost his peaceful role: a check that shows roles shows none of it (004 L6 with the Joker's L51). */
  readonly roleLostStatuses?: readonly string[];
  /**
   * What the ability may not do two nights in a row (004 Doctor, L4): `self`, target its user;
   * `several-targets`, name more than one target; `use`, be used at all (004 Homeless's drunk night, L25). Read against `NightPlayer.previousNight`.
   */
  readonly notTwiceInARow?: readonly ('self' | 'several-targets' | 'use')[];
  /** Not available to a holder of these factions (004: only a black or the Faceless holding the Kamikaze may blow himself up with a target, L74, L100). */
  readonly notForFactions?: readonly string[];
  /** The most players who may carry the ability's `status` from one actor at once; targets beyond it fail (004 Anonymous: four, L26). */
  readonly maxMarked?: number;
  /** `examine`: the target's message tonight is replaced by, or added to, the text the actor sent (`NightAction.text`) (004 Maid, L45). */
  readonly substitutes?: 'replace' | 'add';
  /** `redirect-visitors`: moves aimed at the actor are skipped instead of sent on (004 Hypnotist, L37). */
  readonly skipsVisitors?: boolean;
  /** `hack`: the status a black target carries for a second game day, when one of his two roles stays blocked (004 Hacker, L22). */
  readonly secondDayStatus?: string;
  /**
   * `burn`: the status a black actor takes on burning a black, and loses on burning a non-black (004 black
   * Inquisitor, L96: «Если сжег черного, будет чекаться красным, пока не сожжет красного»; the day reads it for
   * his execution when lynched).
   */
  readonly killStatus?: string;
  /**
   * `kill`: a counter (`NightPlayer.spent`) that goes up by one when the kill kills a player of another colour than
   * the actor's (a red's kill of a black or the Faceless, a black's of a red or the Faceless); with `needsSpent`
   * below 1 the gun is spent (004 Investigator, L8 «может стрелять каждую ночь, пока не совершит убийство одного из
   * негативов или безликого»; L87 a black Investigator «теряет право стрелять после убийства любого красного игрока
   * или безликого»).
   */
  readonly killCounter?: string;
  /** With more than one target, none may be the user (004 Doctor, L4). */
  readonly noSelfAmongSeveral?: boolean;
  /** Reaches a player another visitor took home tonight (004: the Prostitute's client is still reached by the Maid, Witch, Drug dealer, Journalist). */
  readonly reachesClients?: boolean;
  /** A client visit whose client survives the visitor's death crippled instead of dying with her (004 Prostitute's protection). */
  readonly guardsClient?: boolean;
  /**
   * The ruleset status the effect gives or reads: given by `mark`, `hack`,
   * `surveil`, `stake-out`, `take-hits`, `redirect-visitors` (when killers are turned aside), `marked-check` (on a black result) and, under protection, by
   * `client-visit` to the client; read by `burn` (only a target carrying it
   * from the actor's check of the night before) and `compare-colours` (a
   * player carrying it gives no information).
   */
  readonly status?: string;
  /** `redirect-visitors`: killers' moves are not turned aside (004 L40: a copied Hypnotist "нельзя отклонять киллеров"). */
  readonly sparesKillers?: boolean;
  /** `marked-check`: the status a red result gives (004 Lawyer: legal protection may cover a player he checked red). */
  readonly redStatus?: string;
  /** A block of this move does not make the blocker's public result a hit (004 L5: werewolf special moves read "не попал"). */
  readonly blockReadsAsMiss?: boolean;
  /** Available from this night on (004 Madman: the third night). */
  readonly fromNight?: number;
  /** Targets beyond `targets.count` only on some nights or under a status (004 extended: L52, L53). */
  readonly moreTargetsWhen?: MoreTargetsRule;
  /**
   * Available only once the player named (`with`) by the actor's status of
   * mechanic `partner` is dead, and while the actor has no status of mechanic
   * `done` (004 Fanatic: revenge for the favourite until avenged).
   */
  readonly needsDeadPartner?: { readonly partner: 'favourite'; readonly done: 'avenged' };
  /**
   * Available only while the actor's counters (`NightPlayer.spent`: souls
   * gathered, kills made…) are at least / below these values (004 Cultist:
   * devours once three souls are gathered, once).
   */
  readonly needsSpent?: {
    readonly atLeast?: Readonly<Record<string, number>>;
    readonly below?: Readonly<Record<string, number>>;
  };
}

export interface NightRoleDef {
  readonly id: string;
  readonly name: string;
  /** The role's name in a post language (a ruleset role's `names`), for results written in that language. */
  readonly names?: Readonly<Partial<Record<'en' | 'ru', string>>>;
  /** Where the role is described. */
  readonly source: string;
  readonly abilities: readonly NightAbilityDef[];
  readonly passives?: readonly NightPassiveKind[];
  /** Uses of passive protections per game (vest 1, mafia-shield 2, self-guard 1). */
  readonly passiveUses?: Partial<Readonly<Record<NightPassiveKind, number>>>;
  /** Passives taken only after every spare life that covers the holder, guarding him alone (004 L110; `afterSpareLife`). */
  readonly latePassives?: readonly NightPassiveKind[];
  /** A role that counts as "no role" for a Thief (000 Townsperson). */
  readonly plain?: boolean;
  /** A faction role held on top of a second role (000 Mafia Member, 004 blacks). */
  readonly factionRole?: boolean;
  /** When a player holding one of these roles dies, a living holder of this role takes that role over (004 Imitator: the Maniac). */
  readonly successorOf?: readonly string[];
}

/**
 * The night definition of one ability of a ruleset role. An ability with a
 * night part is a night action (its limits are the ability's own: `targets`,
 * `usesPerGame`, `selfTargetLimit`). A day ability, or a passive one with no
 * night part, is kept as a day ability, so a PM naming it at night is refused
 * without using a charge (000). A passive night part is a passive, not an
 * ability; and a night ability with no night part is one the host resolves by
 * hand, which the resolvers do not see.
 */
export function nightAbilityOf(ability: RulesetAbility): NightAbilityDef | undefined {
  const uses = ability.usesPerGame === undefined ? {} : { uses: ability.usesPerGame };
  const part = ability.night;
  if (part === undefined) {
    if (ability.timing === 'night' || ability.timing === 'day-or-night') return undefined;
    return {
      id: ability.id,
      effect: 'day',
      phase: 'day',
      targets: { count: ability.targets ?? 1, kind: 'player', self: 'allowed' },
      step: 'day',
      ...uses,
      ...(ability.roleRequest === undefined ? {} : { roleRequest: ability.roleRequest }),
    };
  }
  if ('passive' in part) return undefined;
  const { effect, step, maxTargets, targetKind, selfOnly, mayBeEmpty, ...rest } = part;
  const limit = ability.selfTargetLimit;
  return {
    id: ability.id,
    effect,
    phase: 'night',
    targets: {
      count: ability.targets ?? 1,
      ...(maxTargets === undefined ? {} : { max: maxTargets }),
      kind: targetKind ?? 'player',
      self: selfOnly === true ? 'only' : limit === 0 ? 'never' : 'allowed',
      ...(mayBeEmpty === true ? { mayBeEmpty } : {}),
    },
    ...uses,
    ...(limit === undefined || limit === 0 ? {} : { selfUses: limit }),
    step,
    ...rest,
  };
}

/** A ruleset role as the night resolvers see it: its night abilities, its passives and their allowances. */
export function nightRoleOf(role: RulesetRole, source: string): NightRoleDef {
  const abilities: NightAbilityDef[] = [];
  const passives: NightPassiveKind[] = [];
  const passiveUses: Partial<Record<NightPassiveKind, number>> = {};
  const latePassives: NightPassiveKind[] = [];
  for (const ability of role.abilities) {
    const part = ability.night;
    if (part !== undefined && 'passive' in part) {
      passives.push(part.passive);
      if (part.afterSpareLife === true) latePassives.push(part.passive);
      if (ability.usesPerGame !== undefined) passiveUses[part.passive] = ability.usesPerGame;
      continue;
    }
    const def = nightAbilityOf(ability);
    if (def !== undefined) abilities.push(def);
  }
  return applyModifiers(
    {
      id: role.id,
      name: role.name,
      ...(role.names === undefined ? {} : { names: role.names }),
      source,
      abilities,
      ...(passives.length === 0 ? {} : { passives }),
      ...(Object.keys(passiveUses).length === 0 ? {} : { passiveUses }),
      ...(latePassives.length === 0 ? {} : { latePassives }),
      ...(role.night?.plain === true ? { plain: true } : {}),
      ...(role.night?.factionRole === true ? { factionRole: true } : {}),
      ...(role.night?.successorOf === undefined ? {} : { successorOf: role.night.successorOf }),
    },
    role.modifiers ?? [],
  );
}

/** Night abilities of a ruleset role that no resolver sees: the host resolves them by hand. */
export function byHandAbilities(role: RulesetRole): readonly RulesetAbility[] {
  return role.abilities.filter((a) => a.night === undefined && (a.timing === 'night' || a.timing === 'day-or-night'));
}
