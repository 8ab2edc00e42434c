import { defaultNightSettings } from '../../night/rules';
import { ability, defaultTemplates, role, withNames, type PresetNames } from '../defaults';
import type { Ruleset, RulesetAbility } from '../types';

/** The Black Organization's ranked night kill (one order a night: the leader's, else the highest rank's). */
const nightKill = (): RulesetAbility =>
  ability('night-kill', 'Night kill', 'night', {
    selfTargetLimit: 0,
    // "Crimes: Killing (normal killing, bribe-killing, APTX)."
    tags: ['kill', 'crime'],
    night: { effect: 'faction-kill', step: 'faction-kill', maxTargets: 10, negative: true },
  });

/**
 * Every BO member's abilities: the night kill, the APTX4869 pill ("Each
 * member can only use one pill per phase"; APTX is a crime) and the Black
 * Suitcase's hand-out (only the leader's counts).
 */
const boAbilities = (): RulesetAbility[] => [
  nightKill(),
  ability('aptx', 'APTX4869', 'day', { tags: ['kill', 'crime'], usesPerPhase: 1 }),
  ability('suitcase', 'Hand out the Black Suitcase', 'day', { tags: ['suitcase'] }),
];

/** The preset's names in Russian. */
const detectiveConanNames: PresetNames = {
  ruleset: { ru: 'Детектив Конан (Чёрная организация)' },
  factions: { town: { ru: 'Город' }, bo: { ru: 'Чёрная организация' } },
  roles: {
    townsfolk: { ru: 'Горожанин' },
    police: { ru: 'Полицейский' },
    detective: { ru: 'Детектив' },
    doctor: { ru: 'Доктор' },
    bodyguard: { ru: 'Телохранитель' },
    traveler: { ru: 'Путешественник' },
    akai: { ru: 'Акаи' },
    'bo-member': { ru: 'Член Чёрной организации' },
    tequila: { ru: 'Текила' },
    kazuha: { ru: 'Кадзуха' },
    satou: { ru: 'Сато' },
    'voice-of-reason': { ru: 'Голос разума' },
    pisco: { ru: 'Писко' },
  },
  abilities: {
    arrest: { ru: 'Арест' },
    investigate: { ru: 'Расследование' },
    heal: { ru: 'Лечение' },
    protect: { ru: 'Защита' },
    vengeance: { ru: 'Месть' },
    'night-kill': { ru: 'Ночное убийство' },
    aptx: { ru: 'Яд APTX4869' },
    hinder: { ru: 'Помеха' },
    accompany: { ru: 'Сопровождение' },
    release: { ru: 'Освобождение' },
    'voice-of-reason': { ru: 'Голос разума' },
    'erase-body': { ru: 'Убрать тело' },
    suitcase: { ru: 'Чёрный чемоданчик' },
  },
  statuses: {
    abroad: { ru: 'за границей' },
    injured: { ru: 'ранен' },
    suspended: { ru: 'отстранён' },
    arrested: { ru: 'арестован' },
    hindered: { ru: 'скован помехой' },
    aptxed: { ru: 'отравлен APTX' },
    lover: { ru: 'влюблён' },
    suitcase: { ru: 'с чёрным чемоданчиком' },
  },
};

/**
 * Detective Conan (seed 003): the Black Organization against the town; dead,
 * abroad, arrested and hindered players cannot vote; votes are made public at
 * day end; wills are shown; the game ends only when a side's win is impossible.
 */
