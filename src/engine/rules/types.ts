import type { breachRulesPresets } from '../breaches/rules';
import type { NightAbilityDef, NightEffectKind, NightPassiveKind, NightRoleDef } from '../night/roles';
import type { NightSection } from '../night/rules';
import type { VoteGrammar, VoteRules } from '../votes/rules';

/** A breach-rules preset id of src/engine/breaches. */
export type BreachPresetId = keyof typeof breachRulesPresets;

/** The languages Gavel writes a game's posts in. */
export type PostLanguage = 'en' | 'ru';

/**
 * A name in other languages, by language (`{ ru: 'Доктор' }`): the posts and
 * pages in that language use it, and `name` where a language has none.
 */
export type LocalNames = Readonly<Partial<Record<PostLanguage, string>>>;

/**
 * The ruleset format: everything that differs between games is data here, so
 * a host can define a new game by writing one JSON object (docs/rulesets.md).
 */

/** A side of the game. `team` groups factions that win together. */
export interface FactionDef {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  /** What kind of side this is; win checks read it. */
  readonly kind: 'town' | 'mafia' | 'third-party';
  /** 004's colours: red (town), black (mafia-side killers), grey (the Faceless). */
  readonly color?: 'red' | 'black' | 'grey';
  /** Elite seats (004's Agent, Mason, Servant): not counted in the red/black counts. */
  readonly elite?: boolean;
  /** Members know each other (a mafia's team PM). */
  readonly knowsMembers?: boolean;
}

/** 003: "Each player should send in a vote for who they think the new leader should be … effective the next phase." */
export interface LeaderElection {
  /** The faction that elects its leader. */
  readonly faction: string;
  /** The ballot the members vote on (script: `Gin votes leader Vodka`). */
  readonly ballot: string;
  /** Open question ("50%+ of the BO vote"): more than half of the living members, or half of them. @default 'more-than-half' */
  readonly threshold: 'more-than-half' | 'half';
}

/** A family size the rules allow, with its number of Mafia Members. */
export interface SetupFamily {
  readonly size: number;
  readonly mafia: number;
}

/** A level players sign up at: the roles it may hold (absent = any) and whether it plays. */
export interface SetupLevel {
  /** The level's name as the host reads it ("Beginner"); the id when absent. */
  readonly name?: string;
  /** The name in other languages (`{ "ru": "Новичок" }`), shown in the setup and its findings. */
  readonly names?: LocalNames;
  readonly roles?: readonly string[];
  readonly plays: boolean;
}

/** What the setup check (src/engine/setup/setup-check.ts) holds a roster to, besides the roles' limits. */
export interface SetupRules {
  /** 000: "Every family will consist of either 8 or 10 players. Families of 8 will have 1 Mafia Member, and families of 10 will have 2." */
  readonly families?: readonly SetupFamily[];
  /**
   * 000: the levels players sign up at, by id, with the roles each may hold
   * (absent = any) and whether they play at all (Spectators do not).
   */
  readonly levels?: Readonly<Record<string, SetupLevel>>;
  /**
   * 000 open question: "Here is a list of possible roles Mafia Members may have:" and the list is missing. The second roles a
   * member of a `mafia`-kind faction may hold: `any` (every role but the faction's own) or a list of role ids.
   * @default 'any'
   */
  readonly mafiaSecondRoles?: 'any' | readonly string[];
  /**
   * 004's extended format (L131.1 "Без учета безликого и элитных ролей в игре 16 участников: 11 красных и 5 черных"):
   * exactly this many players of each faction colour named (a colour not named, grey and the elite's none, is not
   * counted). Absent = any.
   */
  readonly colorCounts?: Readonly<Record<string, number>>;
  /**
   * L131.2 "К шести базовым мирным ролям добавляется политик и второй активный житель. Пятым черным добавляется второй
   * оборотень": at least this many holders (first or second role) of each role. Absent = none required.
   */
  readonly roleCounts?: Readonly<Record<string, number>>;
}

/**
 * Rules the game applies when a phase ends, besides the vote and the night
 * (src/engine/game/phase-end.ts). Each is off when absent.
 */
export interface PhaseEndRules {
  /** 003: the faction may elect its own leader; the next rank takes over from a dead leader, and the members are told. */
  readonly leaderElection?: LeaderElection;
  /** 001: by role id, who takes the role over when its holder is lynched (or dies): "either Leo or Orphan becomes the hit man". */
  readonly successors?: Readonly<Record<string, RoleSuccessor>>;
  /** 003 arrests: an arrest of a player who committed a crime arrests him; a false charge suspends the officer. */
  readonly arrests?: {
    /** Ability tag of an arrest. */
    readonly arrestTag: string;
    /** Ability tag of a crime (the seed's "Crimes" list): a player who used one is no false charge. */
    readonly crimeTag: string;
    /** The status an arrest gives. */
    readonly arrested: string;
    /** The status a false charge gives the officer (its `defaultPhases`: the phase of the attempt and two more). */
    readonly suspended: string;
    /** Ability tag of a release (Lawsuit, Satou releasing a detainee): takes the arrest status off the target. */
    readonly releaseTag: string;
  };
  /** 003 Pisco: an ability with this tag on a player who died in the same phase takes his will (shown to the user, not the thread). */
  readonly willTakerTag?: string;
  /** 003 lovers: a holder of this status who kills the other holder dies by suicide. */
  readonly loverStatus?: string;
  /**
   * 000 open question: the Shadchan's pair "fall in love with each other", and the seed says no more. With `true`, a lover
   * whose partner (the one the Shadchan's night named) died follows them. Reported whenever a lover dies.
   * @default false
   */
  readonly loversDieTogether?: boolean;
  /** 003 Black Suitcase: the leader's day ability (a ranking of members) gives the first one able to carry it this status for the night. */
  readonly suitcase?: { readonly tag: string; readonly status: string };
  /** 004: what each move made between the vote and the night does when the day ends, by ability id (src/engine/game/day-moves-004.ts). */
  readonly dayMoves?: Readonly<Record<string, DayMove>>;
  /** 004 (L60–L64): a lynch that ends face cuts and scores for the cutter. */
  readonly faceCutLynch?: FaceCutLynch;
  /** 004 (L15): checks sent for verification at the end of a day (src/engine/game/day-004-faceless.ts). */
  readonly checkVerification?: CheckVerification;
}

/**
 * 004: a move made "в конце дня" (between the vote and the night), by what it does when the day ends. Each names the
 * statuses and roles it works with, so another ruleset may give the same mechanic to its own abilities.
 */
