import { breachRulesPresets } from '../breaches/rules';
import {
  anyObject,
  array,
  map,
  boolean,
  formatProblem,
  integer,
  number,
  object,
  oneOf,
  optional,
  readJsonValue,
  record,
  string,
  union,
  byType,
  type JsonProblem,
  type Reader,
} from '../json/read';
import type { NightSection } from '../night/rules';
import { voteGrammarChangesReader } from '../json/formats';
import type { VoteThreshold } from '../votes/rules';
import { isUnassigned } from '../setup/setup-check';
import { findRuleset } from './registry';
import type {
  SetupRules,
  SetupFamily,
  SetupLevel,
  LeaderElection,
  PhaseEndRules,
  DayMove,
  CheckVerification,
  FaceCutLynch,
  RoleSuccessor,
  AnnouncementRules,
  AnnouncementTemplates,
  ColorWin,
  FactionDef,
  FamilyCourtVoting,
  LocalNames,
  FamilyWin,
  ImpossibleWin,
  MajorityVoting,
  OpenQuestion,
  ParityWin,
  PluralityDayRules,
  PluralityRoleDayRules,
  SideWords,
  SupportRules,
  LynchCounter,
  LynchExecution,
  DayClockRules,
  HuntApprovalGrammar,
  VoteOpeningGrammar,
  PublicNightResult,
  PublicNightResultWords,
  RoleBarrier,
  Ruleset,
  RulesetAbility,
  RulesetNightAction,
  RulesetNightPassive,
  RulesetRole,
  RulesetVoteEffect,
  RoleRequestDef,
  RoleWin,
  StatusDef,
  StatusNightMeaning,
  ThreadVoting,
  TitleDef,
  VotingSystem,
  WeightedPluralityVoting,
  WeightShift,
  WinRule,
} from './types';
import { validateNight } from './validate-night';

/**
 * The result of reading a host's ruleset. `problems` say where and what;
 * `errors` are the same problems as `path: problem` lines.
 */
export type RulesetParse =
  | { readonly ok: true; readonly ruleset: Ruleset }
  | { readonly ok: false; readonly errors: readonly string[]; readonly problems: readonly JsonProblem[] };

/**
 * The largest values a ruleset may hold (docs/rulesets.md): far above any
 * real game, low enough that nothing later loops for long on them.
 */
export const rulesetLimits = {
  /** Factions, roles, statuses, titles, families, open questions: each list. */
  listItems: 500,
  /** Abilities of one role, tags of one ability, reveal rules… */
  smallList: 50,
  /** Uses per game, self-targets, phases of a status, strikes, court size, days. */
  count: 100,
  /** Targets of one ability use. */
  targets: 10,
  /** Players alive (witch hunt, hunt minimum) and departures. */
  players: 500,
  /** A role's vote weight, either way. */
  weight: 100,
  /** Characters of an id, a name or a template. */
  text: 5000,
} as const;

const text = string({ maxLength: rulesetLimits.text });
const count = (min: number): Reader<number> => integer({ min, max: rulesetLimits.count });
const ids = (max: number = rulesetLimits.listItems): Reader<string[]> => array(text, { max });

/**
 * A night part (an ability's, a role's, the ruleset's night section): read here as an object,
 * its fields checked against the resolvers' effects and steps by validateNight.
 */
const nightPart = <T>(): Reader<T> => anyObject as unknown as Reader<T>;

// ---------------------------------------------------------------- one reader per section: a new field is one line

/** The languages Gavel writes posts in: a name or template set for any other language is refused. */
const postLanguage = oneOf(['en', 'ru']);

/** Names in other languages: only the languages Gavel writes, each a non-empty name. */
const localNames = object<LocalNames>({ en: optional(text), ru: optional(text) });

const faction = object<FactionDef>({
  id: text,
  name: text,
  names: optional(localNames),
  kind: oneOf(['town', 'mafia', 'third-party']),
  color: optional(oneOf(['red', 'black', 'grey'])),
  elite: optional(boolean),
  knowsMembers: optional(boolean),
});

