/**
 * Seed 004's day rulings the first day file left out (the "004 day" helper's
 * second file): the Politician's support and shadow vertical (L132), the
 * mutual immunity priority (L13), the black Liar's hidden votes (L97), the
 * Drug dealer's vote bank (L34), the Phantom's and the Necromancer's vote
 * bonuses (L18, L42), the Servant's vote for his master (L129), the red Hero
 * who takes a voter along (L35), the Priest lynched in his re-vote (L30), a
 * copied Judge's or Priest's weaker weight (L40), and the day's clock (L150,
 * L156, L164). The tally reads them through `voting.day.roleDay` and
 * `voting.day.clock`, never by a role's name.
 */
import { ability, role } from '../../defaults';
import type { DayClockRules, LocalNames, OpenQuestion, PluralityRoleDayRules, RulesetRole, StatusDef } from '../../types';
import { peacefulCBorrowing } from './peaceful-c';
import { roleDay004c } from './day-roles-3';
import { roleDay004d } from './day-roles-4';
import { roleDay004e } from './day-roles-5';
import { voteOpening004 } from './vote-opening';

/** The day moves these rulings read, added to roles defined elsewhere (the roles merge by id). */
export const dayRoles004b: readonly RulesetRole[] = [
  // L132: "Политик может использовать теневую вертикаль власти … кроме самого политика".
  role('politician', 'Politician (Политик)', [ability('shadow-vertical', 'Shadow vertical of power', 'day', { selfTargetLimit: 0 })]),
  // L97: "черный лжец получает право незаметно докинуть (через ЛС ведущего) один черный голос в указанную цель".
  role('liar', 'Liar (Лжец)', [ability('hidden-votes', 'Hidden black votes (black Liar)', 'day', { targets: 2 })]),
  // L18: "Живой фантом также имеет право отменить прибавку к голосу … когда все игроки дадут голоса".
  role('phantom', 'Phantom (Фантом)', [ability('cancel-bonus', 'Cancel the phantom vote bonus', 'day', { targets: 0 })]),
  // L129: "Слуга может заменить хозяина на голосовании, если этот игрок до начала голосования предупредил ведущего".
  role('servant', 'Servant (Слуга)', [
    ability('replace-master', 'Vote in the master’s place (announced before the vote)', 'day', { targets: 0 }),
  ]),
  // L35: "Если красный герой успешно спас красного игрока … забрать с собой одного из тех, кто кинул в героя голос": the
  // red Hero's only (`holderColors`).
  role('hero', 'Hero (Герой)', [ability('take-voter', 'Die heroically: take one of his voters along', 'day', { holderColors: ['red'] })]),
  // L30: "Если на переголосовании залинчуют священника, он имеет право позволить только что спасенному игроку умереть вместо себя".
  role('priest', 'Priest (Священник)', [ability('die-instead', 'Let the forgiven player die instead (re-vote)', 'day')]),
];

/** The statuses these rulings keep. */
export const dayStatuses004b: readonly StatusDef[] = [
  // L132: the Politician's support limit as it moved (the value); written by the tally.
  { id: 'support-limit', name: 'support limit' },
  // L34: the Drug dealer's votes in the bank (the value); written by the tally.
  { id: 'vote-bank', name: 'votes in the bank' },
  // L18: `possessing` (a dead Phantom in a living host, `with` the host) is defined with the end-of-day moves (evening.ts).
  // L129: "В шапке указано к какому игроку привязан слуга" (`with` the master).
  { id: 'serves', name: 'serves a master', public: true },
  // L35: a red Hero who saved a red; lynched later, he takes a voter along. Written by the tally.
  { id: 'saved-a-red', name: 'saved a red player' },
];