export type DayMove =
  /** Takes off the status the user gave the target (L52: the Poisoner's antidote). */
  | { readonly kind: 'lift-given-status'; readonly status: string }
  /**
   * A status that names a partner. `holder: 'user'`: the user holds it `with` the target (L19 the Immortal's link, L36
   * the Fanatic's favourite); `'targets'`: each target holds it `with` the user (L43 the Cultist's marks). `phases`: how
   * long (absent: until removed); `onDay`: only at the end of that day; `replaces`: the user's earlier ones end;
   * `randomIfMissing`: a user who sent none by the end of `onDay` gets a random living player after the night that follows,
   * never one who died in it (L36); `tellsRole`: the user learns the partner's peaceful role.
   */
  | {
      readonly kind: 'partner-status';
      readonly status: string;
      readonly holder: 'user' | 'targets';
      readonly maxTargets: number;
      readonly phases?: number;
      readonly onDay?: number;
      readonly replaces?: boolean;
      readonly randomIfMissing?: boolean;
      readonly tellsRole?: boolean;
      /** Only while the user holds one of these titles (L132: the Politician's patronage "если стал мэром или его секретаршей"). */
      readonly whileTitles?: readonly string[];
    }
  /** Ends the user's partner status (L19: "может в конце любого дня разорвать связь"). */
  | { readonly kind: 'end-partner-status'; readonly status: string }
  /**
   * Answers a hold the user put on a player (L53, the torture chamber). `release-held`: `held` ends and the player gets
   * `noMoves` for `noMovesPhases` (no move until the end of the night). `destroy-held`: `held` ends, `destroyed` begins
   * for the rest of the game, and a black also gets `noMoves`. `destroy-on-lynch`: when the user is lynched this day, the
   * target is destroyed the same way, and only his held player when he holds one (the rage).
   */
  | {
      readonly kind: 'release-held' | 'destroy-held' | 'destroy-on-lynch';
      readonly held: string;
      readonly destroyed: string;
      readonly noMoves: string;
      readonly noMovesPhases: number;
      /**
       * Open question (L53 gives the choice and no default), on `release-held`: what happens to a hold its user did not
       * answer by the end of the day after it began. Reported whenever a game reaches it.
       * @default 'release'
       */
      readonly unanswered?: 'release' | 'destroy';
    }
  /**
   * A member of the user's faction is named to take over `role` once its holder is dead (L48, L55): the name may change
   * each day; the taker gets `role` as his negative role and `mark` (shown beside his old role when he dies).
   */
  | { readonly kind: 'successor'; readonly role: string; readonly fromRole: string; readonly mark: string }
  /**
   * A rumour for the night after: `status` for `phases` on a living player, one per side a day. With `pairRole`, only on
   * a partner holding it while the pair is whole (L55: reddening); with `onOwnNights`, only before a night the user's
   * side shoots, or any night once the other killer side is gone (L15: blackening).
   */
  | {
      readonly kind: 'rumour';
      readonly status: string;
      readonly phases: number;
      readonly pairRole?: string;
      /**
       * L55: pair roles that take the right over, in order, from `pairRole`'s pair once it is broken, each while its own
       * pair is whole ("Если обе мафии живы, а одна из якудз погибла, то мафия заберет у якудз право на окраснение").
       */
      readonly takenOverBy?: readonly string[];
      /**
       * L55: once no pair of those roles is whole, the last living members of two of their groups pair up and keep the
       * right ("Если мафия и якудза остались без напарников, они объединятся в новую пару и по-прежнему смогут
       * использовать окраснение на одного из пары").
       */
      readonly lonePairUp?: boolean;
      /** L55 (extended format): "обе пары могут использовать окраснение, пока остаются целыми": every whole pair has the right. */
      readonly everyWholePair?: boolean;
      readonly onOwnNights?: boolean;
      /**
       * L15: a user whose kill waits for other roles to be out (`onlyWhenNoLiving`) may spread the rumour only once
       * that kill is his ("Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу").
       */
      readonly armedOnly?: boolean;
    }
  /**
   * A player who died in the night before or in the day's vote moves into a living player at the end of the day (L18):
   * the dead user gets `status` with the host for `phases`, learns the host's role, and the thread is told; he leaves
   * when the host does.
   */
  | { readonly kind: 'possess'; readonly status: string; readonly phases: number }
  /**
   * A player who carries `mark` keeps one of his two roles for the next game day (L22: the hacked black's choice at the
   * end of the hacked day): he gets `status` for `phases`, which blocks his other role (its `night.blocksRole`).
   */
  | {
      readonly kind: 'keep-role';
      readonly mark: string;
      readonly status: string;
      readonly phases: number;
      /**
       * Open question (L22 gives the choice and no default): a hacked black who names no role by the end of the day.
       * `first-move`: the night keeps the role of the first move he sends; `this-role`: he keeps this move's role.
       * Reported whenever a game reaches it.
       * @default 'first-move'
       */
      readonly unanswered?: 'first-move' | 'this-role';
    };

/** 004 (L60–L64): what a lynch does to face cuts. */
export interface FaceCutLynch {
  /** The status of a cut victim, `with` the player he must get lynched, `by` the cutter. */
  readonly status: string;
  /** The cutter's score, a status whose value counts wins (L61: two lynched victims are one win). */
  readonly score: string;
  /** Points for a lynched victim (L64.2: half a win). */
  readonly victimPoints: number;
  /** Points for a lynched target who was no victim (L64.2: half of that). */
  readonly targetPoints: number;
  /** A status given to a victim whose face came back, so it is never cut again (L60); absent = none given. */
  readonly recovered?: string;
  /** Statuses under which a dead cutter still scores a lynch (L64.5: the phantom effect); absent = only a living cutter scores. */
  readonly deadScorers?: readonly string[];
  /**
   * L67, L135: the cutter's "face" for those who brought him down: every voter of the ballot that lynched him, or his
   * night killer with his partners (fellow members of a faction whose members know each other) and the servants bound
   * to him (`servantStatus` `with` the killer): `status`'s value grows by `points` (in wins).
   */
  readonly face?: { readonly status: string; readonly points: number; readonly servantStatus?: string };
}

/**
 * 004 (L15): a checker holding a check may send it for verification at the end of a day (`ability`): he gets `status`
 * `with` the checked player for the night after (no move of his that night) and the exact colour by morning.
 */
export interface CheckVerification {
  readonly ability: string;
  readonly status: string;
  /**
   * Open question: which checks may be verified. L15 gives the right for a black check ("Когда чекер получает черный
   * чек"), and then tells what verifying a red check shows (a werewolf's, L64.7 the Faceless's). `any`: every colour
   * check the checker received; `black`: only black ones. Reported when a red check is sent.
   * @default 'any'
   */
  readonly checks?: 'any' | 'black';
}

/** When an ability may be used. */
export type AbilityTiming = 'day' | 'night' | 'day-or-night' | 'passive';

/**
 * What a night ability does, for the night resolvers (docs/night.md): an
 * effect they know and the step of `night.order` it resolves at. Its limits
 * are the ability's own: `targets` is the number of targets, `usesPerGame` the
 * uses, `selfTargetLimit` the self-targeted uses (0: it may not target its
 * user). The other fields are the effect's details.
 */
export interface RulesetNightAction extends Pick<
  NightAbilityDef,
  | 'step'
  | 'protectsFrom'
  | 'cures'
  | 'sanity'
  | 'unstoppable'
  | 'unblockable'
  | 'spares'
  | 'tellsTarget'
  | 'onlyWhenNoLiving'
  | 'onNightsOf'
  | 'alternativeTo'
  | 'skippedWhenUsing'
  | 'insures'
  | 'publicResult'
  | 'negative'
  | 'failsOnDeadTarget'
  | 'noInfoWhenTargetOf'
  | 'noInfoStatuses'
  | 'roleLostStatuses'
  | 'notTwiceInARow'
  | 'noSelfAmongSeveral'
  | 'reachesClients'
  | 'guardsClient'
  | 'status'
  | 'redStatus'
  | 'blockReadsAsMiss'
  | 'fromNight'
  | 'moreTargetsWhen'
  | 'needsDeadPartner'
  | 'needsSpent'
  | 'notForFactions'
  | 'maxMarked'
  | 'substitutes'
  | 'skipsVisitors'
  | 'secondDayStatus'
  | 'killStatus'
  | 'killCounter'
  | 'unseen'
  | 'targetsFaction'
  | 'compulsive'
  | 'standInSurvives'
  | 'standInKillsAttacker'
  | 'falseBlackToldTo'
  | 'forwardForgedBy'
  | 'negativeRoleFirst'
  | 'bothRolesFor'
  | 'tellsKilledColour'
  | 'seesVisitorNames'
  | 'noInfoWhenStoppedBy'
  | 'blackeningHiddenBy'
  | 'blackeningForwardStatus'
> {
  readonly effect: Exclude<NightEffectKind, 'day'>;
  /** Up to this many targets (at least `targets`); a faction kill's is capped further by the night's kill count. */
  readonly maxTargets?: number;
  /** `family`: the targets are families (000 Drunkard). @default 'player' */
  readonly targetKind?: 'player' | 'family' | 'role';
  /** The ability may only target its user. */
  readonly selfOnly?: boolean;
  /**
   * The move may also be sent with no target at all, and the effect reads the empty move (004 L100: the black
   * Kamikaze's empty list clears the list he keeps, setting `trapListKept`). Without it a move names at least `targets`.
   */
  readonly mayBeEmpty?: boolean;
}

/** What a passive ability is at night: a passive the resolvers know; `usesPerGame` is its allowance (vest 1). */
export interface RulesetNightPassive {
  readonly passive: NightPassiveKind;
  /**
   * A vest taken only after every spare life that covers the holder, that guards the holder alone (004 L110: the
   * Executioner's own life beside the Immortal's: "в приоритете учитывается жизнь бессмертного"; with that spent, the
   * linked player dies alone).
   */
  readonly afterSpareLife?: boolean;
}