const abilityReader = object<RulesetAbility>({
  id: text,
  name: text,
  names: optional(localNames),
  timing: oneOf(['day', 'night', 'day-or-night', 'passive']),
  usesPerGame: optional(count(0)),
  usesPerPhase: optional(count(1)),
  selfTargetLimit: optional(count(0)),
  ownFamilyLimit: optional(count(0)),
  targets: optional(integer({ min: 0, max: rulesetLimits.targets })),
  tags: optional(ids(rulesetLimits.smallList)),
  takesText: optional(boolean),
  holderColors: optional(ids(rulesetLimits.smallList)),
  // The night parts are objects here; validateNight checks their fields against the resolvers' effects.
  night: optional(nightPart<RulesetNightAction | RulesetNightPassive>()),
  vote: optional(
    union<RulesetVoteEffect>('kind', {
      'vote-weight': object({ kind: oneOf(['vote-weight']), weight: integer({ min: 0, max: 100 }) }),
      unlynchable: object({ kind: oneOf(['unlynchable']) }),
      'steal-vote': object({ kind: oneOf(['steal-vote']) }),
      'cancel-lynch': object({ kind: oneOf(['cancel-lynch']) }),
      'speak-for': object({ kind: oneOf(['speak-for']), status: text }),
      'lynch-revenge': object({ kind: oneOf(['lynch-revenge']) }),
    }),
  ),
  roleRequest: optional(
    object<RoleRequestDef>({
      seesVisitorRoles: optional(boolean),
      alternativeTo: optional(ids(rulesetLimits.smallList)),
      forwardForgedBy: optional(array(oneOf(['black', 'grey']), { max: 2 })),
      notPeaceful: optional(ids(rulesetLimits.smallList)),
    }),
  ),
});

const roleReader = object<RulesetRole>({
  id: text,
  name: text,
  names: optional(localNames),
  abilities: array(abilityReader, { max: rulesetLimits.smallList }),
  summary: optional(text),
  night: optional(nightPart<NonNullable<RulesetRole['night']>>()),
  limit: optional(count(1)),
  modifiers: optional(ids(rulesetLimits.smallList)),
  win: optional(
    union<RoleWin>('kind', {
      lynched: object({ kind: oneOf(['lynched']) }),
      'target-lynched': object({ kind: oneOf(['target-lynched']) }),
      survives: object({ kind: oneOf(['survives']) }),
    }),
  ),
  knowsHolders: optional(boolean),
});

const status = object<StatusDef>({
  id: text,
  name: text,
  names: optional(localNames),
  blocksVoting: optional(boolean),
  blocksActions: optional(boolean),
  allowsAbilities: optional(ids(rulesetLimits.smallList)),
  voteImmune: optional(boolean),
  removedForWin: optional(boolean),
  barsWin: optional(boolean),
  public: optional(boolean),
  defaultPhases: optional(count(1)),
  barrier: optional(boolean),
  night: optional(
    object<StatusNightMeaning>({
      out: optional(boolean),
      untargetable: optional(boolean),
      cannotAct: optional(boolean),
      hiddenFromChecks: optional(boolean),
      visitorRolesToWith: optional(boolean),
      blocksRole: optional(oneOf(['role', 'secondRole'])),
      blockCause: optional(oneOf(['hack', 'hero-save'])),
      blocksEffects: optional(ids(rulesetLimits.smallList)),
      actsWith: optional(ids(rulesetLimits.smallList)),
      leaderActsWith: optional(ids(rulesetLimits.smallList)),
      losesAdvantages: optional(array(oneOf(['unstoppable', 'unblockable', 'unseen'] as const), { max: 3 })),
      crippled: optional(boolean),
      mechanic: optional(
        oneOf([
          'poison',
          'injury',
          'love',
          'has-killed',
          'reddened',
          'blackened',
          'cripple',
          'life-link',
          'favourite',
          'avenged',
          'soul-mark',
          'linger',
          'copy-role',
          'collected-role',
          'undead',
          'enslaved',
          'cursed',
          'in-collection',
          'face-recovered',
          'verifying-check',
          'owes-collection',
          'new-pair',
        ]),
      ),
    }),
  ),
});

const title = object<TitleDef>({
  id: text,
  name: text,
  names: optional(localNames),
  voteImmune: optional(boolean),
  nightImmune: optional(boolean),
  immuneToEffects: optional(ids()),
});

