/**
 * Night rules as data: which resolver, the order of steps, the kill counts per
 * faction, and a setting (with a documented default) for every question the
 * seed rules leave open (shared/docs/seed-ambiguities.md). They are a
 * ruleset's `night` section; `nightRulesOf` adds the ruleset's roles, each
 * with its night part, to give the rules one night is resolved by.
 */
import type { BorrowingRules } from './roles-004-copies';
import type { BlackFormatRules } from './roles-004-extended';
import type { FactionDef, Ruleset } from '../rules/types';
import { nightRoleOf, type NightRoleDef } from './roles';

/** How many kills a faction attempts per night. */
export type FactionKillCount =
  /** 000: living players divided by `divisor`, rounded up. */
  | { readonly kind: 'living-over'; readonly divisor: number }
  /** A fixed number; with `reserve`, kills that did not happen (or killed one of the faction's allies) carry over (004). */
  | {
      readonly kind: 'fixed';
      readonly count: number;
      readonly reserve?: boolean;
      readonly maxPerMember?: number;
      /** A partner with no shot of his own insures a stopped shot unless he declines (004 L14: on by default). */
      readonly insuredByDefault?: boolean;
      /**
       * With at least this many living members and a single shot, a member who does not shoot may insure the
       * other killer side's shot (004 L48: "Если вся троица жива и у мафии есть только один выстрел в ночь
       * маньяка, то один из тройки может обеспечить страховку для маньяка").
       */
      readonly insureOtherSideFrom?: number;
      /**
       * With at least this many living members, a shot insures by default only through the partner it names
       * (`NightAction.insuredBy`; 004 L48: "При наличии сына босса, когда совершается ход киллера, требуется
       * указать одного конкретного игрока, который обеспечит страховку стрелку").
       */
      readonly namedInsurerFrom?: number;
    };

/**
 * The open questions of the seeds. Each has a default; a resolution lists
 * every setting the night actually hit, so the host can see what was assumed.
 */
