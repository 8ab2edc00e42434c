import { defaultNightSettings } from '../../night/rules';
import { ability, defaultTemplates, defaultTemplatesRu, role, withNames, type PresetNames } from '../defaults';
import type { Ruleset, RulesetNightAction } from '../types';
import { peacefulBNames, peacefulBRoles, peacefulBStatuses, seesVisitorNames, seesVisitorRoles } from './russian-004/peaceful-b';

const blockerResult = { role: 'Blocker', hit: 'hit (попал)', miss: 'missed (не попал)' } as const;

/** A killer's shot: the faction's kill order, one per living member (the Maniac two), in the night's killer order. */
const killerShot = (): RulesetNightAction => ({ effect: 'faction-kill', step: 'faction-kill', maxTargets: 10, negative: true });

/**
 * The preset's names: Russian as the seed writes them (the names are the
 * game's own), English for the roles and titles whose `name` keeps the
 * Russian in brackets.
 */
const russian004Names: PresetNames = {
  ruleset: { ru: 'Русская форумная мафия (вес голосов, поправки, мэр)' },
  factions: {
    red: { ru: 'Красные (мирные)' },
    mafia: { ru: 'Мафия' },
    maniac: { ru: 'Маньяк' },
    grey: { ru: 'Безликий' },
    elite: { ru: 'Элита' },
  },
  roles: {
    citizen: { en: 'Citizen', ru: 'Мирный житель' },
    doctor: { en: 'Doctor', ru: 'Доктор' },
    blocker: { en: 'Blocker', ru: 'Блокер' },
    commissar: { en: 'Commissar', ru: 'Комиссар' },
    detective: { en: 'Detective', ru: 'Детектив' },
    investigator: { en: 'Investigator', ru: 'Следователь' },
    'active-citizen': { en: 'Active citizen', ru: 'Активный житель' },
    judge: { en: 'Judge', ru: 'Судья' },
    mason: { en: 'Mason', ru: 'Масон' },
    priest: { en: 'Priest', ru: 'Священник' },
    hero: { en: 'Hero', ru: 'Герой' },
    witness: { en: 'Witness', ru: 'Свидетель' },
    mafia: { en: 'Mafia', ru: 'Мафия' },
    maniac: { en: 'Maniac', ru: 'Маньяк' },
    werewolf: { en: 'Werewolf', ru: 'Оборотень' },
    faceless: { en: 'The Faceless', ru: 'Безликий' },
    ...peacefulBNames.roles,
  },
  abilities: {
    heal: { ru: 'Лечение' },
    block: { ru: 'Блок' },
    protect: { ru: 'Защита (ограждает цель от негативных ходов)' },
    check: { ru: 'Проверка цвета (чек)' },
    track: { ru: 'Слежка' },
    investigate: { ru: 'Расследование / убийство' },
    'receive-checks': { ru: 'Получает результаты Комиссара и Детектива' },
    inherit: { ru: 'Наследует роль' },
    forgive: { ru: 'Прощение' },
    save: { ru: 'Отмена линча красного' },
    'name-witnesses': { ru: 'Назвать от 1 до 4 игроков' },
    'mafia/kill': { ru: 'Убийство (нечётные ночи)' },
    insure: { ru: 'Страховка выстрела напарника' },
    'maniac/kill': { ru: 'Убийство (чётные ночи)' },
    special: { ru: 'Особый ход' },
    'face-cut': { ru: 'Срезать лицо' },
    ...peacefulBNames.abilities,
  },
  statuses: {
    barrier: { ru: 'под голосовым барьером' },
    vertical: { ru: 'под защитой вертикали власти' },
    'legal-protection': { ru: 'под правовой защитой' },
    'no-vote': { ru: 'без права голоса' },
    blocked: { ru: 'заблокирован' },
    crippled: { ru: 'покалечен' },
    left: { ru: 'покинул игру победителем' },
    ...peacefulBNames.statuses,
  },
  titles: { mayor: { en: 'Mayor', ru: 'Мэр' }, secretary: { en: 'Secretary', ru: 'Секретарша' } },
};

/**
 * The Russian forum rules (seed 004, read through docs/seed-004-digest.md):
 * reds against two black sides and the grey Faceless; the Day 1 mayor
 * election; weighted plurality with the red, black and grey corrections,
 * barriers, run-offs and the witch hunt; wins checked at the start of a day.
 */
