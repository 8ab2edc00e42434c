/**
 * Roles as data. A role is a list of abilities (what a player may send in a
 * PM) and passives (what happens to them whether they want it or not). Each
 * ability names an effect kind the resolvers know, plus its limits; adding a
 * role that combines known effects touches only this file (or a ruleset's own
 * role table), never a resolver.
 */
import type { NightDeathCause } from './types';

/** What an ability does, in terms both resolvers understand. */
export type NightEffectKind =
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
  /** A day ability: refused at night, resolved by the day rules. */
  | 'day';

/** What a player carries passively. */
export type NightPassiveKind =
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
  | 'receive-checks';

/** Who an ability may target. */
export interface NightTargetSpec {
  /** How many targets (exactly, unless `max` is set). */
  readonly count: number;
  /** Up to this many targets; for faction kills the night's kill count caps it further. */
  readonly max?: number;
  /** Players, or whole families (000 Drunkard). */
  readonly kind: 'player' | 'family';
  /** 001 default: no self-targeting unless the role says so. */
  readonly self: 'never' | 'allowed' | 'only';
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
  /** A result announced publicly in the morning (004): `hit` when the ability did something, `miss` otherwise. */
  readonly publicResult?: { readonly role: string; readonly hit: string; readonly miss: string };
  /** Counts as a negative (black) move for a Blocker's protection (004). */
  readonly negative?: boolean;
}

export interface NightRoleDef {
  readonly id: string;
  readonly name: string;
  /** Where the role is described. */
  readonly source: string;
  readonly abilities: readonly NightAbilityDef[];
  readonly passives?: readonly NightPassiveKind[];
  /** Uses of passive protections per game (vest 1, mafia-shield 2, self-guard 1). */
  readonly passiveUses?: Partial<Readonly<Record<NightPassiveKind, number>>>;
  /** A role that counts as "no role" for a Thief (000 Townsperson). */
  readonly plain?: boolean;
  /** A faction role held on top of a second role (000 Mafia Member, 004 blacks). */
  readonly factionRole?: boolean;
}

const anyone = (count = 1): NightTargetSpec => ({ count, kind: 'player', self: 'never' });

const mafiaKill = (step = 'faction-kill', id = 'factional-kill'): NightAbilityDef => ({
  id,
  effect: 'faction-kill',
  phase: 'night',
  targets: { count: 1, max: 10, kind: 'player', self: 'never' },
  step,
  negative: true,
});

const day = (id: string, count = 1): NightAbilityDef => ({
  id,
  effect: 'day',
  phase: 'day',
  targets: { count, kind: 'player', self: 'allowed' },
  step: 'day',
});

/** The roles of 000 "mafia 1923" (families, Mafia Members with a second role). */
export const roles1923: readonly NightRoleDef[] = [
  { id: 'townsperson', name: 'Townsperson', source: '000', abilities: [], plain: true },
  { id: 'mafia-member', name: 'Mafia Member', source: '000', abilities: [mafiaKill('mafia', 'mafia-kill')], factionRole: true },
  {
    id: 'armed-robber',
    name: 'Armed Robber',
    source: '000',
    abilities: [],
    passives: ['revenge'],
  },
  {
    id: 'thief',
    name: 'Thief',
    source: '000',
    abilities: [{ id: 'steal', effect: 'steal', phase: 'night', targets: anyone(), uses: 1, step: 'thief' }],
  },
  {
    id: 'butler',
    name: 'Butler',
    source: '000',
    abilities: [{ id: 'poison', effect: 'poison', phase: 'night', targets: anyone(), uses: 2, step: 'butler' }],
    passives: ['poison-immune', 'mafia-shield'],
    passiveUses: { 'mafia-shield': 2 },
  },
  {
    id: 'boss',
    name: 'Boss',
    source: '000',
    abilities: [
      {
        id: 'cancel',
        effect: 'block',
        phase: 'night',
        targets: anyone(),
        step: 'boss',
        spares: 'faction-kill',
        tellsTarget: 'Any night action you may have attempted last night did not happen because of a Boss.',
      },
    ],
  },
  {
    id: 'drunkard',
    name: 'Drunkard',
    source: '000',
    abilities: [
      {
        id: 'drunken-attack',
        effect: 'drunk-kill',
        phase: 'night',
        targets: { count: 1, kind: 'family', self: 'allowed' },
        uses: 1,
        step: 'drunkard',
      },
    ],
  },
  {
    id: 'bodyguard',
    name: 'Bodyguard',
    source: '000',
    abilities: [
      {
        id: 'guard',
        effect: 'guard',
        phase: 'night',
        targets: { count: 1, kind: 'player', self: 'allowed' },
        selfUses: 1,
        step: 'bodyguard',
        protectsFrom: ['faction-kill', 'poison', 'drunk'],
      },
    ],
    passives: ['self-guard'],
    passiveUses: { 'self-guard': 1 },
  },
  {
    id: 'bumbling-bureaucrat',
    name: 'Bumbling Bureaucrat',
    source: '000',
    abilities: [{ id: 'redirect', effect: 'bumble', phase: 'night', targets: anyone(), uses: 2, step: 'bureaucrat' }],
  },
  { id: 'councilor', name: 'Councilor', source: '000', abilities: [day('extra-votes', 2)] },
  { id: 'pacifist', name: 'Pacifist', source: '000', abilities: [day('negative-votes', 2)] },
  {
    id: 'doctor',
    name: 'Doctor',
    source: '000',
    abilities: [
      {
        id: 'save',
        effect: 'protect',
        phase: 'night',
        targets: { count: 1, kind: 'player', self: 'allowed' },
        selfUses: 2,
        step: 'doctor',
        protectsFrom: ['faction-kill', 'poison'],
        cures: true,
      },
    ],
  },
  { id: 'sheriff', name: 'Sheriff', source: '000', abilities: [{ ...day('jail', 2), uses: 2 }] },
  {
    id: 'paperboy',
    name: 'Paperboy',
    source: '000',
    abilities: [{ id: 'deliver', effect: 'inform', phase: 'night', targets: anyone(2), uses: 2, step: 'paperboy' }],
  },
  { id: 'witness', name: 'Witness', source: '000', abilities: [], passives: ['witness'] },
  { id: 'court-secretary', name: 'Court Secretary', source: '000', abilities: [] },
  { id: 'lawyer', name: 'Lawyer', source: '000', abilities: [day('defend')] },
  {
    id: 'shadchan',
    name: 'Shadchan',
    source: '000',
    abilities: [{ id: 'match', effect: 'love', phase: 'night', targets: { count: 2, kind: 'player', self: 'allowed' }, step: 'shadchan' }],
  },
  {
    id: 'detective',
    name: 'Detective',
    source: '000',
    abilities: [{ id: 'inquire', effect: 'learn-role', phase: 'night', targets: anyone(), step: 'detective' }],
  },
];