export interface NightSettings {
  /**
   * 000: a Thief steals from a Mafia Member who has no second role.
   * @default 'becomes-townsperson' (nothing to take, as with a Townsperson)
   */
  readonly thiefOnPlainMafiaMember: 'becomes-townsperson' | 'keeps-thief';
  /**
   * 000: which Mafia Member a Bodyguard injures when the Mafia attacks the ward.
   * @default 'order-sender' (the member who sent the Mafia's decision)
   */
  readonly bodyguardInjures: 'order-sender' | 'every-member';
  /**
   * 000: whether the Bodyguard's automatic self-protection also injures the attacker.
   * @default 'yes'
   */
  readonly bodyguardAutoInjures: 'yes' | 'no';
  /**
   * 000: a Bumbling Bureaucrat's target does not act tonight: does "the next action" wait for a later night?
   * @default 'no' (the redirection lapses; the game model may carry it if set to 'yes')
   */
  readonly bureaucratCarriesOver: 'no' | 'yes';
  /**
   * 000: which Mafia Member an Armed Robber killed by the Mafia takes with him.
   * @default 'order-sender'
   */
  readonly robberRevengeOnMafia: 'order-sender' | 'random-member';
  /**
   * 000: does a limited action cancelled by a Boss (or any block) use up a charge?
   * @default 'no' (like an action at the wrong time, it does not count against the player)
   */
  readonly blockedUsesCharge: 'no' | 'yes';
  /**
   * 000: a player whose role a Thief stole tonight had sent an action with it: does it still resolve?
   * @default 'no' (the Thief acts at step 3; the role is gone by the victim's step)
   */
  readonly stolenRoleActsSameNight: 'no' | 'yes';
  /**
   * 000: the Detective (step 10) is not described: what an inquiry returns.
   * @default 'role'
   */
  readonly detectiveLearns: 'role' | 'faction';
  /**
   * 001 RAR: may an effect already moved by one Bus Driver be moved again by another?
   * @default 'yes' (each swap applies once per effect; rule 4 stops loops)
   */
  readonly chainedSwaps: 'yes' | 'no';
  /**
   * 004: a side holds more shots than its living members can fire at once (a lone Mafioso with a
   * reserve shot on his own night, L2 "Одна мафия не может сделать два выстрела за раз"): does the
   * surplus stay in reserve, or pass to the other side as an overflow shot (L11)?
   * @default 'kept-in-reserve' (the shot "остается в запасе, пока не будет реализовано", L2)
   */
  readonly loneShooterSurplus: 'kept-in-reserve' | 'passes-to-other-side';
  /**
   * 004: a killer side that has a shot sends no order (a forced skip: no PM by the deadline, L165).
   * The insurer yields when the shooter "добровольно пропустит ход" (L2, L3): does a forced skip count
   * as a voluntary one?
   * @default 'yes' (the insurer yields, as for a voluntary skip)
   */
  readonly forcedSkipIsVoluntary: 'yes' | 'no';
  /**
   * 004: a watcher who receives "the general information" of a watched player (Anonymous L26, Maid L45)
   * is passed only what "не дает четкого технического определения его команды" (L17). Is a killer's
   * "your victim's team" message passed on? It tells the victim's team and that the watched player killed.
   * @default 'no' (withheld: it plainly shows the watched player is a killer)
   */
  readonly forwardsVictimTeam: 'no' | 'yes';
  /**
   * 004 L14: "Страховка стреляющего напарника действует по умолчанию, но можно запросить у ведущего отказ
   * от нее": the game's partners keep their default insurance, or declined it for the game (an explicit
   * insurance order still stands).
   * @default 'on' (insurance stands by default)
   */
  readonly partnerInsurance: 'on' | 'declined';
  /**
   * 004: the seed names the werewolf class (L131: "второй оборотень") but describes the special moves only of its
   * kinds (Joker, Poisoner, Executioner, Geisha, L51–L54): what is a plain Werewolf's special move?
   * @default 'named-kind' (the move of a werewolf kind he names, `kind/move`, as that kind would send it)
   */
  readonly plainWerewolfMove: 'named-kind' | 'none';
  /**
   * 004 L52: a black or the Faceless dies of a poisoning the Poisoner gave as his own move (no extra poisoning)
   * while the Poisoner still lives. The seed gives the surviving blacks a shot when "черный умер от яда вслед за
   * отравителем" and when an extra poisoning is not realised ("Если цель успешно умерла от яда и не была черной
   * или безликим, отравление считается реализованным"): does this death give one too?
   * @default 'no' (a shot only after the Poisoner's death, or for an extra poisoning)
   */
  readonly poisonedBlackShot: 'no' | 'yes';
  /**
   * 004 L52 (extended): the two targets of one poisoning are of one colour; only one dies ("приоритет отдается
   * красному" settles only a red and a non-red): does the first named die?
   * @default 'yes' (the first named dies, the second is spared)
   */
  readonly oneDoseFirstNamedDies: 'yes' | 'no';
  /**
   * 004 L131.3: the Poisoner takes up the gun before the Joker and the Executioner once he "исчерпал лимит
   * отравлений"; the seed sets no limit. Does his last victim still living (he cannot poison tonight) count?
   * @default 'no' (no limit: Joker > Executioner > Poisoner)
   */
  readonly pendingPoisonIsSpent: 'no' | 'yes';
  /**
   * Whether a player killed earlier in the night still carries out his own actions ordered after the kill.
   * `no`: a kill takes effect at once and nullifies the victim's later actions (003); `yes`: every kill lands
   * at the end of the night, so the dead still act (Natural Action Resolution: "everyone pulls the trigger at once").
   * @default 'no'
   */
  readonly killedActorsAct: 'no' | 'yes';
  /**
   * How many kills one protection (a Doctor's, a Jailkeeper's) stops on its target: `every-kill` that night, or
   * `one-kill` (the forum standard: two kills on one protected player kill him; each protection stops one).
   * @default 'every-kill'
   */
  readonly protectionStops: 'every-kill' | 'one-kill';
  /**
   * A roleblock or jail on a player whose own move is a bus drive or a redirection. `fixed-order`: the moves
   * resolve in `night.order`, so a bus drive or redirect placed before blocks goes through; `golden-rule`
   * (Natural Action Resolution: "apply actions which modify other actions before the actions they modify"):
   * a block no other move changes lands first and stops the move, and a loop (the move would change the
   * block) is settled by NAR's list for loops: a bus drive before a block, a block before a redirect.
   * @default 'fixed-order'
   */
  readonly blockOnChanger: 'fixed-order' | 'golden-rule';
  /**
   * Under the golden rule (`blockOnChanger: 'golden-rule'`), moves that change one another in a true loop (a
   * Roleblocker blocks a Redirector who redirects him; two Roleblockers block each other). `loop-list`: NAR's
   * list for loops settles them one at a time (bus drives, then blocks, jails and delays, then redirects;
   * ties by player); `fixed-order`: the ruleset's order settles what is left of the loop.
   * @default 'loop-list'
   */
  readonly changerLoop: 'loop-list' | 'fixed-order';
  /**
   * Two moves that move the same thing (issue 19): two bus drives sharing a player, or two redirects of one
   * player. `as-sent`: the swaps apply in the order their PMs were sent and the later redirect replaces the
   * earlier, so the outcome depends on who wrote first; `slot-order`: the swaps apply in their drivers' slot
   * order (a composition that no sending order changes) and, of two redirects of one player, the redirector
   * first in slot order stands. Reported when a night meets either.
   * @default 'as-sent'
   */
  readonly competingChangers: 'as-sent' | 'slot-order';
  /**
   * Whether a player killed tonight still receives his results of tonight (a Cop shot while he checked learns
   * his check): `yes` under Natural Action Resolution, where every action lands at once; `no` in the seeds
   * (000: "dead players receive no PMs"). A player dead before the night never receives one.
   * @default 'no'
   */
  readonly deliverResultsToKilled: 'no' | 'yes';
  /**
   * Whether a faction whose kill sender died tonight is told which member sends its kill from now on (the next
   * living member in roster order): `yes` in forum games where one member sends the kill, `no` in the seeds.
   * The host's report names him either way.
   * @default 'no'
   */
  readonly newKillSenderTold: 'no' | 'yes';
  /**
   * 004 L100, L114: the black Kamikaze names the peaceful roles that die with him if they come ("может указать ведущему
   * мирные роли … в качестве потенциальных жертв"); the seed does not say whether a list stands on later nights. `yes`:
   * his last list stands until he names a new one; `no`: a list holds only the night it is sent. Reported when a night
   * reads a kept list.
   * @default 'yes'
   */
  readonly trapListKept: 'yes' | 'no';
  /**
   * 004 L110: an Executioner who holds the Immortal's role, his spare life spent and his own life untouched: the
   * player linked with him is killed and "умрет в одиночку". Does that spend the Executioner's own life? `no`: he
   * keeps it (no attack reached him); `yes`: it is spent. Reported when a linked player dies so.
   * @default 'no'
   */
  readonly linkedDeathSpendsOwnLife: 'no' | 'yes';
  /**
   * 004 L6: the Commissar gets no information if he "выбрал … такую же цель, как адвокат/инквизитор/телохранитель/
   * доктор/блокер/культист(хил)" (L28, L29: the Lawyer's and the Inquisitor's checks too). Does a move of those roles
   * count when it did not reach the target (blocked, redirected, stopped)? `reached`: a move of an earlier step counts
   * when it reached the target (a move of the check's own step by its chosen target); `chosen`: any move that named
   * the target counts, whether or not it landed. Reported when the two readings give a different result.
   * @default 'reached' (a blocked move is a move not made: L6 treats the blocked Commissar's own check so, "по любой
   * причине был заблокирован - чек не проходит")
   */
  readonly sharedTargetCounts: 'reached' | 'chosen';
  /**
   * 004 L131.3 (extended): "Если из команды черных остались двое из джокер/отравитель/экзекутор" gives the order for
   * two werewolves left; with three of them left and no other black: `same-order`, the order for two picks among the
   * three (the Poisoner once his limit is spent, else Joker > Executioner > Poisoner); `wait-for-two`, nobody takes up
   * the gun until only two are left (each kind's own gun waits for "все другие черные" to be out, L51–L53). Reported
   * each night the succession meets three.
   * @default 'same-order'
   */
  readonly threeLeftSuccession: 'same-order' | 'wait-for-two';
  /**
   * 004 L112 with L44: a black Forensic "может … взять анализы с трех выбранных игроков вечером", where the red one
   * takes "от одного до трех" split between bodies, with one sample alone for a Mercenary's or a poison body.
   * `three`: L112 is the black holder's own rule, up to three players (`borrowing.guiltySamples`) all against the body
   * he examined last, with none of L44's splits and limits; `red-rules`: L44 in full, as for the red Forensic.
   * Reported on every black Forensic's test.
   * @default 'three'
   */
  readonly blackForensicSamples: 'three' | 'red-rules';
  /**
   * 004 L86: a black Detective "чекает за раз мирную и негативную роль, но следователю передает стандартный результат".
   * Which of his modes (L7) does it concern? `both`: his track sees the moves of both roles of a black target (where
   * the standard track sees the negative role's, L7) and his role check shows both roles; `track`: the track alone;
   * `role-check`: the role check alone. The Investigator is handed the standard result in every case. Reported when a
   * black Detective's result differs from the standard one.
   * @default 'both'
   */
  readonly blackDetectiveBothRoles: 'both' | 'track' | 'role-check';
  /**
   * 004 L17 "Если совершается подмена информации у целевого игрока или роли, то меняющий ее игрок сам получает утром
   * такой же результат, поэтому со стороны наблюдателя нельзя достоверно установить факт подмены": a black or the
   * Faceless's Commissar or Detective who substitutes what the Investigator is handed (L85, L86, L77) is told the
   * forged result himself. Does he still learn the real one beside it? `no` (the line's words): the forged one alone
   * (and no L85 "false black" that would tell the truth); `yes`: the real one too, his alone. Reported when a night
   * makes a substitution.
   * @default 'no'
   */
  readonly forgerAlsoToldTruth: 'no' | 'yes';
  /**
   * 004 L7: "В случае слежки - если детектив был заблочен, попал к проститутке/гейше, проверял клиента … - информация не
   * предоставляется; дополнительно может увидеть имена тех, кто заходил к детективу ночью". Does a Detective whose
   * track gave no information still see who visited him? `yes`: the line's "дополнительно" follows the no-information
   * case; `no`: only a track that went through shows them. Reported when a stopped Detective had visitors.
   * @default 'yes'
   */
  readonly stoppedTrackerSeesVisitors: 'yes' | 'no';
  /**
   * 004 L7: "В случае запроса на роль - если роль детектива была заблочена … - информация не предоставляется;
   * дополнительно может увидеть роли тех, кто заходил к детективу ночью": does a requester whose role was blocked that
   * night still see his visitors' roles? `no`: a blocked role sees nothing; `yes`: he sees them beside "информация не
   * предоставляется". Reported when a blocked requester had visitors.
   * @default 'no'
   */
  readonly requestBlockedSeesVisitors: 'no' | 'yes';
}