/** One ability of a role, with its limits and, for the night resolvers, its night part. */
export interface RulesetAbility {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  readonly timing: AbilityTiming;
  /** Uses per game; absent = unlimited. */
  readonly usesPerGame?: number;
  /** How often the user may target themselves; absent = unlimited, 0 = never. */
  readonly selfTargetLimit?: number;
  /** How often the user may target their own family (000's Sheriff: "may only protect their own family once"); absent = unlimited. */
  readonly ownFamilyLimit?: number;
  /** How many targets one use takes (000's Sheriff: a player and a family = 2). @default 1 */
  readonly targets?: number;
  /** Uses per phase (003: "each member can only use one pill per phase"); absent = unlimited. */
  readonly usesPerPhase?: number;
  /** Tags the win checks and voting systems read: `arrest` (003), `stop-night-kill` (003), `jail`, `defend`… */
  readonly tags?: readonly string[];
  /** The move carries words its player wrote, handed on as written (004: the Pimp's night note to his slave, L27). A night part that `substitutes` what its target is told takes words too. */
  readonly takesText?: boolean;
  /**
   * Only a holder whose side has one of these colours (`RulesetFaction.color`) holds the ability: the others' role gives
   * them none (refused at entry, not offered, not in the role PM). 004 L73: the heroic suicide is the Faceless's
   * ("Если линчуется сам, имеет право на героический суицид"); L35: taking a voter along is the red Hero's. Absent: every holder.
   */
  readonly holderColors?: readonly string[];
  /**
   * What it does at night: an action (`night`/`day-or-night` timing) or a
   * passive (`passive` timing). A night ability without one is resolved by the
   * host by hand; a day ability has none.
   */
  readonly night?: RulesetNightAction | RulesetNightPassive;
  /** What it does to the day's vote count (src/engine/voting/role-votes.ts): a passive's standing effect, or a day move's. */
  readonly vote?: RulesetVoteEffect;
  /**
   * 004 L7, L8 ("запрос на роль"): a day move naming a peaceful role of the ruleset, not a player, answered the morning
   * after with where the role went each night of the game (src/engine/night/roles-004-requests.ts). It takes the night
   * move of the role that holds it; `seesVisitorRoles`: the holder also learns the roles of his visitors that night
   * (L7, not the Investigator's, L8 "без опознавания ночных посетителей"); `alternativeTo`: day moves of the same
   * player it cannot go with on one day (L8 "Из проверки чеков, запроса на роль и выстрела можно выбрать лишь одно
   * действие за раз"): the second is refused when it is recorded.
   */
  readonly roleRequest?: RoleRequestDef;
}

/** 004 L7, L8: what a role request (`RulesetAbility.roleRequest`) does beside its answer. */
export interface RoleRequestDef {
  readonly seesVisitorRoles?: boolean;
  readonly alternativeTo?: readonly string[];
  /**
   * The holder's colours that may substitute what the Investigator is handed of the answer (004 L86 "может заранее
   * указать ведущему … результат запроса на роль", L77 the Faceless's Detective): the move's `requestForged`.
   */
  readonly forwardForgedBy?: readonly ('black' | 'grey')[];
  /**
   * Roles of the ruleset that are no peaceful role, besides the sides' own (`factionRole`): the black, grey and elite
   * roles a player holds as his only role. The request never names them (L7 "конкретную мирную роль").
   */
  readonly notPeaceful?: readonly string[];
}

/**
 * An ability's effect on the day's vote, as data the majority count reads
 * (src/engine/voting/role-votes.ts), so a role is a list of these, never a name
 * the count knows.
 */
export type RulesetVoteEffect =
  /** Passive: the holder's vote weighs `weight` (a Doublevoter 2, a Voteless player 0). */
  | { readonly kind: 'vote-weight'; readonly weight: number }
  /** Passive: a wagon that reaches the majority on the holder does not lynch him; the day ends with no lynch. */
  | { readonly kind: 'unlynchable' }
  /** Day move on one player: for the rest of the day the target's vote weighs 0 and the user's vote carries it too. */
  | { readonly kind: 'steal-vote' }
  /** Day move on one player: if the day's lynch falls on the target, it is cancelled and nobody dies. */
  | { readonly kind: 'cancel-lynch' }
  /**
   * Day move on one player (a Ventriloquist's): on a day when a living player carries `status` given by the user
   * (the night's `control-posts`), the move is that player's vote for the target, counted from when it was
   * recorded; that player's own votes do not count that day (`vote/spoken-for`).
   */
  | { readonly kind: 'speak-for'; readonly status: string }
  /**
   * Day move on one player, taken at the day's end (Vengeful): if the day lynches the user, the target, who must
   * be voting for him, dies too (src/engine/game/vengeful.ts); refused when the target's vote is not on him.
   */
  | { readonly kind: 'lynch-revenge' };

/** A win of the role's own, beside (or instead of) its faction's (src/engine/win/check.ts). */
export type RoleWin =
  /** Wins when lynched (Jester); `win.lynchedWinEndsGame` says whether the game then ends. */
  | { readonly kind: 'lynched' }
  /** Wins when the player assigned at setup (`PlayerSetup.target`) is lynched while he lives (Lyncher). */
  | { readonly kind: 'target-lynched' }
  /** Wins when alive at the end of the game, whoever else wins (Survivor). */
  | { readonly kind: 'survives' };

export interface RulesetRole {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  readonly abilities: readonly RulesetAbility[];
  /** A plain description a host can read. */
  readonly summary?: string;
  /** How the night treats the role as a whole: `plain` (nothing for a Thief to take), `factionRole` (held on top of a second role). */
  readonly night?: Pick<NightRoleDef, 'plain' | 'factionRole' | 'successorOf'>;
  /** At most this many players hold the role (a unique Cop: 1); absent = no limit. The setup check warns beyond it. */
  readonly limit?: number;
  /**
   * Modifiers that change every night ability of the role (the forum standard's `macho`, `one-shot`, `3-shot`,
   * `ninja`…; `nightModifiers` in src/engine/night/nar-modifiers.ts). A player's role may also be written with them
   * in front ("macho one-shot doctor").
   */
  readonly modifiers?: readonly string[];
  /** The role's own win, checked beside its faction's; absent = the faction's only. */
  readonly win?: RoleWin;
  /**
   * The holders of the role know each other (Masons, Neighbors): the setup PMs name the others to each, and the
   * host is told to open them a private chat (src/engine/setup/role-groups.ts). @default false
   */
  readonly knowsHolders?: boolean;
}

/** Who takes over a role whose holder is gone (src/engine/game/phase-end.ts). */
export interface RoleSuccessor {
  /** Roles of the holder's faction that may take it over, in order of preference. */
  readonly fromRoles: readonly string[];
  /** `lynched`: only when the day's vote removes the holder; `dies`: any death. */
  readonly when: 'lynched' | 'dies';
  /** Open question (001 "either Leo or Orphan"): which of several candidates. @default 'first-listed' (roster order) */
  readonly pick: 'first-listed' | 'random';
}

/** A status a player can have, and what it stops them doing. */
export interface StatusDef {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  /** The player's votes do not count. */
  readonly blocksVoting?: boolean;
  /** The player cannot use abilities. */
  readonly blocksActions?: boolean;
  /** Ability ids the player still uses under `blocksActions` (004 L22: the hacked black's choice of role at the end of the hacked day). */
  readonly allowsAbilities?: readonly string[];
  /** Votes against the player do not count (000: jailed; 004: vertical of power). */
  readonly voteImmune?: boolean;
  /** Counts as "not living" for the win counts (000: exiled; 003: arrested). */
  readonly removedForWin?: boolean;
  /** The player can never be among the winners (000: exiled). */
  readonly barsWin?: boolean;
  /** Whether the status is announced publicly when it begins. */
  readonly public?: boolean;
  /** Default duration in phases counting the one it begins in; absent = until removed. */
  readonly defaultPhases?: number;
  /** 004 barriers: the status's value is a vote barrier. */
  readonly barrier?: boolean;
  /** What the status means to the night resolver; absent = nothing at night. */
  readonly night?: StatusNightMeaning;
}