/** What every voting system says about votes in the thread (the count's grammar and settings). */
const threadVoting = {
  votesInThread: optional(boolean),
  grammar: optional(voteGrammarChangesReader),
  count: optional(
    object<NonNullable<ThreadVoting['count']>>({
      threshold: optional(
        union<VoteThreshold>('kind', {
          majority: object({ kind: oneOf(['majority']) }),
          half: object({ kind: oneOf(['half']) }),
          plurality: object({ kind: oneOf(['plurality']) }),
          fixed: object<Extract<VoteThreshold, { kind: 'fixed' }>>({
            kind: oneOf(['fixed']),
            votes: integer({ min: 1, max: rulesetLimits.players }),
          }),
        }),
      ),
      noLynchOneLess: optional(boolean),
      hammerEndsDay: optional(boolean),
      lock: optional(boolean),
      fiftyPercentRule: optional(oneOf(['off', 'town-cannot-reach-threshold', 'mafia-outnumber-town'])),
      voteWithoutUnvote: optional(oneOf(['replaces', 'void'])),
      selfVoteAllowed: optional(boolean),
      replacementKeepsVote: optional(boolean),
      votesOnReplacedSlotStand: optional(boolean),
      renamedAccounts: optional(boolean),
      ambiguousLooseNames: optional(oneOf(['refuse', 'prefer-living'])),
    }),
  ),
} as const;

const majority = object<MajorityVoting>({
  ...threadVoting,
  kind: oneOf(['majority']),
  ballot: text,
  majorityOf: oneOf(['living', 'eligible']),
  lock: boolean,
  newVoteReplaces: boolean,
  withoutMajority: oneOf(['no-lynch', 'plurality']),
  postTally: optional(boolean),
});

const familyCourt = object<FamilyCourtVoting>({
  ...threadVoting,
  kind: oneOf(['family-court']),
  courtSize: count(1),
  extraVoteRoles: ids(),
  negativeVoteRoles: ids(),
  jailAbility: text,
  defendAbility: text,
  revengeRoles: ids(),
  improperVotesTallied: boolean,
  strikesToExile: count(1),
  unvotedFamiliesGoToCourt: boolean,
  defendedInTie: oneOf(['others-die', 'second-most']),
  courtTieWithoutVotes: optional(oneOf(['all-die', 'nobody'])),
  votesAgainstAbsentCount: boolean,
});

const weightAmount = number({ min: -rulesetLimits.weight, max: rulesetLimits.weight });

/** 004's role rulings on the vote (`PluralityRoleDayRules`). */
const roleDayReader = object<PluralityRoleDayRules>({
  support: optional(
    object<SupportRules>({
      roles: ids(),
      ability: text,
      limit: object<LynchCounter>({
        status: text,
        start: weightAmount,
        min: weightAmount,
        redVotedAgainst: weightAmount,
        redOther: weightAmount,
        blackVotedAgainst: weightAmount,
        blackOther: weightAmount,
      }),
      supporterBonus: weightAmount,
      perSupporters: count(1),
      patronTitle: text,
      patronBonus: oneOf(['own', 'all']),
      zeroBarrier: oneOf(['cap-each', 'none']),
    }),
  ),
  protectWhileTitle: optional(object({ abilities: ids(), title: text })),
  mutualImmunityOrder: ids(),
  hiddenVoteAbility: optional(text),
  hiddenVotesInTotals: optional(oneOf(['left-out', 'counted'])),
  voteBank: optional(
    object<NonNullable<PluralityRoleDayRules['voteBank']>>({
      roles: ids(),
      dosedStatus: text,
      bankStatus: text,
      earnPerDose: array(weightAmount, { max: rulesetLimits.smallList }),
      step: number({ min: 0, max: rulesetLimits.weight }),
      sumWithOwnBarrier: boolean,
      runoffPurchase: optional(oneOf(['kept', 'spent'])),
      buyAbility: optional(text),
    }),
  ),
  crowdBonus: optional(
    object<NonNullable<PluralityRoleDayRules['crowdBonus']>>({ roles: ids(), status: text, cancelAbility: optional(text) }),
  ),
  deadVoterStatuses: ids(),
  hostedVoteStatus: optional(text),
  corpseBonus: optional(object({ roles: ids(), status: text, usableRoles: ids() })),
  proxy: optional(
    object<NonNullable<PluralityRoleDayRules['proxy']>>({ roles: ids(), masterStatus: text, replaceAbility: optional(text) }),
  ),
  takeVoter: optional(object({ roles: ids(), ability: text, status: text })),
  deathMoveAbilities: ids(),
  dieInsteadAbility: optional(text),
  borrowedWeights: optional(
    object<NonNullable<PluralityRoleDayRules['borrowedWeights']>>({
      statuses: ids(),
      factor: number({ min: 0, max: rulesetLimits.weight }),
      moves: optional(ids()),
      perGame: optional(count(0)),
      unusable: optional(ids()),
      declare: optional(text),
      factorRoles: optional(ids()),
      barrierLynches: optional(oneOf(['from-scratch', 'counted'])),
    }),
  ),
  executions: optional(
    array(
      object<LynchExecution>({
        roles: ids(),
        ability: text,
        colors: optional(ids()),
        killed: optional(object<NonNullable<LynchExecution['killed']>>({ colors: optional(ids()), ownTeam: optional(boolean) })),
        unlessStatus: optional(text),
        verified: optional(object({ ability: text, colors: ids() })),
      }),
      { max: rulesetLimits.smallList },
    ),
  ),
  bonusWaiver: optional(object({ ability: text, colors: ids() })),
  departure: optional(object({ roles: ids(), afterVotes: count(1), status: text, keptBy: ids() })),
  sideReport: optional(
    object<NonNullable<PluralityRoleDayRules['sideReport']>>({
      chooseAbility: text,
      nameAbility: text,
      words: optional(object<SideWords>({ colors: record(ids(), { maxKeys: rulesetLimits.smallList }), ignored: ids() })),
    }),
  ),
  huntExecutions: optional(oneOf(['allowed', 'none'])),
  zeroVoteWhile: optional(object({ statuses: ids(), colors: ids() })),
  blackSave: optional(object({ reddenedStatus: text, bloodiedStatus: text, noKillStatus: text, noKillPhases: count(1) })),
  greySavesAny: optional(boolean),
  greyToldLynchedTeam: optional(boolean),
  greySuicide: optional(object({ roles: ids(), ability: text, status: text })),
});