export const defaultNightSettings: NightSettings = {
  thiefOnPlainMafiaMember: 'becomes-townsperson',
  bodyguardInjures: 'order-sender',
  bodyguardAutoInjures: 'yes',
  bureaucratCarriesOver: 'no',
  robberRevengeOnMafia: 'order-sender',
  blockedUsesCharge: 'no',
  stolenRoleActsSameNight: 'no',
  detectiveLearns: 'role',
  chainedSwaps: 'yes',
  loneShooterSurplus: 'kept-in-reserve',
  forcedSkipIsVoluntary: 'yes',
  forwardsVictimTeam: 'no',
  partnerInsurance: 'on',
  plainWerewolfMove: 'named-kind',
  poisonedBlackShot: 'no',
  oneDoseFirstNamedDies: 'yes',
  pendingPoisonIsSpent: 'no',
  killedActorsAct: 'no',
  protectionStops: 'every-kill',
  blockOnChanger: 'fixed-order',
  changerLoop: 'loop-list',
  competingChangers: 'as-sent',
  deliverResultsToKilled: 'no',
  newKillSenderTold: 'no',
  trapListKept: 'yes',
  linkedDeathSpendsOwnLife: 'no',
  sharedTargetCounts: 'reached',
  threeLeftSuccession: 'same-order',
  blackForensicSamples: 'three',
  blackDetectiveBothRoles: 'both',
  forgerAlsoToldTruth: 'no',
  stoppedTrackerSeesVisitors: 'yes',
  requestBlockedSeesVisitors: 'no',
};

