import { ability, defaultTemplates, role } from '../defaults';
import type { Ruleset } from '../types';

/**
 * "mafia 1923" (seed 000): families of 8 or 10, family court by day, the
 * game ends after Day 5. Night abilities are listed with their limits; what
 * they do at night is the night rules' business.
 */
export const mafia1923: Ruleset = {
  id: 'mafia-1923-000',
  name: 'Mafia 1923 (families and family court)',
  source: 'seed 000 "mafia 1923"',
  firstPhase: 'night',
  factions: [
    { id: 'civilians', name: 'Civilians', kind: 'town' },
    { id: 'mafia', name: 'Mafia', kind: 'mafia', knowsMembers: true },
  ],
  families: [],
  roles: [
    role('townsperson', 'Townsperson', [], 'No special abilities; must vote every day.'),
    role(
      'mafia-member',
      'Mafia Member',
      [ability('mafia-kill', 'Mafia kill', 'night', { tags: ['kill'] })],
      'Attempt living players ÷ 20 (rounded up) kills each night; may hold a second role.',
    ),
    role(
      'armed-robber',
      'Armed Robber',
      [ability('revenge', 'Revenge', 'passive', { tags: ['revenge'] })],
      'Kills whoever killed him; killed by the court, kills whom he voted for if present.',
    ),
    role('thief', 'Thief', [ability('steal', 'Steal role', 'night', { usesPerGame: 1, selfTargetLimit: 0 })]),
    role(
      'butler',
      'Butler',
      [ability('poison', 'Poison', 'night', { usesPerGame: 2 })],
      'Immune to poison; survives the first two Mafia attempts.',
    ),
    role('boss', 'Boss', [ability('cancel', 'Cancel action', 'night', { selfTargetLimit: 0 })], 'Cannot prevent Mafia kills.'),
    role('drunkard', 'Drunkard', [ability('drunken-attack', 'Drunken attack on a family', 'night', { usesPerGame: 1 })]),
    role(
      'bodyguard',
      'Bodyguard',
      [ability('guard', 'Guard', 'night', { selfTargetLimit: 1 })],
      'The attacker is injured; automatic self-protection once.',
    ),
    role('bumbling-bureaucrat', 'Bumbling Bureaucrat', [ability('redirect', 'Redirect randomly', 'night', { usesPerGame: 2 })]),
    role('councilor', 'Councilor', [ability('extra-votes', 'Extra family and individual vote', 'passive')]),
    role('pacifist', 'Pacifist', [ability('negative-votes', 'Negative family and individual vote', 'passive')]),
    role('doctor', 'Doctor', [ability('save', 'Save / cure', 'night', { selfTargetLimit: 2, tags: ['stop-night-kill'] })]),
    role(
      'sheriff',
      'Sheriff',
      [ability('jail', 'Jail a player and a family', 'day', { usesPerGame: 2, selfTargetLimit: 1, targets: 2, tags: ['jail'] })],
      'Own family only once.',
    ),
    role('paperboy', 'Paperboy', [
      ability('deliver', 'Tell one player another’s role', 'night', { usesPerGame: 2, selfTargetLimit: 0, targets: 2 }),
    ]),
    role('witness', 'Witness', [ability('see-dead', 'Learns roles of the dead', 'passive')]),
    role('court-secretary', 'Court Secretary', [ability('leak', 'Told 25% of the votes', 'passive')]),
    role('lawyer', 'Lawyer', [ability('defend', 'Defend in court', 'day', { selfTargetLimit: 1, tags: ['defend'] })]),
  ],
  statuses: [
    { id: 'poisoned', name: 'poisoned', public: true, defaultPhases: 3 },
    { id: 'injured', name: 'injured', blocksVoting: true, blocksActions: true, defaultPhases: 3 },
    { id: 'exiled', name: 'exiled', blocksVoting: true, blocksActions: true, removedForWin: true, barsWin: true },
  ],
  titles: [],
  voting: {
    kind: 'family-court',
    courtSize: 3,
    extraVoteRoles: ['councilor'],
    negativeVoteRoles: ['pacifist'],
    jailAbility: 'jail',
    defendAbility: 'defend',
    revengeRoles: ['armed-robber'],
    improperVotesTallied: false,
    strikesToExile: 2,
    unvotedFamiliesGoToCourt: false,
    defendedInTie: 'others-die',
    votesAgainstAbsentCount: false,
    // "These votes are cast at the same time using the same form": the thread holds no votes.
    votesInThread: false,
  },
  win: { kind: 'families-after-day', afterDay: 5, mafiaShare: 0.5 },
  announcements: {
    publicStatuses: ['poisoned'],
    revealOnDeath: 'nothing',
    showWills: false,
    voteResults: 'totals',
    voteLeakRoles: [{ role: 'court-secretary', share: 0.25 }],
    deathRoleRoles: ['witness'],
    publicNightResults: [],
    templates: defaultTemplates,
  },
  openQuestions: [
    { setting: 'voting.improperVotesTallied', question: 'Are improper votes still tallied?' },
    { setting: 'voting.defendedInTie', question: 'The Lawyer defends one of several players tied for most votes.' },
    { setting: 'voting.votesAgainstAbsentCount', question: 'Do votes against an injured (absent) player count?' },
    { setting: 'voting.unvotedFamiliesGoToCourt', question: 'Fewer families received votes than the court holds: do unvoted families go?' },
    { setting: 'voting.strikesToExile', question: 'Does one improper vote plus one missed vote exile? (strikes are combined)' },
    { setting: 'announcements.voteLeakRoles', question: 'The Court Secretary’s 25%: of which total? (the counted individual votes)' },
  ],
  references: { breachRules: '000', nightRules: 'mafia-1923-000' },
};
