import { ability, defaultTemplates, role, withNames, type PresetNames } from '../defaults';
import { defaultNightSettings } from '../../night/rules';
import type { Ruleset } from '../types';

/** The preset's names in Russian. */
const mafia1923Names: PresetNames = {
  ruleset: { ru: 'Мафия 1923 (семьи и семейный суд)' },
  factions: { civilians: { ru: 'Мирные жители' }, mafia: { ru: 'Мафия' } },
  roles: {
    townsperson: { ru: 'Горожанин' },
    'mafia-member': { ru: 'Член мафии' },
    'armed-robber': { ru: 'Вооружённый грабитель' },
    thief: { ru: 'Вор' },
    butler: { ru: 'Дворецкий' },
    boss: { ru: 'Босс' },
    drunkard: { ru: 'Пьяница' },
    bodyguard: { ru: 'Телохранитель' },
    'bumbling-bureaucrat': { ru: 'Бестолковый бюрократ' },
    councilor: { ru: 'Советник' },
    pacifist: { ru: 'Пацифист' },
    doctor: { ru: 'Доктор' },
    sheriff: { ru: 'Шериф' },
    paperboy: { ru: 'Разносчик газет' },
    witness: { ru: 'Свидетель' },
    'court-secretary': { ru: 'Секретарь суда' },
    lawyer: { ru: 'Адвокат' },
    shadchan: { ru: 'Шадхен' },
    detective: { ru: 'Детектив' },
  },
  abilities: {
    'mafia-kill': { ru: 'Убийство от имени мафии' },
    revenge: { ru: 'Месть' },
    steal: { ru: 'Украсть роль' },
    poison: { ru: 'Отравление' },
    'poison-immune': { ru: 'Невосприимчив к яду' },
    'mafia-shield': { ru: 'Переживает первые два покушения мафии' },
    cancel: { ru: 'Отмена действия' },
    'drunken-attack': { ru: 'Пьяное нападение на семью' },
    guard: { ru: 'Охрана' },
    'self-guard': { ru: 'Один раз сам себя охраняет' },
    redirect: { ru: 'Случайное перенаправление' },
    'extra-votes': { ru: 'Дополнительный голос семьи и личный голос' },
    'negative-votes': { ru: 'Отрицательный голос семьи и личный голос' },
    save: { ru: 'Спасение / лечение' },
    jail: { ru: 'Заключить под стражу игрока и семью' },
    deliver: { ru: 'Сообщить одному игроку роль другого' },
    'see-dead': { ru: 'Узнаёт роли погибших' },
    leak: { ru: 'Узнаёт 25% голосов' },
    defend: { ru: 'Защита в суде' },
    match: { ru: 'Влюбить двух игроков друг в друга' },
    inquire: { ru: 'Навести справки об игроке' },
  },
  statuses: {
    poisoned: { ru: 'отравлен' },
    injured: { ru: 'ранен' },
    exiled: { ru: 'изгнан' },
    'in-love': { ru: 'влюблён' },
  },
};

/**
 * "mafia 1923" (seed 000): families of 8 or 10, family court by day, the
 * game ends after Day 5. Each ability carries its limits and its night part;
 * the night resolves in the seed's eleven steps.
 */