/**
 * A status's meaning at night, as data: the night resolvers read these flags,
 * never a status's name, so one status vocabulary serves every ruleset.
 */
export interface StatusNightMeaning {
  /**
   * Out of the game for the night (000 exiled, 003 arrested): acts in nothing,
   * cannot be targeted or killed, and does not count among the living for kill
   * quotas, killer nights, the kill rotation or "while X lives" abilities.
   */
  readonly out?: boolean;
  /** Night actions on the player fail and they cannot be killed (003 abroad: "any actions used on him will fail"). */
  readonly untargetable?: boolean;
  /** Cannot use night abilities, except those whose effect is in `actsWith`. */
  readonly cannotAct?: boolean;
  /**
   * The moves of one of the player's two roles are blocked, by night and by day: `role` (the peaceful one in 004) or
   * `secondRole` (a black's negative one) (004 L22: the role a hacked black did not keep for his second game day).
   */
  readonly blocksRole?: 'role' | 'secondRole';
  /**
   * Why `blocksRole` blocks, for the host's notes: `hack` (004 L22, the hacked black's second game day: the role he
   * kept counts as chosen) or `hero-save` (004 L98: the black Hero and the black he saved, the night after). @default 'hack'
   */
  readonly blockCause?: 'hack' | 'hero-save';
  /** Only these night effects of the role `blocksRole` names are blocked (004 L98: "черные ходы киллеров"); absent: all its moves. */
  readonly blocksEffects?: readonly string[];
  /** Colour checks and comparisons give no information on the holder (004 L132: the Politician's protégé "тоже получает защиту"). */
  readonly hiddenFromChecks?: boolean;
  /**
   * The player named in the status's `with` is told the roles of the holder's visitors that night, even if the holder is
   * killed (004 L132: "политик увидит роли всех, кто заходил к нему ночью, даже если этого игрока убьют").
   */
  readonly visitorRolesToWith?: boolean;
  /** Night ability effects a player who `cannotAct` still uses (003 injured: the BO's `faction-kill`). */
  readonly actsWith?: readonly string[];
  /**
   * What the faction's leader still does under this status, even when it puts him `out`: night effects, and day
   * abilities by id (003: "a BO Leader who is arrested keeps the right to give out orders and the suitcase").
   */
  readonly leaderActsWith?: readonly string[];
  /**
   * The advantages a move in `actsWith` loses while the player carries this status: it resolves without them (003
   * injured, L44: "the nightly killing action from BO members (though, they will loose any advantages they normally
   * have like erasing the body or sniping)"). `unstoppable`: past protections; `unblockable`: past blocks; `unseen`:
   * past trackers and watchers. A game that reaches it reports the open question (the seed describes no sniper).
   */
  readonly losesAdvantages?: readonly KillAdvantage[];
  /**
   * The holder counts as crippled, as the `cripple` mechanic's status does: his peaceful role is lost for good, so
   * nobody inherits, copies or collects it at his death (004 L6: "Покалеченными игроками считаются те, кто в ходе
   * игры лишился мирной роли и цвета - жертвы экзекутора, черного фантома, террориста…"; the Executioner's
   * `role-destroyed`).
   */
  readonly crippled?: boolean;
  /**
   * A status the night resolver itself gives and reads: `poison` (000: dies at
   * the end of the following night unless cured), `injury` (000: the
   * Bodyguard's attacker), `love` (000: the Shadchan's pair), `has-killed`
   * (004: a werewolf has made a kill of his own and checks black from then on),
   * `reddened` (004: the Yakuza's reddening, a black checks red), `blackened` (004 L15: a rumour, the player checks black,
   * above a reddening).
   */
  readonly mechanic?: StatusMechanic;
}

/** An advantage a night move may have over the others, that a status can take from it (`StatusNightMeaning.losesAdvantages`). */
export type KillAdvantage = 'unstoppable' | 'unblockable' | 'unseen';

/** The night resolver's own statuses (see `StatusNightMeaning.mechanic`). */
export type StatusMechanic =
  | 'poison'
  | 'injury'
  | 'love'
  | 'has-killed'
  | 'reddened'
  | 'blackened'
  | 'cripple'
  | 'life-link'
  | 'favourite'
  | 'avenged'
  | 'soul-mark'
  | 'linger'
  | 'copy-role'
  | 'collected-role'
  | 'undead'
  | 'enslaved'
  /** 004 Necromancer's curse (L42): the player becomes undead when he dies (`by` the Necromancer). */
  | 'cursed'
  /** 004 Collector (L41): the dead player's peaceful role is in a Collector's collection (`by` the Collector). */
  | 'in-collection'
  /** 004 (L60): the player got his face back; his face is never cut again. */
  | 'face-recovered'
  /** 004 (L15): the player sent a check for verification (`with` the checked player): no move tonight, the exact colour by morning. */
  | 'verifying-check'
  /** 004 Collector (L41): an Active citizen holds a role the Collector (`by`) yielded; it joins the collection at his death. */
  | 'owes-collection'
  /** 004 (L55): a lone Mafioso and a lone Yakuza paired up (`with` the partner): the resolver's merged pair. */
  | 'new-pair';

export interface TitleDef {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  /** No one may vote against the holder (004's Mayor). */
  readonly voteImmune?: boolean;
  /**
   * No role may choose the holder as a target, by night or by day (004 L159, the Mayor): the night resolver
   * refuses such an action. Read it with `isNightImmune` (src/engine/voting/day-004.ts).
   */
  readonly nightImmune?: boolean;
  /** Night effect kinds that cannot target the holder (004 L161, the Secretary: killers, checks, the face cut). */
  readonly immuneToEffects?: readonly string[];
}

// ---------------------------------------------------------------- voting

/**
 * How a ruleset's votes are written in the thread and counted post by post
 * (src/engine/votes), on top of the forum template's defaults. Every voting
 * system carries it, so which grammar and counting rules a game uses is data,
 * read by `voteRulesOf` (src/engine/count).
 */
export interface ThreadVoting {
  /**
   * Whether players vote in the thread. 000 votes on a form the host reads, so its posts hold no votes.
   * @default true
   */
  readonly votesInThread?: boolean;
  /** The vote grammar, only the fields that differ from the forum template's (004: green-font votes, the first vote stands). */
  readonly grammar?: Partial<VoteGrammar>;
  /** The post-by-post count's settings that differ from the forum template's (a plurality threshold, a hammer that ends the day…). */
  readonly count?: Partial<Omit<VoteRules, 'grammar' | 'weights'>>;
}

/** 001/003: a lynch needs a majority of the living (voting) players. */
export interface MajorityVoting extends ThreadVoting {
  readonly kind: 'majority';
  /** The lynch ballot's name in scripts. @default 'lynch' */
  readonly ballot: string;
  /**
   * Who the majority is counted from: `living` (001: "majority of the players
   * alive") or `eligible` (players able to vote that day).
   * @default 'living'
   */
  readonly majorityOf: 'living' | 'eligible';
  /** 001's lock: a vote beyond the majority locks the lynch; later unvotes do not count. */
  readonly lock: boolean;
  /** 001 open question: does a new vote without an unvote replace the old one? @default true */
  readonly newVoteReplaces: boolean;
  /** Without a majority at the deadline: nobody dies, or the plurality leader (ties: nobody). @default 'no-lynch' */
  readonly withoutMajority: 'no-lynch' | 'plurality';
  /**
   * Count the day with the post-by-post vote tally of `src/engine/votes`
   * (its hammer, lock and vote grammar), each scripted vote read as a bold
   * "Vote: name" post. Used by 001; statuses that block voting are applied
   * by the game model's own count instead, so 003 leaves this off.
   * @default false
   */
  readonly postTally?: boolean;
}