/** The values each setting may take (the first is the default), for checking a host's ruleset. */
export const nightSettingValues: { readonly [K in keyof NightSettings]: readonly NightSettings[K][] } = {
  thiefOnPlainMafiaMember: ['becomes-townsperson', 'keeps-thief'],
  bodyguardInjures: ['order-sender', 'every-member'],
  bodyguardAutoInjures: ['yes', 'no'],
  bureaucratCarriesOver: ['no', 'yes'],
  robberRevengeOnMafia: ['order-sender', 'random-member'],
  blockedUsesCharge: ['no', 'yes'],
  stolenRoleActsSameNight: ['no', 'yes'],
  detectiveLearns: ['role', 'faction'],
  chainedSwaps: ['yes', 'no'],
  loneShooterSurplus: ['kept-in-reserve', 'passes-to-other-side'],
  forcedSkipIsVoluntary: ['yes', 'no'],
  forwardsVictimTeam: ['no', 'yes'],
  partnerInsurance: ['on', 'declined'],
  plainWerewolfMove: ['named-kind', 'none'],
  poisonedBlackShot: ['no', 'yes'],
  oneDoseFirstNamedDies: ['yes', 'no'],
  pendingPoisonIsSpent: ['no', 'yes'],
  killedActorsAct: ['no', 'yes'],
  protectionStops: ['every-kill', 'one-kill'],
  blockOnChanger: ['fixed-order', 'golden-rule'],
  changerLoop: ['loop-list', 'fixed-order'],
  competingChangers: ['as-sent', 'slot-order'],
  deliverResultsToKilled: ['no', 'yes'],
  newKillSenderTold: ['no', 'yes'],
  trapListKept: ['yes', 'no'],
  linkedDeathSpendsOwnLife: ['no', 'yes'],
  sharedTargetCounts: ['reached', 'chosen'],
  threeLeftSuccession: ['same-order', 'wait-for-two'],
  blackForensicSamples: ['three', 'red-rules'],
  blackDetectiveBothRoles: ['both', 'track', 'role-check'],
  forgerAlsoToldTruth: ['no', 'yes'],
  stoppedTrackerSeesVisitors: ['yes', 'no'],
  requestBlockedSeesVisitors: ['no', 'yes'],
};