const cop = (id: string, name: string, sanity: 'sane' | 'insane' | 'naive' | 'paranoid'): NightRoleDef => ({
  id,
  name,
  source: '001',
  abilities: [
    {
      id: 'investigate',
      effect: 'investigate',
      phase: 'night',
      targets: { count: 1, kind: 'player', self: 'allowed' },
      step: 'investigate',
      sanity,
    },
  ],
});

/** The standard forum set of 001 (Gorny's template and Reasonable Action Resolution). */
export const rolesForum: readonly NightRoleDef[] = [
  { id: 'vanilla', name: 'Vanilla Townie', source: '001', abilities: [], plain: true },
  { id: 'treestump', name: 'Treestump', source: '001', abilities: [], plain: true },
  { id: 'goon', name: 'Mafia Goon', source: '001', abilities: [mafiaKill()] },
  { id: 'hitman', name: 'Mafia Hitman', source: '001', abilities: [mafiaKill()] },
  cop('cop', 'Cop', 'sane'),
  cop('insane-cop', 'Insane Cop', 'insane'),
  cop('naive-cop', 'Naive Cop', 'naive'),
  cop('paranoid-cop', 'Paranoid Cop', 'paranoid'),
  {
    id: 'doctor',
    name: 'Doctor',
    source: '001',
    abilities: [{ id: 'protect', effect: 'protect', phase: 'night', targets: anyone(), step: 'protect' }],
  },
  {
    id: 'bus-driver',
    name: 'Bus Driver',
    source: '001',
    abilities: [{ id: 'swap', effect: 'swap', phase: 'night', targets: { count: 2, kind: 'player', self: 'allowed' }, step: 'swap' }],
  },
  {
    id: 'redirector',
    name: 'Redirector',
    source: '001',
    abilities: [{ id: 'redirect', effect: 'redirect', phase: 'night', targets: anyone(2), step: 'redirect' }],
  },
  {
    id: 'roleblocker',
    name: 'Roleblocker',
    source: '001',
    abilities: [{ id: 'block', effect: 'block', phase: 'night', targets: anyone(), step: 'block' }],
  },
  {
    id: 'mafia-roleblocker',
    name: 'Mafia Roleblocker',
    source: '001',
    abilities: [mafiaKill(), { id: 'block', effect: 'block', phase: 'night', targets: anyone(), step: 'block' }],
  },
  {
    id: 'jailkeeper',
    name: 'Jailkeeper',
    source: '001',
    abilities: [{ id: 'jail', effect: 'jail', phase: 'night', targets: anyone(), step: 'block' }],
  },
  {
    id: 'vigilante',
    name: 'Vigilante',
    source: '001',
    abilities: [{ id: 'shoot', effect: 'kill', phase: 'night', targets: anyone(), step: 'kill' }],
  },
  {
    id: 'tracker',
    name: 'Tracker',
    source: '001',
    abilities: [{ id: 'track', effect: 'track', phase: 'night', targets: anyone(), step: 'track' }],
  },
  {
    id: 'watcher',
    name: 'Watcher',
    source: '001',
    abilities: [{ id: 'watch', effect: 'watch', phase: 'night', targets: anyone(), step: 'track' }],
  },
  {
    id: 'vest',
    name: 'Vanilla Townie (one-shot bulletproof vest)',
    source: '001',
    abilities: [],
    passives: ['vest'],
    passiveUses: { vest: 1 },
  },
  { id: 'paranoid-gun-owner', name: 'Paranoid Gun Owner', source: '001', abilities: [], passives: ['pgo'] },
];