/** 004's day clock (`DayClockRules`). */
const dayClockReader = object<DayClockRules>({
  timeZone: text,
  voteOpens: text,
  forcedVoteAfterMinutes: count(0),
  extraVoteMinutes: count(0),
  huntApprovalMinutes: count(0),
  beforeVoteAbilities: ids(),
  voteOpening: optional(object<VoteOpeningGrammar>({ phrases: ids() })),
});

const weightedPlurality = object<WeightedPluralityVoting>({
  ...threadVoting,
  kind: oneOf(['weighted-plurality']),
  roleWeights: record(number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }), { maxKeys: rulesetLimits.listItems }),
  blackCap: boolean,
  redCap: boolean,
  greyCap: boolean,
  everyoneOverride: boolean,
  allRedsOverride: boolean,
  runoffTargetsVote: boolean,
  doubleDeathAboveNegatives: integer({ min: 0, max: rulesetLimits.players }),
  threeWayFewNegatives: oneOf(['first-two', 'nobody']),
  electionDay: count(0),
  electionTitle: text,
  titleLostOnRedLynch: text,
  titlesLostWith: ids(),
  witchHuntMinAlive: integer({ min: 0, max: rulesetLimits.players }),
  invalidTargetBecomesAutoVote: boolean,
  day: optional(
    object<PluralityDayRules>({
      abstainBecomesAutoVote: boolean,
      immuneRoles: ids(),
      protectAbilities: ids(),
      verticalDefault: optional(object({ status: text, title: text, whileTitle: text })),
      fireByVote: optional(object({ byTitle: text, title: text })),
      electionRunoffCandidatesVote: boolean,
      weightStatus: optional(text),
      weightShifts: array(
        object<WeightShift>({
          role: text,
          start: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          max: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          min: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          redVotedAgainst: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          redOther: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          blackVotedAgainst: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          barrierFloor: optional(
            object({
              above: number({ min: 0, max: rulesetLimits.weight }),
              floor: number({ min: 0, max: rulesetLimits.weight }),
            }),
          ),
        }),
        { max: rulesetLimits.listItems },
      ),
      tieSettlerRoles: ids(),
      roleBarriers: array(
        object<RoleBarrier>({
          role: text,
          start: number({ min: 0, max: rulesetLimits.weight }),
          perRedLynch: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
        }),
        { max: rulesetLimits.listItems },
      ),
      voteCaps: record(number({ min: 0, max: rulesetLimits.weight }), { maxKeys: rulesetLimits.listItems }),
      bonusAgainst: array(
        object<PluralityDayRules['bonusAgainst'][number]>({
          status: text,
          roles: ids(),
          bonus: number({ min: -rulesetLimits.weight, max: rulesetLimits.weight }),
          colors: optional(ids()),
        }),
        { max: rulesetLimits.listItems },
      ),
      forgiveAbility: optional(text),
      saveAbility: optional(text),
      savedStatus: optional(text),
      compromiseAbility: optional(text),
      confirmAbility: optional(text),
      detonateAbility: optional(text),
      blastRoles: ids(),
      blastStatus: optional(text),
      blastPhases: count(1),
      crippleStatus: optional(text),
      extraVoteAfterLone: object({ colors: ids(), statuses: ids() }),
      huntApprovalShare: optional(number({ min: 0, max: 1 })),
      forcedSelfVoteStatus: optional(text),
      activeCount: oneOf(['alive', 'can-vote']),
      roleDay: optional(roleDayReader),
      clock: optional(dayClockReader),
      huntApproval: optional(object<HuntApprovalGrammar>({ phrases: ids() })),
    }),
  ),
});