/**
 * Private results a night sends beyond each ability's own (004 §3.3, L115):
 * `attack-survived`, a player attacked who lived is told of the attempt (L17, L115.4);
 * `killer-learns-team`, every killer who killed (or came to a player killed that night) learns the
 * victim's team (L115.2, L122, L134); `protector-learns-saved`, a Doctor whose heal hit learns whom it
 * saved (L115.5); `blocker-learns-role`, a Blocker who hit learns the role he stopped (L5, L115.5);
 * `blocked-learns`, a player whose move was blocked is told (L115.3, L115.5).
 */
export const nightTells = [
  'attack-survived',
  'killer-learns-team',
  'protector-learns-saved',
  'blocker-learns-role',
  'blocked-learns',
] as const;
export type NightTell = (typeof nightTells)[number];

/**
 * A ruleset's `night` section: how its nights are resolved. The roles are not
 * here: each ruleset ability carries its own night part.
 */
export interface NightSection {
  /** 'ordered': a priority table; 'reasonable': Reasonable Action Resolution (001). */
  readonly method: 'ordered' | 'reasonable';
  /**
   * The ordered resolver's steps, first to last. Ability steps come from the
   * roles; 'poison-deaths' is the built-in step where poison kills (000 step 11).
   * Same-step ties break by submission time, then slot id.
   */
  readonly order: readonly string[];
  /** Killer factions that act only on odd or even nights while the other killer side lives (004). */
  readonly killerNights?: Readonly<Record<string, 'odd' | 'even'>>;
  /** Order of faction kills inside the 'faction-kill' step, by night parity (004). */
  readonly killerOrder?: { readonly odd: readonly string[]; readonly even: readonly string[] };
  /** Kills per faction per night; a faction not listed has one. */
  readonly factionKills: Readonly<Record<string, FactionKillCount>>;
  /**
   * 'single': one kill order per faction; the leader's stands, else the highest rank's (003).
   * 'per-member': every member may shoot one order, ranked the same way, up to the kill count (004).
   */
  readonly factionOrders: 'single' | 'per-member';
  /** Factions an investigation reports as guilty ("mafia", "black"). */
  readonly guiltyFactions: readonly string[];
  /** The words an investigation result uses. */
  readonly verdicts: { readonly guilty: string; readonly innocent: string };
  /** Only one action per player per night (003 "incompatible actions"); 001's default is no limit. */
  readonly oneActionPerNight: boolean;
  /** 003: each faction member must attempt a night kill before any member gets a second turn. */
  readonly killRotation?: boolean;
  /** Steps whose position in `order` the seed does not state: reported when a night uses them. */
  readonly assumedSteps?: Readonly<Record<string, string>>;
  /** The open questions' answers; a setting left out has its default (`defaultNightSettings`). */
  readonly settings?: Partial<NightSettings>;
  /** Private results the night sends beyond each ability's own (004 §3.3). */
  readonly tells?: readonly NightTell[];
  /**
   * A player attacked and saved loses his own moves ordered after the attack (004 L16), except a
   * protection he put on himself (the Doctor's self-heal).
   */
  readonly attackSkipsLaterMoves?: boolean;
  /** Factions whose death by a faction kill does not spend the shot (004 L2, L3, L11: blacks and the Faceless); default `guiltyFactions`. */
  readonly shotKeptOn?: readonly string[];
  /** Factions of a third side, neither red nor black (004: the Faceless, L59); peaceful roles held there work as L69–L80 say. */
  readonly greyFactions?: readonly string[];
  /**
   * Roles a holder of a grey faction plays by the blacks' mechanics (004 L77–L79: the Faceless's Commissar, Detective,
   * Liar and Witch; every other by the reds', L80); absent: none. Read by `mechanicsColour` (mechanics-colour-004.ts).
   */
  readonly greyWorksAsBlack?: readonly string[];
  /** A killer side wholly gone leaves its unrealised shots to the side that takes over its nights (004 L11). */
  readonly takeOverReserve?: boolean;
  /**
   * After a day whose `ballot` lynched at least `guilty` players of the guilty factions, no killer side
   * gets its new shot that night; reserve shots stay (004 L10: "Если охота на ведьм привела к линчеванию
   * двух черных, то выжившие черные не получат новый выстрел в ближайшую ночь").
   */
  readonly noNewShotAfter?: { readonly ballot: string; readonly guilty: number };
  /**
   * Killer groups of two or more (004 L55: the Mafia and the Yakuza): one down to a single member
   * hands its nights and reserve shots to the other while that one is intact; two such lone members
   * merge into a pair; a contract killer whose employers are all dead works for the other group.
   */
  readonly pairedGroups?: readonly string[];
  /**
   * The status the game gives the two lone members of `pairedGroups` who become a new pair, each naming the
   * other (`with`): their shared chat, and the pair the Yakuza's reddening covers (004 L55).
   */
  readonly pairStatus?: string;
  /** Limits on roles used by a player who does not hold them: copies, absent roles, undead (004 L40, L42, L47). */
  readonly borrowing?: BorrowingRules;
  /**
   * The step at whose start poison kills (004 L52: at the Poisoner's place in the night, after the Doctor's visit);
   * absent = the built-in 'poison-deaths' step (000 step 11).
   */
  readonly poisonKillsAt?: string;
  /** The 004 extended format's killer rules: common nights, the black-on-black cap, nights kept (L131.4, L131.5, L55). */
  readonly blackFormat?: BlackFormatRules;
}