/** 000: family court. */
export interface FamilyCourtVoting extends ThreadVoting {
  readonly kind: 'family-court';
  /** How many families go to court ("three, subject to change"). @default 3 */
  readonly courtSize: number;
  /** Roles with an extra family and individual vote, unbound by the voting rules (Councilor). */
  readonly extraVoteRoles: readonly string[];
  /** Roles with a negative family and individual vote, unbound (Pacifist). */
  readonly negativeVoteRoles: readonly string[];
  /** Ability id that jails a player and a family for the day (Sheriff). */
  readonly jailAbility: string;
  /** Ability id that defends a player in court (Lawyer). */
  readonly defendAbility: string;
  /** Roles whose court death kills the player they voted for (Armed Robber). */
  readonly revengeRoles: readonly string[];
  /** Open question: are improper votes still tallied? @default false */
  readonly improperVotesTallied: boolean;
  /** Strikes (improper or missing votes) that exile. @default 2 */
  readonly strikesToExile: number;
  /** Open question: do families with no votes go to court when fewer families were voted than the court holds? @default false */
  readonly unvotedFamiliesGoToCourt: boolean;
  /** Open question: the Lawyer defends one of several tied players: `others-die` (the other tied still die) or `second-most` (the next lower count dies). @default 'others-die' */
  readonly defendedInTie: 'others-die' | 'second-most';
  /** Open question: do votes against an injured (absent) player count? @default false */
  readonly votesAgainstAbsentCount: boolean;
  /**
   * Open question: a family in court whose living members (two or more) all
   * have the same count, and nobody has a vote against them (0, or fewer with
   * negative votes): `all-die` ("all tied players are killed by the court",
   * read literally: the whole family) or `nobody` (no one has "the most
   * votes"). The member with the most votes dies even at 0 when the others
   * have fewer, and a family's lone living member always has the most votes
   * and dies. @default 'nobody'
   */
  readonly courtTieWithoutVotes?: 'all-die' | 'nobody';
}

/** 004: weighted plurality with corrections, run-offs, witch hunt and the mayor election. */
export interface WeightedPluralityVoting extends ThreadVoting {
  readonly kind: 'weighted-plurality';
  /** Base weight of a vote per role (Judge 6, Mason 0); absent = 1. */
  readonly roleWeights: Readonly<Record<string, number>>;
  /** The black cap max(R−1, B) on black votes into one player, from the first red lynch. */
  readonly blackCap: boolean;
  /** No red vote above the black cap. */
  readonly redCap: boolean;
  /** Grey vote capped like red; grey+black into one player capped at max(R, B). */
  readonly greyCap: boolean;
  /** Everyone else voted one player: he dies whatever his weight or barrier. */
  readonly everyoneOverride: boolean;
  /** All living reds voted one black or grey player: he dies whatever weights or barriers. */
  readonly allRedsOverride: boolean;
  /** Open question (L151 vs L152): do run-off targets vote in the run-off? @default false */
  readonly runoffTargetsVote: boolean;
  /** More than this many negatives (blacks) alive: a strict run-off tie between two kills both; otherwise nobody dies. @default 2 */
  readonly doubleDeathAboveNegatives: number;
  /** Open question: a 3+-way strict run-off tie with few negatives: `first-two` die or `nobody`. @default 'first-two' */
  readonly threeWayFewNegatives: 'first-two' | 'nobody';
  /** Day of the mayor election (no lynch that day); 0 = no election. @default 1 */
  readonly electionDay: number;
  /** The title the election gives. @default 'mayor' */
  readonly electionTitle: string;
  /** The title that loses its post when any red is lynched. */
  readonly titleLostOnRedLynch: string;
  /** Titles that go with it (004: the Secretary is removed when the Mayor loses office). */
  readonly titlesLostWith: readonly string[];
  /** Witch hunt: alive at or below this number means no hunt. @default 5 */
  readonly witchHuntMinAlive: number;
  /** A vote against someone who cannot be voted against becomes a vote against the voter. @default true */
  readonly invalidTargetBecomesAutoVote: boolean;
  /** 004's day mechanics beyond the count (digest §2.2–2.8); absent = none of them. */
  readonly day?: PluralityDayRules;
}

/** A vote weight that moves with the day's lynches (004 L33: the Judge's 6, −3/−2 per red lynch, +1 per black one). */
export interface WeightShift {
  /** The role whose weight moves. */
  readonly role: string;
  /** Weight at the start of the game. */
  readonly start: number;
  /** Never above this. */
  readonly max: number;
  /** Never below this (the seed does not say; Gavel keeps it at 0). */
  readonly min: number;
  /** Per lynched red the holder voted against. */
  readonly redVotedAgainst: number;
  /** Per lynched red the holder did not vote against. */
  readonly redOther: number;
  /** Per lynched black the holder voted against. */
  readonly blackVotedAgainst: number;
  /** While the weight is above `above`, a barrier lowers the holder's vote only to `floor` (L33: above 3, to 2). */
  readonly barrierFloor?: { readonly above: number; readonly floor: number };
}

/** A barrier a role carries on the vote (004: Hero 1, Priest 3 minus one per lynched red). */
export interface RoleBarrier {
  readonly role: string;
  readonly start: number;
  /** Added per red lynched so far in the game, whoever voted (L30: −1). */
  readonly perRedLynch: number;
}

/**
 * 004's day rulings as data (digest §2, L18–L47 day parts, L150–L164). The
 * ability ids name which recorded day actions the tally reads; each mechanic
 * is off when its field is absent.
 */
export interface PluralityDayRules {
  /** L151 "На линчеваниях нельзя отказаться от голоса": a lynch abstention counts as an auto-vote. */
  readonly abstainBecomesAutoVote: boolean;
  /** Roles no one may vote against (L127 Mason, L125 Agent): a vote against them is an auto-vote. */
  readonly immuneRoles: readonly string[];
  /** Day abilities whose target no one may vote against today (L28: the Lawyer's legal protection). */
  readonly protectAbilities: readonly string[];
  /** L160: while a holder of `whileTitle` is in office and nobody carries `status`, the holder of `title` counts as under it. */
  readonly verticalDefault?: { readonly status: string; readonly title: string; readonly whileTitle: string };
  /**
   * L161: the holder of `byTitle` fires the holder of `title` by voting against her; unless she is lynched, she
   * loses the title at the vote's result (never while she is under the vertical: such a vote is an auto-vote).
   */
  readonly fireByVote?: { readonly byTitle: string; readonly title: string };
  /** L152 "они не смогут голосовать": second-round election candidates do not vote. */
  readonly electionRunoffCandidatesVote: boolean;
  /** The status whose value is the holder's base weight (written by the tally when a `WeightShift` moves). */
  readonly weightStatus?: string;
  readonly weightShifts: readonly WeightShift[];
  /** L33: a role whose vote target would go to a run-off dies alone instead (and, L163, goes first in a hunt tie). */
  readonly tieSettlerRoles: readonly string[];
  readonly roleBarriers: readonly RoleBarrier[];
  /** Statuses that hold the holder's vote at a ceiling (L34 drugged: 1). */
  readonly voteCaps: Readonly<Record<string, number>>;
  /** L28/L95: the roles' votes against a holder of `status` count `bonus` more, and the holder's barriers do not work against them. */
  readonly bonusAgainst: readonly {
    readonly status: string;
    readonly roles: readonly string[];
    readonly bonus: number;
    /** Only a voter of these colours (L95: the black Lawyer's +1 against a player he checked red too); absent: any. */
    readonly colors?: readonly string[];
  }[];
  /** L30 Priest: after the last vote, all votes against his vote target count 0; if he would have died, a re-vote follows. */
  readonly forgiveAbility?: string;
  /** L35 Hero: cancels the lynch of a red (black: dies with him; grey: the move is spent). */
  readonly saveAbility?: string;
  /** Status the Hero's save leaves on the saved player (L157: a lone lynch of him later the same game brings an extra vote). */
  readonly savedStatus?: string;
  /** L32 Liar: up to two players' votes count 0 (a black holder: at most 1) and their barriers are off; himself: a double barrier. */
  readonly compromiseAbility?: string;
  /** L31 Witness: names 1–4 players; each voting with him +1, and he +1 per such player. */
  readonly confirmAbility?: string;
  /** L23 Terrorist's detonator: he and his target are the only dead of the vote (a red's or black's target is crippled, L23/L92). */
  readonly detonateAbility?: string;
  /** L23: the roles whose lynch blocks everyone who voted against them for a game day. */
  readonly blastRoles: readonly string[];
  /** The status the blast gives the voters (for `blastPhases` phases) and the crippling status of the detonator's target. */
  readonly blastStatus?: string;
  readonly blastPhases: number;
  readonly crippleStatus?: string;
  /** L156/L157: a lone lynch of a player of these colours or with these statuses brings another vote the same day. */
  readonly extraVoteAfterLone: { readonly colors: readonly string[]; readonly statuses: readonly string[] };
  /** L164: the hunt needs approvals from this share of the active main players (votes on the `hunt-approval` ballot). */
  readonly huntApprovalShare?: number;
  /** L136: the status of a player inactive all day: his vote counts against himself (a wall-less poster carries `blocksVoting` instead). */
  readonly forcedSelfVoteStatus?: string;
  /**
   * Open question: who is "active" in the R and B of the corrections (L10–L12): every living player (`alive`),
   * or only those admitted to today's vote (`can-vote`). @default 'alive'
   */
  readonly activeCount: 'alive' | 'can-vote';
  /** 004's further role rulings on the vote (L13, L18, L30, L34, L35, L40, L42, L97, L129, L132); absent = none of them. */
  readonly roleDay?: PluralityRoleDayRules;
  /** 004's day clock (L31, L113, L150, L156, L164): deadlines the tally reads when it is given the time. */
  readonly clock?: DayClockRules;
  /** L164: how a player approves the witch hunt in the thread; absent = approvals are only the host's to record. */
  readonly huntApproval?: HuntApprovalGrammar;
}