const voting = union<VotingSystem>('kind', {
  majority,
  'family-court': familyCourt,
  'weighted-plurality': weightedPlurality,
});

const win = union<WinRule>('kind', {
  'families-after-day': object<FamilyWin>({
    kind: oneOf(['families-after-day']),
    afterDay: count(1),
    mafiaShare: number({ min: 0, max: 1 }),
  }),
  parity: object<ParityWin>({
    kind: oneOf(['parity']),
    mafiaWinsWhen: oneOf(['at-parity', 'outnumber']),
    soloKillers: optional(ids(rulesetLimits.smallList)),
    ownParity: optional(ids(rulesetLimits.smallList)),
    ownParityBesideScum: optional(oneOf(['majority', 'parity'])),
    lynchedWinEndsGame: optional(oneOf(['game-continues', 'game-ends'])),
  }),
  'until-impossible': object<ImpossibleWin>({
    kind: oneOf(['until-impossible']),
    arrestTag: text,
    stopKillTag: text,
    nightKillCase: boolean,
  }),
  colors: object<ColorWin>({
    kind: oneOf(['colors']),
    greySurvivalDepartures: integer({ min: 1, max: rulesetLimits.players }),
    huntNeedsTitleLost: text,
    huntMinAlive: integer({ min: 0, max: rulesetLimits.players }),
  }),
});

/** 004's end-of-day moves (src/engine/game/day-moves-004.ts). */
type HoldMove = Extract<DayMove, { kind: 'release-held' | 'destroy-held' | 'destroy-on-lynch' }>;
const holdMove = <K extends HoldMove['kind']>(kind: K): Reader<HoldMove> =>
  object<HoldMove>({
    kind: oneOf([kind]),
    held: text,
    destroyed: text,
    noMoves: text,
    noMovesPhases: count(1),
    unanswered: optional(oneOf(['release', 'destroy'])),
  });
const dayMove = union<DayMove>('kind', {
  'lift-given-status': object<Extract<DayMove, { kind: 'lift-given-status' }>>({ kind: oneOf(['lift-given-status']), status: text }),
  'partner-status': object<Extract<DayMove, { kind: 'partner-status' }>>({
    kind: oneOf(['partner-status']),
    status: text,
    holder: oneOf(['user', 'targets']),
    maxTargets: count(1),
    phases: optional(count(1)),
    onDay: optional(count(1)),
    replaces: optional(boolean),
    randomIfMissing: optional(boolean),
    tellsRole: optional(boolean),
    whileTitles: optional(ids(rulesetLimits.smallList)),
  }),
  'end-partner-status': object<Extract<DayMove, { kind: 'end-partner-status' }>>({ kind: oneOf(['end-partner-status']), status: text }),
  'release-held': holdMove('release-held'),
  'destroy-held': holdMove('destroy-held'),
  'destroy-on-lynch': holdMove('destroy-on-lynch'),
  successor: object<Extract<DayMove, { kind: 'successor' }>>({ kind: oneOf(['successor']), role: text, fromRole: text, mark: text }),
  rumour: object<Extract<DayMove, { kind: 'rumour' }>>({
    kind: oneOf(['rumour']),
    status: text,
    phases: count(1),
    pairRole: optional(text),
    takenOverBy: optional(ids(rulesetLimits.smallList)),
    lonePairUp: optional(boolean),
    everyWholePair: optional(boolean),
    onOwnNights: optional(boolean),
    armedOnly: optional(boolean),
  }),
  possess: object<Extract<DayMove, { kind: 'possess' }>>({ kind: oneOf(['possess']), status: text, phases: count(1) }),
  'keep-role': object<Extract<DayMove, { kind: 'keep-role' }>>({
    kind: oneOf(['keep-role']),
    mark: text,
    status: text,
    phases: count(1),
    unanswered: optional(oneOf(['first-move', 'this-role'])),
  }),
});