const russian004Rules: Ruleset = {
  id: 'russian-004',
  name: 'Russian forum Mafia (weighted votes, corrections, mayor)',
  source: 'seed 004 via docs/seed-004-digest.md',
  firstPhase: 'day',
  factions: [
    { id: 'red', name: 'Reds (town)', kind: 'town', color: 'red' },
    { id: 'mafia', name: 'Mafia', kind: 'mafia', color: 'black', knowsMembers: true },
    { id: 'maniac', name: 'Maniac', kind: 'mafia', color: 'black' },
    { id: 'grey', name: 'The Faceless', kind: 'third-party', color: 'grey' },
    { id: 'elite', name: 'Elite', kind: 'third-party', elite: true },
  ],
  families: [],
  roles: [
    role('citizen', 'Citizen (Мирный)', [], undefined, { plain: true }),
    role('doctor', 'Doctor (Доктор)', [
      ability('heal', 'Heal', 'night', {
        tags: ['stop-night-kill'],
        night: { effect: 'protect', step: 'doctor', publicResult: { role: 'Doctor', hit: 'hit (попал)', miss: 'missed (не попал)' } },
      }),
    ]),
    role('blocker', 'Blocker (Блокировщик)', [
      ability('block', 'Block', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'block', step: 'blocker', publicResult: blockerResult },
      }),
      ability('protect', 'Protect (stops negative moves on the target)', 'night', {
        selfTargetLimit: 0,
        night: { effect: 'jail', step: 'blocker', spares: 'negative', publicResult: blockerResult },
      }),
    ]),
    role('commissar', 'Commissar (Комиссар)', [
      ability('check', 'Colour check', 'night', {
        selfTargetLimit: 0,
        night: {
          effect: 'investigate',
          step: 'check',
          sanity: 'sane',
          publicResult: { role: 'Commissar', hit: 'check went through (чек прошел)', miss: 'check did not go through (чек не прошел)' },
        },
      }),
    ]),
    role('detective', 'Detective (Детектив)', [
      ability('track', 'Track', 'night', { selfTargetLimit: 0, night: { effect: 'track', step: 'check' } }),
    ]),
    role('investigator', 'Investigator (Следователь)', [
      ability('investigate', 'Investigate / kill', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        night: { effect: 'kill', step: 'peaceful-kill', onlyWhenNoLiving: ['commissar', 'detective'] },
      }),
      ability('receive-checks', 'Receives the Commissar’s and Detective’s results', 'passive', { night: { passive: 'receive-checks' } }),
    ]),
    role('active-citizen', 'Active citizen (Активный гражданин)', [
      ability('inherit', 'Inherit a role', 'passive', { night: { passive: 'inherit-role' } }),
    ]),
    role('judge', 'Judge (Судья)', [], 'Vote weight 6 at the start; −3 / −2 for red lynches, +1 for black ones.'),
    role('mason', 'Mason (Масон)', [], 'Votes with weight 0; cannot be voted against.'),
    role('priest', 'Priest (Священник)', [ability('forgive', 'Forgive', 'day', { tags: ['barrier'] }), seesVisitorRoles]),
    role('hero', 'Hero (Герой)', [ability('save', 'Cancel a red lynch', 'day', { usesPerGame: 1 }), seesVisitorNames]),
    role('witness', 'Witness (Свидетель)', [ability('name-witnesses', 'Name 1–4 players', 'day')]),
    role(
      'mafia',
      'Mafia (Мафия)',
      [
        ability('kill', 'Kill (odd nights)', 'night', { selfTargetLimit: 0, tags: ['kill'], night: killerShot() }),
        ability('insure', 'Insure a partner’s shot', 'night', {
          targets: 0,
          selfTargetLimit: 0,
          night: { effect: 'insure', step: 'faction-kill', negative: true },
        }),
      ],
      undefined,
      { factionRole: true },
    ),
    role(
      'maniac',
      'Maniac (Маньяк)',
      [ability('kill', 'Kill (even nights)', 'night', { selfTargetLimit: 0, tags: ['kill'], night: { ...killerShot(), maxTargets: 2 } })],
      undefined,
      { factionRole: true },
    ),
    // The werewolf's special move depends on which werewolf it is (joker, poisoner, executioner, geisha), none
    // of which this preset models, and the Faceless's face cut lasts until a lynch: the host resolves both by hand.
    role('werewolf', 'Werewolf (Оборотень)', [ability('special', 'Special move', 'night')]),
    role('faceless', 'The Faceless (Безликий)', [ability('face-cut', 'Cut a face', 'night')]),
    ...peacefulBRoles,
  ],
  statuses: [
    { id: 'barrier', name: 'vote barrier', barrier: true, defaultPhases: 1 },
    { id: 'vertical', name: 'under the vertical of power', voteImmune: true, public: true, defaultPhases: 1 },
    { id: 'legal-protection', name: 'under legal protection', voteImmune: true, public: true, defaultPhases: 1 },
    { id: 'no-vote', name: 'without a vote', blocksVoting: true },
    { id: 'blocked', name: 'blocked', blocksActions: true, night: { cannotAct: true } },
    { id: 'crippled', name: 'crippled', blocksActions: true, night: { cannotAct: true } },
    {
      id: 'left',
      name: 'left the game victorious',
      removedForWin: true,
      blocksVoting: true,
      blocksActions: true,
      public: true,
      night: { out: true },
    },
    ...peacefulBStatuses,
  ],
  titles: [
    { id: 'mayor', name: 'Mayor (Мэр)', voteImmune: true },
    { id: 'secretary', name: 'Secretary (Секретарша)' },
  ],
  voting: {
    kind: 'weighted-plurality',
    roleWeights: { judge: 6, mason: 0 },
    blackCap: true,
    redCap: true,
    greyCap: true,
    everyoneOverride: true,
    allRedsOverride: true,
    runoffTargetsVote: false,
    doubleDeathAboveNegatives: 2,
    threeWayFewNegatives: 'first-two',
    electionDay: 1,
    electionTitle: 'mayor',
    titleLostOnRedLynch: 'mayor',
    titlesLostWith: ['secretary'],
    witchHuntMinAlive: 5,
    invalidTargetBecomesAutoVote: true,
    // L150: a vote is the player's name in green font, and it cannot be changed; the highest weight dies at the end (no threshold, no lock).
    grammar: { greenFontVotes: true, severalVotesInPost: 'first' },
    count: { threshold: { kind: 'plurality' }, lock: false, voteWithoutUnvote: 'void', fiftyPercentRule: 'off' },
  },
  win: { kind: 'colors', greySurvivalDepartures: 9, huntNeedsTitleLost: 'mayor', huntMinAlive: 5 },
  announcements: {
    publicStatuses: ['vertical', 'legal-protection', 'left'],
    revealOnDeath: 'role',
    showWills: false,
    voteResults: 'votes',
    voteLeakRoles: [],
    deathRoleRoles: [],
    // The night rules announce the Doctor's, Blocker's and Commissar's results themselves (src/engine/night).
    publicNightResults: [],
    // The game's posts are Russian (the seed's forum); a host can switch a game to English.
    postLanguage: 'ru',
    templates: defaultTemplatesRu,
    templatesIn: { en: defaultTemplates },
  },
  openQuestions: [
    { setting: 'voting.runoffTargetsVote', question: 'Do run-off targets vote in their run-off? (L151 and L152 disagree)' },
    {
      setting: 'voting.threeWayFewNegatives',
      question: 'A 3-way strict run-off tie with 1–2 negatives alive: "no one dies" or "the first two die".',
    },
    { setting: 'voting.blackCap', question: 'The black cap applies only after the first red lynch (the natural reading of L11).' },
  ],
  night: {
    method: 'ordered',
    order: [
      'blocker',
      'doctor',
      'soul-heal',
      'fire',
      'faction-kill',
      'fanatic-kill',
      'cultist-kill',
      'peaceful-kill',
      'check',
      'poison-deaths',
    ],
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
      fire: 'The seed does not place the Madman; Gavel lets his fire follow the Blocker and the Doctor and stop the killers (L101: it burns their shot).',
    },
    settings: defaultNightSettings,
  },
  references: { breachRules: '004' },
};

/** The preset, with its names in other languages. */
export const russian004: Ruleset = withNames(russian004Rules, russian004Names);