/**
 * 004 L164 "Одобрение должны дать … зеленым шрифтом": an approval of the witch hunt is a run of the player's own
 * emphasised text (bold, or green font where green names are votes), not quoted, not in a spoiler, not struck,
 * that reads as one of `phrases` (compared ignoring case, "ё" as "е", punctuation and extra spaces).
 */
export interface HuntApprovalGrammar {
  readonly phrases: readonly string[];
}

/** A count kept in a status's value that moves with the day's lynches (004 L132: the Politician's support limit). */
export interface LynchCounter {
  readonly status: string;
  readonly start: number;
  readonly min: number;
  /** Per lynched red the holder voted against, per lynched red he did not, per lynched black he voted against, per other lynched black. */
  readonly redVotedAgainst: number;
  readonly redOther: number;
  readonly blackVotedAgainst: number;
  /** Open question (L132): does a black lynch raise the limit only when the holder voted against him? @default 1 (it raises it anyway) */
  readonly blackOther: number;
}

/** 004 L132: the Politician's supporters, named before the vote, and his tie with the Mayor. */
export interface SupportRules {
  readonly roles: readonly string[];
  /** The day ability naming the supporters (at most the limit). */
  readonly ability: string;
  readonly limit: LynchCounter;
  /** Each supporter voting with him: this much more. */
  readonly supporterBonus: number;
  /** He: +1 per this many supporters voting with him (2: "за каждую пару"). */
  readonly perSupporters: number;
  /** While a holder of this title is in office and does not vote against him, every other vote against him counts 0; the holder voting with him gets his bonus. */
  readonly patronTitle: string;
  /** Open question: the patron's bonus is the holder's own support bonus (`own`) or all his support gives (`all`). @default 'own' */
  readonly patronBonus: 'own' | 'all';
  /** Open question (L132 "нулевой голосовой барьер"): each vote against him counts at most 1 with nothing taken off (`cap-each`), or no barrier (`none`). @default 'cap-each' */
  readonly zeroBarrier: 'cap-each' | 'none';
}

/** 004's role rulings on the vote beyond `PluralityDayRules`' own; each is off when absent. */
export interface PluralityRoleDayRules {
  readonly support?: SupportRules;
  /** L132 shadow vertical: these abilities' targets cannot be voted against while a holder of `title` is in office. */
  readonly protectWhileTitle?: { readonly abilities: readonly string[]; readonly title: string };
  /** L13: protecting abilities in priority order; a protection that would close a ring among their users is dropped (one stays open). */
  readonly mutualImmunityOrder: readonly string[];
  /** L97: a black holder of the compromise ability adds one hidden black vote per compromised other player; this ability names where. */
  readonly hiddenVoteAbility?: string;
  /**
   * L97 (open question): the vote result post's totals where the black Liar added hidden votes. "Докинутые голоса не
   * указываются в спойлере голосования, но учитываются ведущим": `left-out`, each total the post shows is the sum of the
   * votes it lists (the outcome still follows the real totals); `counted`, the totals the host decided by.
   * @default 'left-out'
   */
  readonly hiddenVotesInTotals?: 'left-out' | 'counted';
  /** L34: a bank of votes earned by doses (`earnPerDose[dose - 1]`, none for himself), bought as weight on his vote in steps of `step`. */
  readonly voteBank?: {
    readonly roles: readonly string[];
    readonly dosedStatus: string;
    readonly bankStatus: string;
    readonly earnPerDose: readonly number[];
    readonly step: number;
    /** Open question (L34 against L13): where the target has his own barrier too, the dealer's votes face their sum (`true`) or the larger (`false`). @default true */
    readonly sumWithOwnBarrier: boolean;
    /**
     * Open question (L34 "покупает нужное число голосов в нужный момент. Перед голосованием … указывает ведущему сколько
     * голосов желает закупить"): the votes bought for the day's first ballot, in the run-off after it. `kept`: they were
     * paid for the vote, and count again in its run-off (never paid twice); `spent`: they went with the first ballot, and
     * the run-off has his own vote only. Either way the bank pays for them once. Absent: the run-off buys anew. @default 'kept'
     */
    readonly runoffPurchase?: 'kept' | 'spent';
    /** L34: the dealer's day move telling the host the votes he buys, the amount as its words; the Pimp's orders reach it (L27). */
    readonly buyAbility?: string;
  };
  /** L18: a living holder gets +1 per active player with `status`; `cancelAbility` after the votes takes it off. */
  readonly crowdBonus?: { readonly roles: readonly string[]; readonly status: string; readonly cancelAbility?: string };
  /** L18: dead players with these statuses still vote (the phantom effect, a possessing Phantom). */
  readonly deadVoterStatuses: readonly string[];
  /** L18: a player with this status (`with` the host) keeps his vote only when voting with the host. */
  readonly hostedVoteStatus?: string;
  /** L42: +1 per dead player with `status` given by the holder whose peaceful role is not in `usableRoles`. */
  readonly corpseBonus?: { readonly roles: readonly string[]; readonly status: string; readonly usableRoles: readonly string[] };
  /** L129: these roles do not vote; their vote counts for the master (`masterStatus` `with`) who did not vote, or always after `replaceAbility`. */
  readonly proxy?: { readonly roles: readonly string[]; readonly masterStatus: string; readonly replaceAbility?: string };
  /** L35: a red holder who saved a red (the tally leaves `status` on him) and is lynched takes one of his voters along (`ability`). */
  readonly takeVoter?: { readonly roles: readonly string[]; readonly ability: string; readonly status: string };
  /**
   * L98: a black holder of the save ability ("будет одинаково спасать как красных, так и черных игроков") cancels the
   * lynch of a black too, and learns the saved player's team by PM after the vote. A red he saved gives him
   * `reddenedStatus` (`with` the saved: he checks red while that player lives); a holder who checks red until his first
   * kill (a role with the night passive `innocent-until-kill`, a werewolf) who saves another black gets
   * `bloodiedStatus` (he checks black for the rest of the game); he and the black he saved get `noKillStatus` for
   * `noKillPhases` phases (their negative role's moves are blocked the night after: "не могут использовать черные ходы
   * киллеров в ближайшую ночь"). Absent: a black Hero saves as a red one.
   */
  readonly blackSave?: {
    readonly reddenedStatus: string;
    readonly bloodiedStatus: string;
    readonly noKillStatus: string;
    readonly noKillPhases: number;
  };
  /**
   * L73: the grey (Faceless) holder of the save ability "может спасти любого игрока": the lynch of a player of any
   * colour is cancelled (he is told the lynched player's team before, by `greyToldLynchedTeam`).
   * Absent: a grey Hero saves as a red one.
   */
  readonly greySavesAny?: boolean;
  /**
   * L73: "ведущий назовет команду линчуемого в тот момент, когда спросит безликого про ход героя": when the vote lynches,
   * a living grey holder of the save ability with the move unspent is told by PM the team of each player the vote
   * lynches (before any save), whether he saves or not (`heroAskedTeam`). Absent: he is told nothing.
   */
  readonly greyToldLynchedTeam?: boolean;
  /**
   * L73: "Если линчуется сам, имеет право на героический суицид - покинет игру с ничьей, но потеряет все набранные
   * жертвы, при этом не важно спасал безликий кого-то через роль героя ранее или нет": a grey holder of the save ability
   * who is lynched and used `ability` (whether he saved before or not) gets `status`; the Faceless's result then reads a
   * draw with no victims (`facelessTallies`). Absent: no such move.
   */
  readonly greySuicide?: { readonly roles: readonly string[]; readonly ability: string; readonly status: string };
  /** L35, L113: death moves at the vote; their victims, and their users, cannot be saved by the Hero. */
  readonly deathMoveAbilities: readonly string[];
  /** L30: the Priest lynched in the re-vote lets the player he saved die instead (this ability). */
  readonly dieInsteadAbility?: string;
  /**
   * L40, L47: a borrowed Judge's weight or Priest's barrier is `factor` of the base. A copy: status `statuses`, `with`
   * the original, or a day move of `moves` made the day before (`perGame` players a game, none twice; void on a player
   * with a status of `unusable`); the Wizard's role declared today as `<role>/<declare>` (absent from the game).
   */
  readonly borrowedWeights?: {
    readonly statuses: readonly string[];
    readonly factor: number;
    readonly moves?: readonly string[];
    readonly perGame?: number;
    readonly unusable?: readonly string[];
    readonly declare?: string;
    /** The roles `factor` weakens (L40 "Если скопировал судью или священника"); absent: every role. A copied Hero's barrier stays whole. */
    readonly factorRoles?: readonly string[];
    /**
     * A copied role's barrier that falls with the game's red lynches (L30, the Priest's): counted `from-scratch` (the
     * copy's barrier starts whole, L40 "Если скопировал роль, играет за нее с нуля"), or with the lynches `counted` as
     * the original's are. An open question, reported when a copy's barrier meets a red lynch; absent: from scratch.
     */
    readonly barrierLynches?: 'from-scratch' | 'counted';
  };
  /** L29, L36, L96: a lynched holder's death execution after the last vote: the player he names counts as lynched with him. */
  readonly executions?: readonly LynchExecution[];
  /** L95: a holder of `colors` may call off his vote bonus (`bonusAgainst`) by this ability after the last vote (at the Liar's move). */
  readonly bonusWaiver?: { readonly ability: string; readonly colors: readonly string[] };
  /**
   * L125: holders of `roles` leave the game after the result of the `afterVotes`-th lynch vote of the game (the election
   * not counted), with `status`, unless they hold one of the `keptBy` titles (then when they no longer hold it).
   */
  readonly departure?: {
    readonly roles: readonly string[];
    readonly afterVotes: number;
    readonly status: string;
    readonly keptBy: readonly string[];
  };
  /**
   * L125.7, L125.9, L125.10: the side revealed when a `departure` holder leaves: the side he told the host
   * (`chooseAbility`, its words a colour id or the colour's word) or the side of the player he named (`nameAbility`),
   * his latest such move of the game.
   */
  readonly sideReport?: {
    readonly chooseAbility: string;
    readonly nameAbility: string;
    /**
     * The words a player writes for a side (`chooseAbility`'s text), beyond a colour id, the colour's word and a
     * faction's id or name: `colors` maps a colour id to its word forms (inflections, plurals, faction names: "красных",
     * "мафию", "the mafia"), `ignored` lists the words said around them ("за", "моя команда", "I am"). Every word of the
     * text must be one of these, all naming one colour; anything else (a "не") names no side. Compared lower-case, "ё"
     * as "е", punctuation dropped.
     */
    readonly words?: SideWords;
  };
  /**
   * A death execution (`executions`) by a holder killed in the witch hunt (the seed is silent): `allowed` (the hunt is
   * the day's lynch, L162 "залинчевать двух выбранных игроков") or `none`. Absent = no executions in the hunt.
   */
  readonly huntExecutions?: 'allowed' | 'none';
  /** L70: a voter with one of `statuses` whose colour is one of `colors` (the possessing Faceless) votes with weight 0. */
  readonly zeroVoteWhile?: { readonly statuses: readonly string[]; readonly colors: readonly string[] };
}