const blockerResult = { role: 'Blocker', hit: 'hit (попал)', miss: 'missed (не попал)' } as const;

/** 004's base roles and killers (the Russian rule set), as far as the digest describes them. */
export const rolesRussian: readonly NightRoleDef[] = [
  { id: 'citizen', name: 'Citizen', source: '004', abilities: [], plain: true },
  {
    id: 'mafia',
    name: 'Mafia',
    source: '004',
    factionRole: true,
    abilities: [
      mafiaKill('faction-kill', 'kill'),
      {
        id: 'insure',
        effect: 'insure',
        phase: 'night',
        targets: { count: 0, kind: 'player', self: 'never' },
        step: 'faction-kill',
        negative: true,
      },
    ],
  },
  {
    id: 'maniac',
    name: 'Maniac',
    source: '004',
    factionRole: true,
    abilities: [{ ...mafiaKill('faction-kill', 'kill'), targets: { count: 1, max: 2, kind: 'player', self: 'never' } }],
  },
  {
    id: 'doctor',
    name: 'Doctor',
    source: '004',
    abilities: [
      {
        id: 'heal',
        effect: 'protect',
        phase: 'night',
        targets: { count: 1, kind: 'player', self: 'allowed' },
        step: 'doctor',
        publicResult: { role: 'Doctor', hit: 'hit (попал)', miss: 'missed (не попал)' },
      },
    ],
  },
  {
    id: 'blocker',
    name: 'Blocker',
    source: '004',
    abilities: [
      { id: 'block', effect: 'block', phase: 'night', targets: anyone(), step: 'blocker', publicResult: blockerResult },
      {
        id: 'protect',
        effect: 'jail',
        phase: 'night',
        targets: anyone(),
        step: 'blocker',
        spares: 'negative',
        publicResult: blockerResult,
      },
    ],
  },
  {
    id: 'commissar',
    name: 'Commissar',
    source: '004',
    abilities: [
      {
        id: 'check',
        effect: 'investigate',
        phase: 'night',
        targets: anyone(),
        step: 'check',
        sanity: 'sane',
        publicResult: { role: 'Commissar', hit: 'check went through (чек прошел)', miss: 'check did not go through (чек не прошел)' },
      },
    ],
  },
  {
    id: 'detective',
    name: 'Detective',
    source: '004',
    abilities: [{ id: 'track', effect: 'track', phase: 'night', targets: anyone(), step: 'check' }],
  },
  {
    id: 'investigator',
    name: 'Investigator',
    source: '004',
    abilities: [
      {
        id: 'investigate',
        effect: 'kill',
        phase: 'night',
        targets: anyone(),
        step: 'peaceful-kill',
        onlyWhenNoLiving: ['commissar', 'detective'],
      },
    ],
    passives: ['receive-checks'],
  },
  { id: 'active-citizen', name: 'Active Citizen', source: '004', abilities: [], passives: ['inherit-role'] },
];

/**
 * 003 Detective Conan, as far as the fragment goes: the Black Organization's
 * ranked night kill, arrests (an arrested player cannot act and cannot be
 * killed; tonight that is a jail), and Akai, whose Vengeance is the one
 * action a death does not nullify (passive revenge).
 */
export const rolesConan: readonly NightRoleDef[] = [
  { id: 'townsfolk', name: 'Townsfolk', source: '003', abilities: [], plain: true },
  { id: 'traveler', name: 'Traveler', source: '003', abilities: [], plain: true },
  { id: 'bo-member', name: 'BO member', source: '003', abilities: [mafiaKill('faction-kill', 'night-kill'), day('aptx')] },
  { id: 'tequila', name: 'Tequila', source: '003', abilities: [mafiaKill('faction-kill', 'night-kill'), day('hinder')] },
  {
    id: 'police',
    name: 'Police',
    source: '003',
    abilities: [{ id: 'arrest', effect: 'jail', phase: 'night', targets: anyone(), step: 'block' }],
  },
  {
    id: 'detective',
    name: 'Detective',
    source: '003',
    abilities: [{ id: 'investigate', effect: 'investigate', phase: 'night', targets: anyone(), step: 'investigate', sanity: 'sane' }],
  },
  {
    id: 'doctor',
    name: 'Doctor',
    source: '003',
    abilities: [{ id: 'heal', effect: 'protect', phase: 'night', targets: { count: 1, kind: 'player', self: 'allowed' }, step: 'protect' }],
  },
  {
    id: 'bodyguard',
    name: 'Bodyguard',
    source: '003',
    abilities: [{ id: 'protect', effect: 'protect', phase: 'night', targets: anyone(), step: 'protect' }],
  },
  { id: 'akai', name: 'Akai', source: '003', abilities: [], passives: ['revenge'] },
];