const nightResultWords = object<PublicNightResultWords>({ label: text, hit: text, miss: text });

const templates = object<AnnouncementTemplates>({
  dayStart: text,
  death: text,
  status: text,
  statusEnd: optional(text),
  voteResult: text,
  winner: text,
});

const announcements = object<AnnouncementRules>({
  publicStatuses: ids(),
  revealStatuses: optional(ids()),
  revealOnDeath: oneOf(['role', 'faction', 'role-and-faction', 'nothing']),
  revealOnNightDeath: optional(oneOf(['role', 'peaceful-role', 'faction', 'role-and-faction', 'nothing'])),
  showWills: boolean,
  nightNotes: optional(boolean),
  voteResults: oneOf(['totals', 'votes']),
  voteLeakRoles: array(object({ role: text, share: number({ min: 0, max: 1 }) }), { max: rulesetLimits.smallList }),
  deathRoleRoles: ids(),
  publicNightResults: array(
    object<PublicNightResult>({
      role: text,
      ability: text,
      kind: oneOf(['protect', 'block', 'check']),
      label: text,
      hit: text,
      miss: text,
      words: optional(object<NonNullable<PublicNightResult['words']>>({ en: optional(nightResultWords), ru: optional(nightResultWords) })),
    }),
    { max: rulesetLimits.smallList },
  ),
  templates,
  postLanguage: optional(postLanguage),
  templatesIn: optional(object<NonNullable<AnnouncementRules['templatesIn']>>({ en: optional(templates), ru: optional(templates) })),
});

const references = object<NonNullable<Ruleset['references']>>({
  voteRules: optional(text),
  // Rulesets saved before the night section named a preset's night rules here.
  nightRules: optional(
    map(text, (id, reject) =>
      findRuleset(id)?.night === undefined
        ? reject(`expected the id of a preset with night rules, found "${id}" (the ruleset's own "night" section is preferred)`)
        : id,
    ),
  ),
  breachRules: optional(oneOf(Object.keys(breachRulesPresets) as (keyof typeof breachRulesPresets)[])),
});