/** The word forms of the sides (`PluralityRoleDayRules.sideReport.words`). */
export interface SideWords {
  readonly colors: Readonly<Record<string, readonly string[]>>;
  readonly ignored: readonly string[];
}

/**
 * 004's death execution of a lynched player (L29 Inquisitor, L36 Fanatic, L96 black Inquisitor): the first entry
 * whose `roles` and `colors` fit the lynched holder says whether he has the right and whom he may name.
 */
export interface LynchExecution {
  readonly roles: readonly string[];
  /** The day ability naming the victim (sent after the last vote). */
  readonly ability: string;
  /** Only a holder of these colours (L96: a black Inquisitor); absent: any. */
  readonly colors?: readonly string[];
  /** The right: he killed (a death `by` him) a player of these colours, or (`ownTeam`) of his own faction (L36, L96). */
  readonly killed?: { readonly colors?: readonly string[]; readonly ownTeam?: boolean };
  /** No right while he carries this status (L36: the favourite avenged, his kill limit spent). */
  readonly unlessStatus?: string;
  /**
   * The right and its only victim (L29 "проверил чек и получил по итогу, что он действительно черный … убить данного
   * игрока"): a living player of `colors` on whom he used `ability` (the check's verification) on an earlier day.
   */
  readonly verified?: { readonly ability: string; readonly colors: readonly string[] };
}

/** 004's day clock (Moscow time): when the vote opens and the deadlines that follow. */
export interface DayClockRules {
  /** IANA zone of the times. */
  readonly timeZone: string;
  /** `HH:MM`: the vote opens (L150: 21:00). */
  readonly voteOpens: string;
  /** L150: absent voters get a forced auto-vote this long after the vote opens (60: at 22:00). */
  readonly forcedVoteAfterMinutes: number;
  /** L156: the extra vote lasts at most this long. */
  readonly extraVoteMinutes: number;
  /** L164: approvals for a hunt are collected this long after the vote opens. */
  readonly huntApprovalMinutes: number;
  /** L31, L113, L129, L160: day moves that must reach the host before the vote opens (late: a skipped move). */
  readonly beforeVoteAbilities: readonly string[];
  /** L150: how the host's post that opens the vote reads; absent = the vote opens at `voteOpens` (or the host's set time). */
  readonly voteOpening?: VoteOpeningGrammar;
}

/**
 * L150 "Если голос дан до объявления о начале выборов или голосования, он не засчитывается": a host's post opens the
 * day's vote when one of its own lines reads as one of `phrases` (compared ignoring case, "ё" as "е", punctuation and
 * extra spaces); votes posted before it are refused.
 */
export interface VoteOpeningGrammar {
  readonly phrases: readonly string[];
}

export type VotingSystem = MajorityVoting | FamilyCourtVoting | WeightedPluralityVoting;

// ---------------------------------------------------------------- win

/** 000: nothing is decided until after a given day; then mafia or families win. */
export interface FamilyWin {
  readonly kind: 'families-after-day';
  /** @default 5 */
  readonly afterDay: number;
  /** Mafia wins with at least this share of its members alive. @default 0.5 */
  readonly mafiaShare: number;
}

/** 001: town wins when the mafia is gone, mafia wins by the 50% rule. */
export interface ParityWin {
  readonly kind: 'parity';
  /**
   * 001 open question: the 50% rule fires at parity (`at-parity`: the town can't
   * reach a majority) or only when the mafia outnumbers the town (`outnumber`).
   * @default 'at-parity'
   */
  readonly mafiaWinsWhen: 'at-parity' | 'outnumber';
  /**
   * Factions that kill alone (the Serial Killer's): the town wins only when they are gone too, the mafia's
   * parity does not end the game while one lives, and one wins alone when it is left with at most one other
   * player. @default []
   */
  readonly soloKillers?: readonly string[];
  /**
   * Third factions that win by parity of their own, as the mafia does (the Cult): each is one more scum side the
   * town must remove, and one that reaches parity with everyone else wins alone (src/engine/win/own-parity.ts).
   * While another scum side lives, a side needs more than half of the living. @default []
   */
  readonly ownParity?: readonly string[];
  /**
   * A side with parity of its own (or the mafia beside one) at parity while another scum side lives: it needs more
   * than half of the living (`majority`: the others could still be lynched or killed) or wins at parity
   * (`parity`). @default 'majority'
   */
  readonly ownParityBesideScum?: 'majority' | 'parity';
  /**
   * A player whose role wins by being lynched (Jester) is lynched: he wins, and the game goes on
   * (`game-continues`: his win is listed when the game ends) or ends with him the only winner (`game-ends`).
   * @default 'game-continues'
   */
  readonly lynchedWinEndsGame?: 'game-continues' | 'game-ends';
}