/** The role rulings (`voting.day.roleDay`). */
export const roleDay004: PluralityRoleDayRules = {
  support: {
    roles: ['politician'],
    ability: 'support',
    // L132: "на старте игры верхний лимит поддержки равен двум игрокам, но он возрастает на единицу за каждого
    // залинчованного черного и точно также падает при линчевании красного, если политик лично голосовал против залинчованного".
    limit: { status: 'support-limit', start: 2, min: 0, redVotedAgainst: -1, redOther: 0, blackVotedAgainst: 1, blackOther: 1 },
    supporterBonus: 1,
    perSupporters: 2,
    patronTitle: 'mayor',
    patronBonus: 'own',
    zeroBarrier: 'cap-each',
  },
  protectWhileTitle: { abilities: ['shadow-vertical'], title: 'mayor' },
  // L13: "их ходы остаются в силе по приоритету: политик > адвокат > священник".
  mutualImmunityOrder: ['shadow-vertical', 'legal-protection', 'forgive'],
  hiddenVoteAbility: 'hidden-votes',
  hiddenVotesInTotals: 'left-out',
  // L34: +1 per drugged player, +1 for a double dose, nothing for a triple one or himself; bought in steps of 0.5.
  voteBank: {
    roles: ['drug-dealer'],
    dosedStatus: 'drugged',
    bankStatus: 'vote-bank',
    earnPerDose: [1, 1, 0],
    step: 0.5,
    sumWithOwnBarrier: true,
    runoffPurchase: 'kept',
    // L34 "Перед голосованием наркодилер указывает ведущему сколько голосов желает закупить" (peaceful-a.ts).
    buyAbility: 'buy-votes',
  },
  crowdBonus: { roles: ['phantom'], status: 'phantom', cancelAbility: 'cancel-bonus' },
  deadVoterStatuses: ['phantom', 'possessing'],
  hostedVoteStatus: 'possessing',
  // L42: "Если роль из перечня недоступных, некромант все равно получит труп … за каждый такой труп вес его голоса будет увеличен на +1".
  corpseBonus: { roles: ['necromancer'], status: 'undead', usableRoles: peacefulCBorrowing.undeadRoles ?? [] },
  proxy: { roles: ['servant'], masterStatus: 'serves', replaceAbility: 'replace-master' },
  takeVoter: { roles: ['hero'], ability: 'take-voter', status: 'saved-a-red' },
  // L29, L36, L96: the executions (`executions`) count only where they stand (day-004-lynch.ts).
  deathMoveAbilities: ['take-voter'],
  dieInsteadAbility: 'die-instead',
  // L40: "Если скопировал судью или священника, то голос или барьер будет на треть слабее базового".
  // L40: the copy made at the end of the day before ("в конце каждого дня может скопировать"), three players a game, none
  // twice, none crippled or undead; L47: "Волшебник … как актер": a role he declares today, absent from the game.
  borrowedWeights: {
    statuses: ['copied-role'],
    factor: 2 / 3,
    moves: ['copy-role'],
    perGame: 3,
    unusable: ['crippled', 'undead'],
    declare: 'absent-role',
    // L40: the third off is the Judge's and the Priest's only; the copy's Priest barrier starts whole (copies-day.ts).
    factorRoles: ['judge', 'priest'],
    barrierLynches: 'from-scratch',
  },
  ...roleDay004c,
  ...roleDay004d,
  ...roleDay004e,
};

/** The day's clock (L150: the vote at 21:00 Moscow, forced auto-votes at 22:00; L156: an extra vote of 30 minutes; L164: 15 minutes of approvals). */
export const dayClock004: DayClockRules = {
  timeZone: 'Europe/Moscow',
  voteOpens: '21:00',
  forcedVoteAfterMinutes: 60,
  extraVoteMinutes: 30,
  huntApprovalMinutes: 15,
  // L113 "Адвокат, свидетель, политик, наркодилер и террорист делают ход перед началом голосования"; L129 the Servant's transfer.
  beforeVoteAbilities: ['legal-protection', 'name-witnesses', 'support', 'shadow-vertical', 'detonate', 'replace-master'],
  // L150 "Если голос дан до объявления о начале выборов или голосования, он не засчитывается".
  voteOpening: voteOpening004,
};

/** The open questions these rulings settle with a setting. */
export const dayOpenQuestions004b: readonly OpenQuestion[] = [
  {
    setting: 'voting.day.roleDay.support.zeroBarrier',
    question:
      'The Politician’s "нулевой голосовой барьер" (L132): each vote against him counts at most 1 and nothing is taken off (Gavel), or no barrier at all?',
  },
  {
    setting: 'voting.day.roleDay.support.patronBonus',
    question:
      'The Mayor’s bonus from the Politician (L132 "равный суммарному бонусу от своей личной поддержки"): the Politician’s own bonus (Gavel) or all his support gives?',
  },
  {
    setting: 'voting.day.roleDay.support.limit.blackOther',
    question:
      'Does a lynched black raise the Politician’s support limit only if he voted against him (L132)? Gavel: it raises it anyway (+1).',
  },
  {
    setting: 'voting.day.roleDay.hiddenVotesInTotals',
    question:
      'The black Liar’s hidden votes "не указываются в спойлере голосования" (L97): are they left out of the totals the vote result post shows as well as its list of votes (Gavel), or are the totals the real ones?',
  },
  {
    setting: 'voting.day.roleDay.voteBank.sumWithOwnBarrier',
    question:
      'The Drug dealer’s votes against a drugged player with a barrier of his own (L34 against L13 "Барьеры не суммируются"): the sum of the barriers (Gavel) or the larger?',
  },
];

/** Their names as the seed writes them. */
export const dayNames004b: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: {
    'shadow-vertical': { ru: 'Теневая вертикаль власти' },
    'hidden-votes': { ru: 'Докинуть черные голоса (черный лжец)' },
    'cancel-bonus': { ru: 'Отменить прибавку к голосу (фантом)' },
    'replace-master': { ru: 'Заменить хозяина на голосовании' },
    'take-voter': { ru: 'Героически погибнуть со злодеем' },
    'die-instead': { ru: 'Позволить спасенному умереть вместо себя' },
  },
  statuses: {
    'support-limit': { ru: 'лимит поддержки' },
    'vote-bank': { ru: 'голоса в копилке' },
    serves: { ru: 'слуга игрока' },
    'saved-a-red': { ru: 'спас красного' },
  },
};