const rulesetReader = object<Ruleset>({
  id: text,
  name: text,
  names: optional(localNames),
  source: text,
  firstPhase: oneOf(['day', 'night']),
  factions: array(faction, { min: 1, max: rulesetLimits.listItems }),
  families: ids(),
  roles: array(roleReader, { max: rulesetLimits.listItems }),
  statuses: array(status, { max: rulesetLimits.listItems }),
  titles: array(title, { max: rulesetLimits.listItems }),
  voting,
  win,
  announcements,
  openQuestions: array(object<OpenQuestion>({ setting: text, question: text }), { max: rulesetLimits.listItems }),
  night: optional(nightPart<NightSection>()),
  setup: optional(
    object<SetupRules>({
      families: optional(
        array(
          object<SetupFamily>({
            size: integer({ min: 1, max: rulesetLimits.players }),
            mafia: integer({ min: 0, max: rulesetLimits.players }),
          }),
          {
            max: rulesetLimits.smallList,
          },
        ),
      ),
      levels: optional(
        record(
          object<SetupLevel>({
            name: optional(text),
            names: optional(localNames),
            roles: optional(ids(rulesetLimits.listItems)),
            plays: boolean,
          }),
          {
            maxKeys: rulesetLimits.smallList,
          },
        ),
      ),
      mafiaSecondRoles: optional(
        byType<'any' | string[]>({ string: oneOf(['any']), list: ids(rulesetLimits.listItems) }, '"any" or a list of role ids'),
      ),
      colorCounts: optional(record(integer({ min: 0, max: rulesetLimits.players }), { maxKeys: rulesetLimits.smallList })),
      roleCounts: optional(record(integer({ min: 0, max: rulesetLimits.players }), { maxKeys: rulesetLimits.listItems })),
    }),
  ),
  phaseEnd: optional(
    object<PhaseEndRules>({
      leaderElection: optional(object<LeaderElection>({ faction: text, ballot: text, threshold: oneOf(['more-than-half', 'half']) })),
      successors: optional(
        record(
          object<RoleSuccessor>({
            fromRoles: ids(rulesetLimits.smallList),
            when: oneOf(['lynched', 'dies']),
            pick: oneOf(['first-listed', 'random']),
          }),
          { maxKeys: rulesetLimits.listItems },
        ),
      ),
      arrests: optional(
        object<NonNullable<PhaseEndRules['arrests']>>({
          arrestTag: text,
          crimeTag: text,
          arrested: text,
          suspended: text,
          releaseTag: text,
        }),
      ),
      willTakerTag: optional(text),
      loverStatus: optional(text),
      loversDieTogether: optional(boolean),
      suitcase: optional(object<NonNullable<PhaseEndRules['suitcase']>>({ tag: text, status: text })),
      dayMoves: optional(record(dayMove, { maxKeys: rulesetLimits.listItems })),
      faceCutLynch: optional(
        object<FaceCutLynch>({
          status: text,
          score: text,
          victimPoints: number({ min: 0, max: rulesetLimits.count }),
          targetPoints: number({ min: 0, max: rulesetLimits.count }),
          recovered: optional(text),
          deadScorers: optional(ids(rulesetLimits.smallList)),
          face: optional(
            object<NonNullable<FaceCutLynch['face']>>({
              status: text,
              points: number({ min: 0, max: rulesetLimits.count }),
              servantStatus: optional(text),
            }),
          ),
        }),
      ),
      checkVerification: optional(object<CheckVerification>({ ability: text, status: text, checks: optional(oneOf(['any', 'black'])) })),
    }),
  ),
  dayAbilityTags: optional(object<NonNullable<Ruleset['dayAbilityTags']>>({ accompany: optional(text), hideVotes: optional(text) })),
  roleModifiers: optional(boolean),
  references: optional(references),
});

// ---------------------------------------------------------------- what refers to what

/** Ids used twice, and names of roles, abilities, statuses and titles that nothing defines. */
function crossReferences(r: Ruleset): { path: string; problem: string }[] {
  const out: { path: string; problem: string }[] = [];
  const unique = (list: readonly { readonly id: string }[], where: string): Set<string> => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id)) out.push({ path: `${where}[${i}].id`, problem: `"${item.id}" is used twice` });
      seen.add(item.id);
    });
    return seen;
  };
  unique(r.factions, 'factions');
  const roleIds = unique(r.roles, 'roles');
  // The id a player's faction or role has while the host has not entered it: no faction or role may take it.
  r.factions.forEach((f, i) => {
    if (isUnassigned(f.id)) out.push({ path: `factions[${i}].id`, problem: `"${f.id}" means "not entered yet": choose another id` });
  });
  r.roles.forEach((role, i) => {
    if (isUnassigned(role.id)) out.push({ path: `roles[${i}].id`, problem: `"${role.id}" means "not entered yet": choose another id` });
  });
  const statusIds = unique(r.statuses, 'statuses');
  const titleIds = new Set(r.titles.map((t) => t.id));
  const abilityIds = new Set(r.roles.flatMap((role) => role.abilities.map((a) => a.id)));
  const known = (set: ReadonlySet<string>, what: string, where: string, list: readonly string[], path: string): void => {
    for (const id of list) if (!set.has(id)) out.push({ path, problem: `no ${what} "${id}" in ${where}` });
  };
  const v = r.voting;
  if (v.kind === 'family-court') {
    for (const key of ['extraVoteRoles', 'negativeVoteRoles', 'revengeRoles'] as const)
      known(roleIds, 'role', 'roles', v[key], `voting.${key}`);
    known(abilityIds, 'ability', 'any role', [v.jailAbility], 'voting.jailAbility');
    known(abilityIds, 'ability', 'any role', [v.defendAbility], 'voting.defendAbility');
    if (!statusIds.has('exiled')) out.push({ path: 'statuses', problem: 'family court exiles players: add a status with id "exiled"' });
  } else if (v.kind === 'weighted-plurality') {
    known(roleIds, 'role', 'roles', Object.keys(v.roleWeights), 'voting.roleWeights');
    known(titleIds, 'title', 'titles', v.titlesLostWith, 'voting.titlesLostWith');
    known(titleIds, 'title', 'titles', [v.electionTitle], 'voting.electionTitle');
    known(titleIds, 'title', 'titles', [v.titleLostOnRedLynch], 'voting.titleLostOnRedLynch');
  }
  const a = r.announcements;
  known(statusIds, 'status', 'statuses', a.publicStatuses, 'announcements.publicStatuses');
  known(statusIds, 'status', 'statuses', a.revealStatuses ?? [], 'announcements.revealStatuses');
  known(roleIds, 'role', 'roles', a.deathRoleRoles, 'announcements.deathRoleRoles');
  a.publicNightResults.forEach((p, i) => known(roleIds, 'role', 'roles', [p.role], `announcements.publicNightResults[${i}].role`));
  a.voteLeakRoles.forEach((p, i) => known(roleIds, 'role', 'roles', [p.role], `announcements.voteLeakRoles[${i}].role`));
  return out;
}

