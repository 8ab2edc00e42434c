/**
 * Seed 004's roles with a day part on the vote (the "004 day" helper's file):
 * the Terrorist, the Liar, the Lawyer and the Drug dealer, and the statuses
 * the vote reads. The tally reads them through `voting.day` (the ability ids
 * and statuses named there), never by a role's name. A role's night part, if
 * it has one, is another helper's: a night ability is added to the role there.
 */
import { ability, role } from '../../defaults';
import type { PluralityDayRules, RulesetRole, StatusDef } from '../../types';
import type { LocalNames } from '../../types';
import { dayClock004, roleDay004 } from './day-roles-2';
import { huntApproval004 } from './hunt-approval';

export const dayRoles004: readonly RulesetRole[] = [
  // L23: the detonator is sent before the vote, once a game; his lynch blocks everyone who voted against him.
  role(
    'terrorist',
    'Terrorist (Террорист)',
    [ability('detonate', 'Detonator: blow up with one player (once)', 'day', { usesPerGame: 1, selfTargetLimit: 0 })],
    'Lynched: everyone who voted against him is blocked for a game day. Once a game, a detonator before the vote: only he and his target are hit.',
  ),
  // L32: after the last vote, compromises up to two players; naming himself gives him a double barrier.
  role('liar', 'Liar (Лжец)', [ability('scandal', 'Compromise up to two players', 'day', { targets: 2 })]),
  // L28: legal protection like the vertical of power on a player checked red, never himself; +1 against one checked black.
  role('lawyer', 'Lawyer (Адвокат)', [ability('legal-protection', 'Legal protection', 'day', { selfTargetLimit: 0 })]),
  // L34: the drugged carry a barrier and vote at most 1; bought votes are the host's weight on the dealer's vote.
  role(
    'drug-dealer',
    'Drug dealer (Наркодилер)',
    [],
    'Drugged players (status "drugged") vote at most 1 and carry a barrier; bought votes are his vote weight.',
  ),
];

/** The statuses the 004 vote reads (see `dayRules004`). */
export const dayStatuses004: readonly StatusDef[] = [
  // L33: the Judge's weight after it moved (the value); written by the tally.
  { id: 'vote-weight', name: 'vote weight' },
  // L136: inactive all day: the player's vote counts against himself at the start of the vote.
  { id: 'inactive', name: 'inactive all day (votes against himself)', public: true, defaultPhases: 1 },
  // L35/L157: a player the Hero saved; a lone lynch of him later brings an extra vote.
  { id: 'hero-saved', name: 'saved by the Hero' },
];
// The Drug dealer's `drugged` and the Lawyer's `lawyer-checked-black` statuses are given at night (peaceful-a.ts);
// the day reads them: a drugged player votes at most 1 behind a barrier (L34), a Lawyer's vote against a player he
// checked black counts one more (L28).

/** 004's day rulings (digest §2): the tally's `voting.day`. */
export const dayRules004: PluralityDayRules = {
  abstainBecomesAutoVote: true,
  // L125, L127, L129: "против него нельзя голосовать" (Agent, Mason, Servant).
  immuneRoles: ['mason', 'agent', 'servant'],
  protectAbilities: ['legal-protection'],
  verticalDefault: { status: 'vertical', title: 'secretary', whileTitle: 'mayor' },
  fireByVote: { byTitle: 'mayor', title: 'secretary' },
  electionRunoffCandidatesVote: false,
  weightStatus: 'vote-weight',
  weightShifts: [
    {
      role: 'judge',
      start: 6,
      max: 6,
      min: 0,
      redVotedAgainst: -3,
      redOther: -2,
      blackVotedAgainst: 1,
      barrierFloor: { above: 3, floor: 2 },
    },
  ],
  tieSettlerRoles: ['judge'],
  roleBarriers: [
    { role: 'hero', start: 1, perRedLynch: 0 },
    { role: 'priest', start: 3, perRedLynch: -1 },
  ],
  voteCaps: { drugged: 1 },
  bonusAgainst: [
    { status: 'lawyer-checked-black', roles: ['lawyer'], bonus: 1 },
    // L95: "Против всех успешно прочеканных игроков голос будет увеличен на единицу" (the black Lawyer).
    { status: 'lawyer-checked-red', roles: ['lawyer'], bonus: 1, colors: ['black'] },
  ],
  forgiveAbility: 'forgive',
  saveAbility: 'save',
  savedStatus: 'hero-saved',
  compromiseAbility: 'scandal',
  confirmAbility: 'name-witnesses',
  detonateAbility: 'detonate',
  blastRoles: ['terrorist'],
  blastStatus: 'blocked',
  blastPhases: 2,
  crippleStatus: 'crippled',
  extraVoteAfterLone: { colors: ['grey'], statuses: ['hero-saved'] },
  huntApprovalShare: 0.5,
  forcedSelfVoteStatus: 'inactive',
  activeCount: 'alive',
  roleDay: roleDay004,
  clock: dayClock004,
  huntApproval: huntApproval004,
};

/** Their names as the seed writes them. */
export const dayNames004: {
  readonly roles: Readonly<Record<string, LocalNames>>;
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  roles: {
    terrorist: { en: 'Terrorist', ru: 'Террорист' },
    liar: { en: 'Liar', ru: 'Лжец' },
    lawyer: { en: 'Lawyer', ru: 'Адвокат' },
    'drug-dealer': { en: 'Drug dealer', ru: 'Наркодилер' },
  },
  abilities: {
    detonate: { ru: 'Детонатор' },
    scandal: { ru: 'Скандал (скомпрометировать до двух игроков)' },
  },
  statuses: {
    'vote-weight': { ru: 'вес голоса' },
    inactive: { ru: 'проинактивил весь день (автоголос против себя)' },
    'hero-saved': { ru: 'спасён героем' },
  },
};