const mafia1923Rules: Ruleset = {
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
    role('townsperson', 'Townsperson', [], 'No special abilities; must vote every day.', { plain: true }),
    role(
      'mafia-member',
      'Mafia Member',
      [
        ability('mafia-kill', 'Mafia kill', 'night', {
          selfTargetLimit: 0,
          tags: ['kill'],
          night: { effect: 'faction-kill', step: 'mafia', maxTargets: 10, negative: true },
        }),
      ],
      'Attempt living players ÷ 20 (rounded up) kills each night; may hold a second role.',
      { factionRole: true },
    ),
    role(
      'armed-robber',
      'Armed Robber',
      [ability('revenge', 'Revenge', 'passive', { tags: ['revenge'], night: { passive: 'revenge' } })],
      'Kills whoever killed him; killed by the court, kills whom he voted for if present.',
    ),
    role('thief', 'Thief', [
      ability('steal', 'Steal role', 'night', { usesPerGame: 1, selfTargetLimit: 0, night: { effect: 'steal', step: 'thief' } }),
    ]),
    role(
      'butler',
      'Butler',
      [
        ability('poison', 'Poison', 'night', { usesPerGame: 2, selfTargetLimit: 0, night: { effect: 'poison', step: 'butler' } }),
        ability('poison-immune', 'Immune to poison', 'passive', { night: { passive: 'poison-immune' } }),
        ability('mafia-shield', 'Survives the first two Mafia attempts', 'passive', {
          usesPerGame: 2,
          night: { passive: 'mafia-shield' },
        }),
      ],
      'Immune to poison; survives the first two Mafia attempts.',
    ),
    role(
      'boss',
      'Boss',
      [
        ability('cancel', 'Cancel action', 'night', {
          selfTargetLimit: 0,
          night: {
            effect: 'block',
            step: 'boss',
            spares: 'faction-kill',
            tellsTarget: 'Any night action you may have attempted last night did not happen because of a Boss.',
          },
        }),
      ],
      'Cannot prevent Mafia kills.',
    ),
    role('drunkard', 'Drunkard', [
      ability('drunken-attack', 'Drunken attack on a family', 'night', {
        usesPerGame: 1,
        night: { effect: 'drunk-kill', step: 'drunkard', targetKind: 'family' },
      }),
    ]),
    role(
      'bodyguard',
      'Bodyguard',
      [
        ability('guard', 'Guard', 'night', {
          selfTargetLimit: 1,
          night: { effect: 'guard', step: 'bodyguard', protectsFrom: ['faction-kill', 'poison', 'drunk'] },
        }),
        ability('self-guard', 'Guards himself automatically once', 'passive', { usesPerGame: 1, night: { passive: 'self-guard' } }),
      ],
      'The attacker is injured; automatic self-protection once.',
    ),
    role('bumbling-bureaucrat', 'Bumbling Bureaucrat', [
      ability('redirect', 'Redirect randomly', 'night', {
        usesPerGame: 2,
        selfTargetLimit: 0,
        night: { effect: 'bumble', step: 'bureaucrat' },
      }),
    ]),
    role('councilor', 'Councilor', [ability('extra-votes', 'Extra family and individual vote', 'passive')]),
    role('pacifist', 'Pacifist', [ability('negative-votes', 'Negative family and individual vote', 'passive')]),
    role('doctor', 'Doctor', [
      ability('save', 'Save / cure', 'night', {
        selfTargetLimit: 2,
        tags: ['stop-night-kill'],
        night: { effect: 'protect', step: 'doctor', protectsFrom: ['faction-kill', 'poison'], cures: true },
      }),
    ]),
    role(
      'sheriff',
      'Sheriff',
      // "Sheriffs may only protect their own family once and themselves once."
      [
        ability('jail', 'Jail a player and a family', 'day', {
          usesPerGame: 2,
          selfTargetLimit: 1,
          ownFamilyLimit: 1,
          targets: 2,
          tags: ['jail'],
        }),
      ],
      'Own family only once.',
    ),
    role('paperboy', 'Paperboy', [
      ability('deliver', 'Tell one player another’s role', 'night', {
        usesPerGame: 2,
        selfTargetLimit: 0,
        targets: 2,
        night: { effect: 'inform', step: 'paperboy' },
      }),
    ]),
    role('witness', 'Witness', [ability('see-dead', 'Learns roles of the dead', 'passive', { night: { passive: 'witness' } })]),
    role('court-secretary', 'Court Secretary', [ability('leak', 'Told 25% of the votes', 'passive')]),
    role('lawyer', 'Lawyer', [ability('defend', 'Defend in court', 'day', { selfTargetLimit: 1, tags: ['defend'] })]),
    role(
      'shadchan',
      'Shadchan',
      [ability('match', 'Make two players fall in love', 'night', { targets: 2, night: { effect: 'love', step: 'shadchan' } })],
      'Night step 4: chooses two players to fall in love with each other.',
    ),
    role(
      'detective',
      'Detective',
      [ability('inquire', 'Inquire about a player', 'night', { selfTargetLimit: 0, night: { effect: 'learn-role', step: 'detective' } })],
      'Night step 10; the seed does not say what an inquiry returns (night setting detectiveLearns).',
    ),
  ],
  statuses: [
    // "A player who is poisoned remains poisoned until the end of the following night" and then dies unless a Doctor saves them.
    { id: 'poisoned', name: 'poisoned', public: true, defaultPhases: 3, night: { mechanic: 'poison' } },
    // "Cannot vote or perform any actions for the day and night following getting injured."
    {
      id: 'injured',
      name: 'injured',
      blocksVoting: true,
      blocksActions: true,
      defaultPhases: 3,
      night: { mechanic: 'injury', cannotAct: true },
    },
    // "In terms of number of players alive for the Mafia or for a family, they are considered not living."
    {
      id: 'exiled',
      name: 'exiled',
      blocksVoting: true,
      blocksActions: true,
      removedForWin: true,
      barsWin: true,
      night: { out: true },
    },
    // The Shadchan's pair: "only the pair is told about their new partner".
    { id: 'in-love', name: 'in love', night: { mechanic: 'love' } },
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
    courtTieWithoutVotes: 'nobody',
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
    {
      setting: 'voting.courtTieWithoutVotes',
      question:
        'A family in court whose living members all have no individual votes: are all of them "tied" and killed, or nobody? (nobody)',
    },
    {
      setting: 'voting.unvotedFamiliesGoToCourt',
      question: 'Fewer families received votes than the court holds: do unvoted families go?',
    },
    { setting: 'voting.strikesToExile', question: 'Does one improper vote plus one missed vote exile? (strikes are combined)' },
    {
      setting: 'setup.mafiaSecondRoles',
      question: '"Here is a list of possible roles Mafia Members may have:" and the list is missing: any role (default) or a list.',
    },
    {
      setting: 'night.settings.detectiveLearns',
      question: 'The Detective is named in the night order ("choose someone to inquire about") but not described: what an inquiry returns.',
    },
    {
      setting: 'phaseEnd.loversDieTogether',
      question:
        'The Shadchan\'s pair "fall in love with each other"; the seed says no more. Does a lover follow the partner in death? (no)',
    },
    { setting: 'announcements.voteLeakRoles', question: 'The Court Secretary’s 25%: of which total? (the counted individual votes)' },
  ],
  night: {
    method: 'ordered',
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
      paperboy:
        'The Paperboy is described but not in the night order; Gavel places it after the Detective (step 10), before poison deaths.',
    },
    settings: defaultNightSettings,
  },
  // "Every family will consist of either 8 or 10 players. Families of 8 will have 1 Mafia Member, and families of 10 will have 2."
  // "Every player must sign up as one of three levels: Beginner, Standard, or Spectator. … Beginners can only be Townspeople or
  // Mafia Members and nothing else. Standard players may be given any role in the game."
  setup: {
    families: [
      { size: 8, mafia: 1 },
      { size: 10, mafia: 2 },
    ],
    levels: {
      beginner: { name: 'Beginner', names: { ru: 'Новичок' }, roles: ['townsperson', 'mafia-member'], plays: true },
      standard: { name: 'Standard', names: { ru: 'Обычный игрок' }, plays: true },
      spectator: { name: 'Spectator', names: { ru: 'Зритель' }, plays: false },
    },
    mafiaSecondRoles: 'any',
  },
  phaseEnd: { loversDieTogether: false },
  references: { breachRules: '000' },
};

/** The preset, with its names in other languages. */
export const mafia1923: Ruleset = withNames(mafia1923Rules, mafia1923Names);