/** The rules one night is resolved by: a ruleset's night section with its roles' night definitions. */
export interface NightRules extends Omit<NightSection, 'settings'> {
  /** The ruleset's id and name. */
  readonly id: string;
  readonly name: string;
  readonly roles: readonly NightRoleDef[];
  /** The ruleset's factions, for the names a result gives a side (004 L55, L115.2). */
  readonly factions?: readonly FactionDef[];
  readonly settings: NightSettings;
}

// Derived once per ruleset object (rulesets are data that is not changed), so the same ruleset gives the same rules.
const derived = new WeakMap<Ruleset, NightRules>();

/**
 * The night rules of a ruleset: its `night` section, every role's night
 * definition (from the night parts of its abilities) and the settings with
 * their defaults. Undefined for a ruleset without a night section: its host
 * states each night's outcome instead.
 */
export function nightRulesOf(ruleset: Ruleset): NightRules | undefined {
  const section = ruleset.night;
  if (section === undefined) return undefined;
  const known = derived.get(ruleset);
  if (known !== undefined) return known;
  const rules: NightRules = {
    ...section,
    id: ruleset.id,
    name: ruleset.name,
    roles: ruleset.roles.map((role) => nightRoleOf(role, ruleset.id)),
    factions: ruleset.factions,
    settings: { ...defaultNightSettings, ...section.settings },
  };
  derived.set(ruleset, rules);
  return rules;
}

/**
 * A ruleset with its night rules changed: `night` fields replace the
 * section's (settings merge with the section's settings). The roles stay the
 * ruleset's.
 */
export function withNight(ruleset: Ruleset, night: Partial<NightSection>, id = ruleset.id, name = ruleset.name): Ruleset {
  const base = ruleset.night;
  if (base === undefined) throw new Error(`withNight: ${ruleset.id} has no night section`);
  return { ...ruleset, id, name, night: { ...base, ...night, settings: { ...base.settings, ...night.settings } } };
}