// ---------------------------------------------------------------- reading

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `over` onto `base`: objects merge, everything else (arrays too) replaces. */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? merge(base[key], value) : value;
  return out;
}

function refused(problems: readonly JsonProblem[]): RulesetParse {
  return { ok: false, problems, errors: problems.map((p) => formatProblem(p, false)) };
}

/**
 * A ruleset with some settings changed, checked again. `settings` are
 * dotted paths into the ruleset (`voting.courtSize`) with their new values.
 */
export function withSettings(base: Ruleset, settings: readonly { readonly path: string; readonly value: unknown }[]): RulesetParse {
  let override: Record<string, unknown> = {};
  for (const { path, value } of settings) {
    const keys = path.split('.');
    let nested: unknown = value;
    for (let i = keys.length - 1; i >= 0; i--) nested = { [keys[i] ?? '']: nested };
    override = merge(override, nested) as Record<string, unknown>;
  }
  const unknownPaths = settings.filter(({ path }) => !hasPath(base, path.split('.')));
  if (unknownPaths.length > 0)
    return refused(unknownPaths.map(({ path }) => ({ source: base.id, path, problem: `no such setting in ${base.id}` })));
  return parseRuleset(merge(base, override), base.id);
}

function hasPath(value: unknown, keys: readonly string[]): boolean {
  let at: unknown = value;
  for (const key of keys) {
    if (!isObject(at) || !(key in at)) return false;
    at = at[key];
  }
  return true;
}

/**
 * Reads and checks a host's ruleset from parsed JSON. `"extends": "<preset id>"`
 * starts from a preset and deep-merges the rest over it (lists replace), so a
 * host can change one setting without copying a whole ruleset. Every problem
 * is reported with the path of the field, not just the first; a field the
 * format does not know is refused with the nearest known name. `source` names
 * the input in the problems (a file name).
 */
export function parseRuleset(input: unknown, source = 'ruleset'): RulesetParse {
  if (!isObject(input)) return refused([{ source, path: '', problem: 'expected a JSON object (a ruleset)' }]);
  let value: Record<string, unknown> = input;
  const base = input['extends'];
  if (base !== undefined) {
    const preset = typeof base === 'string' ? findRuleset(base) : undefined;
    if (preset === undefined) return refused([{ source, path: 'extends', problem: `no preset "${String(base)}" (see gavel rulesets)` }]);
    const { extends: _drop, ...rest } = input;
    value = merge(preset, rest) as Record<string, unknown>;
  }
  if (value['openQuestions'] === undefined) value = { ...value, openQuestions: [] };
  const read = readJsonValue(value, rulesetReader, source);
  if (!read.ok) return refused(read.problems);
  const ruleset = read.value;
  const problems: JsonProblem[] = crossReferences(ruleset).map((p) => ({ source, ...p }));
  // The other parts' checks of their own sections of a ruleset go here, one line each.
  validateNight(value, (path, problem) => problems.push({ source, path, problem }));
  return problems.length > 0 ? refused(problems) : { ok: true, ruleset };
}