/** 003: the game ends only when one side's win has become impossible. */
export interface ImpossibleWin {
  readonly kind: 'until-impossible';
  /** Ability tag of a role that can still arrest the rest (game goes on while one is alive and free). */
  readonly arrestTag: string;
  /** Ability tag of a role that can stop the night kill. */
  readonly stopKillTag: string;
  /** The night case: town one ahead at night with no arrester and no kill-stopper = mafia wins. @default true */
  readonly nightKillCase: boolean;
}

/** 004: red / black / grey results. */
export interface ColorWin {
  readonly kind: 'colors';
  /** The Faceless wins on surviving this many departures. @default 9 */
  readonly greySurvivalDepartures: number;
  /** The title whose loss opens the witch hunt (reds = blacks can go on while a hunt is possible). */
  readonly huntNeedsTitleLost: string;
  /** Alive at or below which no hunt is allowed. @default 5 */
  readonly huntMinAlive: number;
}

export type WinRule = FamilyWin | ParityWin | ImpossibleWin | ColorWin;

// ---------------------------------------------------------------- announcements

export interface AnnouncementRules {
  /** Which statuses are announced when they begin (besides deaths). */
  readonly publicStatuses: readonly string[];
  /**
   * Statuses written beside a dead player's roles when his negative role is revealed (004 L48: "Если преемник умирает на
   * голосовании, его статус будет обозначен рядом с ролью мафии"); absent = none.
   */
  readonly revealStatuses?: readonly string[];
  /** What the public sees of the dead: `role`, `faction`, `role-and-faction`, or `nothing`. */
  readonly revealOnDeath: 'role' | 'faction' | 'role-and-faction' | 'nothing';
  /**
   * What the public sees of a player who died at night, when it differs from
   * `revealOnDeath` (004 L134: only the peaceful role, `peaceful-role`, which is the
   * player's first role; the team and a black's negative role stay hidden).
   * @default revealOnDeath
   */
  readonly revealOnNightDeath?: 'role' | 'peaceful-role' | 'faction' | 'role-and-faction' | 'nothing';
  /** Show wills of the dead (003). */
  readonly showWills: boolean;
  /**
   * 004 L166–L170: players may hand the host night notes, posted anonymously under the next morning's results (a dead
   * player writes none; the host may refuse one). Absent = no night notes.
   */
  readonly nightNotes?: boolean;
  /** Vote results: `totals` only (000), or who voted for whom (`votes`). */
  readonly voteResults: 'totals' | 'votes';
  /** Roles told a share of individual votes privately (000's Court Secretary) and the share. */
  readonly voteLeakRoles: readonly { readonly role: string; readonly share: number }[];
  /**
   * Roles told the role of every player who dies (000's Witness). Deaths of a
   * night resolved by the night rules are left to them.
   */
  readonly deathRoleRoles: readonly string[];
  /**
   * Night results made public after a night resolved by the night rules (004:
   * the Doctor's, Blocker's and Commissar's "попал / не попал / чек прошел").
   */
  readonly publicNightResults: readonly PublicNightResult[];
  /** Editable templates, `{placeholder}` style (docs/rulesets.md lists the placeholders), in the ruleset's post language. */
  readonly templates: AnnouncementTemplates;
  /**
   * The language a game's posts are written in unless the host picks another
   * (004: Russian). `templates` are in this language.
   * @default 'en'
   */
  readonly postLanguage?: PostLanguage;
  /** The templates in the other languages (`{ ru: {…} }`); a language without its own uses Gavel's defaults for it. */
  readonly templatesIn?: Readonly<Partial<Record<PostLanguage, AnnouncementTemplates>>>;
}

/**
 * One public night result: for each holder of `role`, `hit` or `miss` after
 * `label`. What counts as a hit: `protect`, the protected player survived an
 * attack; `block`, the target's action was blocked; `check`, the check
 * result reached the checker.
 */
export interface PublicNightResult {
  readonly role: string;
  readonly ability: string;
  readonly kind: 'protect' | 'block' | 'check';
  readonly label: string;
  readonly hit: string;
  readonly miss: string;
  /** The label and words in other languages (`{ ru: { label, hit, miss } }`). */
  readonly words?: Readonly<Partial<Record<PostLanguage, PublicNightResultWords>>>;
}

/** A public night result's label and words in one language. */
export interface PublicNightResultWords {
  readonly label: string;
  readonly hit: string;
  readonly miss: string;
}

export interface AnnouncementTemplates {
  readonly dayStart: string;
  readonly death: string;
  readonly status: string;
  /** A public status ends (000: cured of poison). @default '{name} is no longer {status}.' */
  readonly statusEnd?: string;
  readonly voteResult: string;
  readonly winner: string;
}

// ---------------------------------------------------------------- the ruleset

/** An open question of the seed rules, the setting that answers it and its default. */
export interface OpenQuestion {
  /** Path of the setting, e.g. `voting.defendedInTie`. */
  readonly setting: string;
  readonly question: string;
}

export interface Ruleset {
  readonly id: string;
  readonly name: string;
  /** The name in other languages (`{ ru: '…' }`). */
  readonly names?: LocalNames;
  /** Where the rules come from (a seed, a thread). */
  readonly source: string;
  /** The game starts with a day or a night. */
  readonly firstPhase: 'day' | 'night';
  readonly factions: readonly FactionDef[];
  /** 000's families; empty elsewhere. */
  readonly families: readonly string[];
  readonly roles: readonly RulesetRole[];
  /** Statuses besides alive/dead. */
  readonly statuses: readonly StatusDef[];
  readonly titles: readonly TitleDef[];
  readonly voting: VotingSystem;
  readonly win: WinRule;
  readonly announcements: AnnouncementRules;
  readonly openQuestions: readonly OpenQuestion[];
  /**
   * How nights are resolved (resolver, step order, kill counts, the night's
   * open questions). With the night parts of the roles' abilities it gives the
   * night rules (`nightRulesOf`). Without it, the host states each night.
   */
  readonly night?: NightSection;
  /** What the setup check holds a game's roster to (000: family sizes, player levels, Mafia second roles); absent = nothing. */
  readonly setup?: SetupRules;
  /** What the game applies when a phase ends (003 arrests, wills, lovers, the suitcase); absent = nothing. */
  readonly phaseEnd?: PhaseEndRules;
  /** Day abilities that change the vote (003): `accompany` takes one vote off its target, `hideVotes` keeps the day's votes out of the result post. */
  readonly dayAbilityTags?: { readonly accompany?: string; readonly hideVotes?: string };
  /**
   * A player's role may be written with the standard catalogue's modifiers in front ("macho one-shot doctor";
   * `nightModifiers` in src/engine/night/nar-modifiers.ts). The forum standard's rulesets take them; the seeds
   * describe no modifiers, so their games refuse such a role. @default false
   */
  readonly roleModifiers?: boolean;
  /**
   * The other parts' rule sections this game uses, by name: the breach rules
   * (`breachRulesPresets` of src/engine/breaches) and the vote grammar
   * (`voteRules`, informational). `rulesetSections` resolves them.
   */
  readonly references?: {
    readonly voteRules?: string;
    readonly breachRules?: BreachPresetId;
    /**
     * Rulesets saved before the `night` section named their night rules here
     * (a preset id). Read only for a ruleset without a night section: that
     * preset's night rules are used, as they were.
     */
    readonly nightRules?: string;
  };
}

/** A note that a game reached a rule the seed leaves open; the setting decided it. */
export interface OpenQuestionHit {
  readonly setting: string;
  readonly chosen: string;
  readonly detail: string;
}
