/**
 * Night rules as data: which resolver, which roles, the order of steps, the
 * kill counts per faction, and a setting (with a documented default) for every
 * question the seed rules leave open (shared/docs/seed-ambiguities.md).
 */
import { roles1923, rolesConan, rolesForum, rolesRussian, type NightRoleDef } from './roles';

/** How many kills a faction attempts per night. */
export type FactionKillCount =
  /** 000: living players divided by `divisor`, rounded up. */
  | { readonly kind: 'living-over'; readonly divisor: number }
  /** A fixed number; with `reserve`, kills that did not happen (or killed one of the faction's allies) carry over (004). */
  | { readonly kind: 'fixed'; readonly count: number; readonly reserve?: boolean; readonly maxPerMember?: number };

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
};

/** The rules one night is resolved by. */
export interface NightRules {
  readonly id: string;
  readonly name: string;
  /** 'ordered': a priority table; 'reasonable': Reasonable Action Resolution (001). */
  readonly method: 'ordered' | 'reasonable';
  readonly roles: readonly NightRoleDef[];
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
  readonly settings: NightSettings;
}

/** 000 "mafia 1923": the eleven-step night order, plus the Paperboy the order leaves out. */
export const rules1923: NightRules = {
  id: 'mafia-1923-000',
  name: 'mafia 1923 (seed 000)',
  method: 'ordered',
  roles: roles1923,
  order: [
    'bureaucrat',
    'boss',
    'thief',
    'shadchan',
    'doctor',
    'bodyguard',
    'butler',
    'drunkard',
    'mafia',
    'detective',
    'paperboy',
    'poison-deaths',
  ],
  factionKills: { mafia: { kind: 'living-over', divisor: 20 } },
  factionOrders: 'single',
  guiltyFactions: ['mafia'],
  verdicts: { guilty: 'Mafia', innocent: 'not Mafia' },
  oneActionPerNight: false,
  assumedSteps: {
    paperboy: 'The Paperboy is described but not in the night order; Gavel places it after the Detective (step 10), before poison deaths.',
  },
  settings: defaultNightSettings,
};

const forumOrder = ['swap', 'redirect', 'block', 'protect', 'kill', 'faction-kill', 'investigate', 'track', 'poison-deaths'];

/** 001 Method 1, the simple method: one pass in a fixed order. */
export const rulesForumSimple: NightRules = {
  id: 'forum-template-001',
  name: 'Forum template, simple method (seed 001)',
  method: 'ordered',
  roles: rolesForum,
  order: forumOrder,
  factionKills: {},
  factionOrders: 'single',
  guiltyFactions: ['mafia'],
  verdicts: { guilty: 'Mafia', innocent: 'not Mafia' },
  oneActionPerNight: false,
  assumedSteps: {
    swap: 'The simple method gives no order table; Gavel applies swaps and redirections first, then blocks, protections, kills and investigations.',
  },
  settings: defaultNightSettings,
};

/** 001 Method 2, Reasonable Action Resolution. */
export const rulesForumReasonable: NightRules = {
  ...rulesForumSimple,
  id: 'forum-template-001-rar',
  name: 'Forum template, Reasonable Action Resolution (seed 001)',
  method: 'reasonable',
  assumedSteps: {},
};

/** 003 Detective Conan: ranked kill orders, last valid action stands, one action per night. */
export const rulesConan: NightRules = {
  ...rulesForumSimple,
  id: 'detective-conan-003',
  name: 'Detective Conan (seed 003)',
  roles: rolesConan,
  killRotation: true,
  guiltyFactions: ['bo'],
  verdicts: { guilty: 'Black Organization', innocent: 'not Black Organization' },
  oneActionPerNight: true,
  assumedSteps: {
    swap: 'The order of actions is not in the 003 fragment; Gavel uses the forum order (swaps, blocks, protections, kills, investigations).',
  },
};

/** 004, the Russian rule set: killers by night parity, reserve kills, insurance. */
export const rulesRussian: NightRules = {
  id: 'russian-004',
  name: 'Russian forum rules (seed 004)',
  method: 'ordered',
  roles: rolesRussian,
  order: ['blocker', 'doctor', 'faction-kill', 'peaceful-kill', 'check', 'poison-deaths'],
  killerNights: { mafia: 'odd', maniac: 'even' },
  killerOrder: { odd: ['mafia', 'maniac'], even: ['maniac', 'mafia'] },
  factionKills: {
    mafia: { kind: 'fixed', count: 1, reserve: true, maxPerMember: 1 },
    maniac: { kind: 'fixed', count: 1, reserve: true, maxPerMember: 2 },
  },
  factionOrders: 'per-member',
  guiltyFactions: ['mafia', 'maniac'],
  verdicts: { guilty: 'black', innocent: 'red' },
  oneActionPerNight: false,
  assumedSteps: {
    blocker: 'The base rules with the full night order are missing; Gavel lets the Blocker act before the Doctor and the killers.',
  },
  settings: defaultNightSettings,
};

/**
 * Every preset by id, for scenario files and the CLI. The long ids match the
 * game rulesets' `references.nightRules`; the short ones are for hand-written scenarios.
 */
export const nightRulePresets: Readonly<Record<string, NightRules>> = {
  'mafia-1923-000': rules1923,
  'forum-template-001': rulesForumSimple,
  'forum-template-001-rar': rulesForumReasonable,
  'detective-conan-003': rulesConan,
  'russian-004': rulesRussian,
  'mafia-1923': rules1923,
  'forum-simple': rulesForumSimple,
  'forum-rar': rulesForumReasonable,
  conan: rulesConan,
  russian: rulesRussian,
};