const detectiveConanRules: Ruleset = {
  id: 'detective-conan-003',
  name: 'Detective Conan (Black Organization)',
  source: 'seed 003 (Detective Conan rules fragment)',
  firstPhase: 'night',
  factions: [
    { id: 'town', name: 'Town', kind: 'town' },
    { id: 'bo', name: 'Black Organization', kind: 'mafia', knowsMembers: true },
  ],
  families: [],
  roles: [
    role('townsfolk', 'Townsfolk', [], undefined, { plain: true }),
    role(
      'police',
      'Police',
      [ability('arrest', 'Arrest', 'night', { selfTargetLimit: 0, tags: ['arrest'], night: { effect: 'jail', step: 'block' } })],
      'A false arrest suspends the officer for the phase and two more.',
    ),
    role('detective', 'Detective', [
      ability('investigate', 'Investigate', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'investigate', step: 'investigate', sanity: 'sane' },
      }),
    ]),
    role('doctor', 'Doctor', [
      ability('heal', 'Heal', 'night', { tags: ['stop-night-kill'], night: { effect: 'protect', step: 'protect' } }),
    ]),
    role('bodyguard', 'Bodyguard', [
      ability('protect', 'Protect', 'night', {
        selfTargetLimit: 0,
        tags: ['stop-night-kill'],
        night: { effect: 'protect', step: 'protect' },
      }),
    ]),
    role('traveler', 'Traveler', [], 'Starts the game abroad.', { plain: true }),
    // Vengeance is the one action a death does not nullify: a passive revenge.
    role('akai', 'Akai', [ability('vengeance', 'Vengeance', 'passive', { night: { passive: 'revenge' } })]),
    role('bo-member', 'BO member', boAbilities()),
    role('tequila', 'Tequila', [ability('hinder', 'Hinder', 'day', { tags: ['crime'] }), ...boAbilities()]),
    // Kazuha's accompaniment: one vote fewer against the player she accompanies (fails when her own vote does not count).
    role('kazuha', 'Kazuha', [ability('accompany', 'Accompany', 'day', { tags: ['accompany'] })]),
    // "Satou manually releasing a detainee".
    role('satou', 'Satou', [
      ability('arrest', 'Arrest', 'night', { selfTargetLimit: 0, tags: ['arrest'], night: { effect: 'jail', step: 'block' } }),
      ability('release', 'Release a detainee', 'day-or-night', { tags: ['release'] }),
    ]),
    // "Lynch votes won't be shown in the case of Voice of Reason."
    role('voice-of-reason', 'Voice of Reason', [ability('voice-of-reason', 'Voice of Reason', 'day', { tags: ['hide-votes'] })]),
    // "A Will will get lost if the body is removed by Piscos ability. Pisco will receive the Will then." (Erase Body is a crime.)
    role('pisco', 'Pisco', [ability('erase-body', 'Erase body', 'night', { tags: ['take-will', 'crime'] }), ...boAbilities()]),
  ],
  statuses: [
    // "Any actions used on him will fail. He/she can't be killed. … [cannot] use any ability themselves."
    { id: 'abroad', name: 'abroad', blocksVoting: true, blocksActions: true, night: { untargetable: true, cannotAct: true } },
    // L44 "Can not use any abilities … The only exception is the nightly killing action from BO members (though, they
    // will loose any advantages they normally have like erasing the body or sniping)": the kill goes as a plain one.
    {
      id: 'injured',
      name: 'injured',
      blocksActions: true,
      night: { cannotAct: true, actsWith: ['faction-kill'], losesAdvantages: ['unstoppable', 'unblockable', 'unseen'] },
    },
    // "The police will lose all Ability except for Voting on day lynching."
    { id: 'suspended', name: 'suspended', blocksActions: true, defaultPhases: 3, night: { cannotAct: true } },
    // "Can't use any abilities, but … also can't be killed. Any actions … on them will fail."
    {
      id: 'arrested',
      name: 'arrested',
      blocksVoting: true,
      blocksActions: true,
      removedForWin: true,
      public: true,
      // "a BO Leader who is arrested keeps the right to give out orders and the suitcase".
      night: { out: true, leaderActsWith: ['faction-kill', 'suitcase'] },
    },
    { id: 'hindered', name: 'hindered', blocksVoting: true, defaultPhases: 1 },
    // "If the player was APTXed or arrested, then his/her vote won't count."
    { id: 'aptxed', name: 'APTXed', blocksVoting: true },
    // The Lovers: "the killing Lover will suicide if the kill was successful".
    { id: 'lover', name: 'lover' },
    // The Black Suitcase: handed out by day "for the following night" (the rest of the day and the night).
    { id: 'suitcase', name: 'carries the Black Suitcase', defaultPhases: 2 },
  ],
  titles: [],
  voting: { kind: 'majority', ballot: 'lynch', majorityOf: 'eligible', lock: false, newVoteReplaces: true, withoutMajority: 'no-lynch' },
  win: { kind: 'until-impossible', arrestTag: 'arrest', stopKillTag: 'stop-night-kill', nightKillCase: true },
  announcements: {
    publicStatuses: ['arrested'],
    revealOnDeath: 'role',
    showWills: true,
    voteResults: 'votes',
    voteLeakRoles: [],
    deathRoleRoles: [],
    publicNightResults: [],
    templates: defaultTemplates,
  },
  openQuestions: [
    {
      setting: 'voting.majorityOf',
      question: 'The lynch threshold is not in the fragment: majority of those able to vote (default) or of the living.',
    },
    {
      setting: 'phaseEnd.leaderElection.threshold',
      question: '"50%+ of the BO vote": more than half of the living members (default) or exactly half is enough.',
    },
    {
      setting: 'statuses.injured.night.losesAdvantages',
      question:
        'L44: an injured BO member’s night kill loses “any advantages they normally have like erasing the body or sniping”; the fragment describes no sniper nor any other advantage. Gavel takes from the kill what would carry it past protections, blocks and trackers (unstoppable, unblockable, unseen); Pisco’s body erasing is a move of its own, which the injury refuses.',
    },
    {
      setting: 'win.nightKillCase',
      question: 'The seed says "the BO has 1 more players than the town"; read as the town one ahead at night.',
    },
  ],
  // The fragment gives no night order: the forum order, ranked kill orders, one action a night.
  night: {
    method: 'ordered',
    order: ['swap', 'redirect', 'block', 'protect', 'kill', 'faction-kill', 'investigate', 'track', 'poison-deaths'],
    factionKills: {},
    factionOrders: 'single',
    killRotation: true,
    guiltyFactions: ['bo'],
    verdicts: { guilty: 'Black Organization', innocent: 'not Black Organization' },
    oneActionPerNight: true,
    assumedSteps: {
      swap: 'The order of actions is not in the 003 fragment; Gavel uses the forum order (swaps, blocks, protections, kills, investigations).',
    },
    settings: defaultNightSettings,
  },
  // What a phase's end applies (src/engine/game/phase-end.ts): arrests and suspensions by the crimes list, Pisco's wills,
  // the Lovers, the Black Suitcase.
  phaseEnd: {
    // "The BO may elect to choose a leader on their own … The player must have 50%+ of the BO vote to become leader."
    leaderElection: { faction: 'bo', ballot: 'leader', threshold: 'more-than-half' },
    arrests: { arrestTag: 'arrest', crimeTag: 'crime', arrested: 'arrested', suspended: 'suspended', releaseTag: 'release' },
    willTakerTag: 'take-will',
    loverStatus: 'lover',
    suitcase: { tag: 'suitcase', status: 'suitcase' },
  },
  dayAbilityTags: { accompany: 'accompany', hideVotes: 'hide-votes' },
  references: { breachRules: '003' },
};

/** The preset, with its names in other languages. */
export const detectiveConan: Ruleset = withNames(detectiveConanRules, detectiveConanNames);
