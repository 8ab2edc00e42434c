import { defaultNightSettings } from '../../night/rules';
import { mergeRoles } from './russian-004/merge-roles';
import { blackSuicide } from './russian-004/suicide';
import { ability, defaultTemplates, defaultTemplatesRu, role, withNames, type PresetNames } from '../defaults';
import type { Ruleset, RulesetNightAction } from '../types';
import { peacefulAAssumedSteps, peacefulANames, peacefulARoles, peacefulAStatuses, withPeacefulASteps } from './russian-004/peaceful-a';
import {
  russian004BlackFactions,
  russian004BlackNames,
  russian004BlackRoles,
  russian004BlackStatuses,
  russian004ShotQuestions,
  withBlackNight,
} from './russian-004/black';
import { eveningFaceCut, eveningMoves, eveningNames, eveningOpenQuestions, eveningRoles, eveningStatuses } from './russian-004/evening';
import * as faceless from './russian-004/faceless';
import { dayNames004, dayRoles004, dayRules004, dayStatuses004 } from './russian-004/day-roles';
import { dayNames004b, dayOpenQuestions004b, dayRoles004b, dayStatuses004b } from './russian-004/day-roles-2';
import { copiesDayOpenQuestions } from './russian-004/copies-day';
import { dayNames004c, dayOpenQuestions004c, dayRoles004c, dayStatuses004c } from './russian-004/day-roles-3';
import { dayNames004e, dayRoles004e, dayStatuses004e } from './russian-004/day-roles-5';
import { dayNames004d, dayOpenQuestions004d, dayRoles004d } from './russian-004/day-roles-4';
import { peacefulBNames, peacefulBRoles, peacefulBStatuses, seesVisitorNames, seesVisitorRoles } from './russian-004/peaceful-b';
import { informationNames, informationOpenQuestions, informationRoles, noInfoWhenTargetOf } from './russian-004/information';
import { patronageMoves, patronageNames, patronageRoles, patronageStatuses } from './russian-004/patronage';
import { keptListOpenQuestions } from './russian-004/kept-lists';
import { blackInfoNames, blackInfoOpenQuestions, blackInfoRoles } from './russian-004/black-info';
import {
  BLACKENING_HELD,
  blackeningHiddenBy,
  trackingNames,
  trackingOpenQuestions,
  trackingStatuses,
  trackNoInfoWhenStoppedBy,
} from './russian-004/tracking';
import { roleRequestNames, roleRequestOpenQuestions, roleRequestRoles } from './russian-004/role-request';
import { readingOpenQuestions } from './russian-004/readings';
import { forensicNight, peacefulCBorrowing, peacefulCNames, peacefulCRoles, peacefulCStatuses } from './russian-004/peaceful-c';
import {
  nightDetailMoves,
  nightDetailNames,
  nightDetailOpenQuestions,
  nightDetailRoles,
  nightDetailStatuses,
  withKeptRoleChoice,
} from './russian-004/night-details';

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
    werewolf: { ru: 'Оборотни' },
    grey: { ru: 'Безликий' },
    elite: { ru: 'Элита' },
    ...russian004BlackNames.factions,
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
    ...peacefulANames.roles,
    ...russian004BlackNames.roles,
    ...dayNames004.roles,
    ...peacefulBNames.roles,
    ...peacefulCNames.roles,
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
    suicide: { ru: 'Самоубийство' },
    'maniac/insure': { ru: 'Страховка выстрела мафии' },
    'maniac/kill': { ru: 'Убийство (чётные ночи)' },
    ...peacefulANames.abilities,
    ...russian004BlackNames.abilities,
    ...dayNames004.abilities,
    ...dayNames004b.abilities,
    ...dayNames004c.abilities,
    ...dayNames004e.abilities,
    ...dayNames004d.abilities,
    ...peacefulBNames.abilities,
    ...peacefulCNames.abilities,
    ...eveningNames.abilities,
    ...faceless.facelessNames.abilities,
    ...nightDetailNames.abilities,
    ...informationNames.abilities,
    ...patronageNames.abilities,
    ...blackInfoNames.abilities,
    ...roleRequestNames.abilities,
  },
  statuses: {
    barrier: { ru: 'под голосовым барьером' },
    vertical: { ru: 'под защитой вертикали власти' },
    'legal-protection': { ru: 'под правовой защитой' },
    'no-vote': { ru: 'без права голоса' },
    blocked: { ru: 'заблокирован' },
    crippled: { ru: 'покалечен' },
    left: { ru: 'покинул игру победителем' },
    ...peacefulANames.statuses,
    ...russian004BlackNames.statuses,
    ...dayNames004.statuses,
    ...dayNames004b.statuses,
    ...dayNames004c.statuses,
    ...dayNames004e.statuses,
    ...peacefulBNames.statuses,
    ...peacefulCNames.statuses,
    ...eveningNames.statuses,
    ...faceless.facelessNames.statuses,
    ...nightDetailNames.statuses,
    ...patronageNames.statuses,
    ...trackingNames.statuses,
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
    // Werewolves (L49–L54) are blacks of neither killer side: one filed as Mafia would keep the Mafia's nights alive.
    { id: 'werewolf', name: 'Werewolves', kind: 'mafia', color: 'black' },
    { id: 'grey', name: 'The Faceless', kind: 'third-party', color: 'grey' },
    { id: 'elite', name: 'Elite', kind: 'third-party', elite: true },
    ...russian004BlackFactions,
  ],
  families: [],
  roles: mergeRoles([
    role('citizen', 'Citizen (Мирный)', [], undefined, { plain: true }),
    role('doctor', 'Doctor (Доктор)', [
      ability('heal', 'Heal', 'night', {
        tags: ['stop-night-kill'],
        // L4: one or two targets; no two targets and no self-heal two nights in a row; never himself among two.
        night: {
          effect: 'protect',
          step: 'doctor',
          maxTargets: 2,
          notTwiceInARow: ['self', 'several-targets'],
          noSelfAmongSeveral: true,
          // L52: a Doctor's visit the next night cures a poisoning.
          cures: true,
          publicResult: { role: 'Doctor', hit: 'hit (попал)', miss: 'missed (не попал)' },
        },
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
          // L6: a dead target fails the check; a crippled one, or one a move of L6's list also chose, gives no information.
          failsOnDeadTarget: true,
          noInfoWhenTargetOf: noInfoWhenTargetOf('commissar'),
          noInfoStatuses: ['crippled', 'role-destroyed'],
          publicResult: { role: 'Commissar', hit: 'check went through (чек прошел)', miss: 'check did not go through (чек не прошел)' },
          // L85 (black): "сразу узнает был ли полученный черный чек ложным"; "Имеет право подменить чек следователя";
          // L77 (the Faceless): "Комиссар/Детектив - могут подменять информацию, как черные".
          falseBlackToldTo: ['black'],
          forwardForgedBy: ['black', 'grey'],
        },
      }),
    ]),
    role('detective', 'Detective (Детектив)', [
      ability('track', 'Track', 'night', {
        selfTargetLimit: 0,
        night: {
          effect: 'track',
          step: 'check',
          // L7: "Если совершено действие одновременно за мирную и негативную роль, то по приоритету отслеживается негативная".
          negativeRoleFirst: true,
          // L7: "Если следил ночью за убитым игроком, то узнает его цвет, как если бы убил его сам"; the role check is the other mode.
          tellsKilledColour: true,
          // L7: "В случае слежки … дополнительно может увидеть имена тех, кто заходил к детективу ночью".
          seesVisitorNames: true,
          alternativeTo: ['check-role'],
          // L86 (black): "чекает за раз мирную и негативную роль, но следователю передает стандартный результат. Имеет
          // право подменить данные следователя"; L77 (the Faceless): "могут подменять информацию, как черные".
          bothRolesFor: ['black'],
          forwardForgedBy: ['black', 'grey'],
          // L7: the stops that answer "информация не предоставляется", and the blackening he recognises (tracking.ts).
          noInfoWhenStoppedBy: trackNoInfoWhenStoppedBy,
          blackeningHiddenBy,
          blackeningForwardStatus: BLACKENING_HELD,
        },
      }),
    ]),
    role('investigator', 'Investigator (Следователь)', [
      ability('investigate', 'Investigate / kill', 'night', {
        selfTargetLimit: 0,
        tags: ['kill'],
        night: {
          effect: 'kill',
          step: 'peaceful-kill',
          onlyWhenNoLiving: ['commissar', 'detective'],
          // L8: "может стрелять каждую ночь, пока не совершит убийство одного из негативов или безликого"; L87 (a black
          // Investigator): "теряет право стрелять после убийства любого красного игрока или безликого".
          killCounter: 'gun-spent',
          needsSpent: { below: { 'gun-spent': 1 } },
        },
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
    // L31: "выбирает от одного до четырех игроков".
    role('witness', 'Witness (Свидетель)', [ability('name-witnesses', 'Name 1–4 players', 'day', { targets: 4 })]),
    role(
      'mafia',
      'Mafia (Мафия)',
      [
        ability('kill', 'Kill (odd nights)', 'night', { selfTargetLimit: 0, tags: ['kill'], night: killerShot() }),
        // L14: insurance of a shooting partner; a target of its own may be asked for. L2: on the Maniac's night a
        // Mafioso with no shot may insure the Maniac (the same order, yielding to him).
        ability('insure', 'Insure a partner’s shot', 'night', {
          targets: 0,
          selfTargetLimit: 0,
          // L2 "Если обе мафии стреляют, то они не могут страховать друг друга"; L3 "нельзя совмещать одиночное
          // убийство и страховку для мафии": a kill and an insurance are alternatives, the later PM stands.
          night: { effect: 'insure', step: 'faction-kill', negative: true, maxTargets: 1, alternativeTo: ['kill'] },
        }),
        blackSuicide(),
      ],
      undefined,
      { factionRole: true },
    ),
    role(
      'maniac',
      'Maniac (Маньяк)',
      [
        ability('kill', 'Kill (even nights)', 'night', { selfTargetLimit: 0, tags: ['kill'], night: { ...killerShot(), maxTargets: 2 } }),
        // L3: the Maniac may insure the shooting Mafia on its night when he has no shot of his own.
        ability('insure', 'Insure the other side’s shot', 'night', {
          targets: 0,
          selfTargetLimit: 0,
          // L2 "Если обе мафии стреляют, то они не могут страховать друг друга"; L3 "нельзя совмещать одиночное
          // убийство и страховку для мафии": a kill and an insurance are alternatives, the later PM stands.
          night: { effect: 'insure', step: 'faction-kill', negative: true, maxTargets: 1, alternativeTo: ['kill'] },
        }),
        blackSuicide(),
      ],
      undefined,
      { factionRole: true },
    ),
    ...peacefulARoles,
    ...russian004BlackRoles,
    ...dayRoles004,
    ...dayRoles004b,
    ...dayRoles004c,
    ...dayRoles004e,
    ...dayRoles004d,
    ...peacefulBRoles,
    ...peacefulCRoles,
    ...eveningRoles,
    ...faceless.facelessRoles,
    ...forensicNight,
    ...nightDetailRoles,
    ...informationRoles,
    ...patronageRoles,
    ...blackInfoRoles,
    ...roleRequestRoles,
  ]),
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
    ...peacefulAStatuses,
    ...russian004BlackStatuses,
    ...dayStatuses004,
    ...dayStatuses004b,
    ...dayStatuses004c,
    ...dayStatuses004e,
    ...peacefulBStatuses,
    ...peacefulCStatuses,
    ...eveningStatuses,
    ...faceless.facelessStatuses,
    ...nightDetailStatuses,
    ...patronageStatuses,
    ...trackingStatuses,
  ],
  titles: [
    // L159: no role may target the Mayor by night or day; L161: the Secretary is no target for killers, checks or the face cut.
    { id: 'mayor', name: 'Mayor (Мэр)', voteImmune: true, nightImmune: true },
    {
      id: 'secretary',
      name: 'Secretary (Секретарша)',
      // L161: no target for killers, colour checks or the face cut.
      immuneToEffects: [
        'faction-kill',
        'kill',
        'contract-kill',
        'burn',
        'avenge-kill',
        'devour',
        'insure',
        'investigate',
        'marked-check',
        'flip-check',
        'compare-colours',
        'face-cut',
      ],
    },
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
    day: dayRules004,
    // L150: a vote is the player's name in green font, and it cannot be changed; the highest weight dies at the end (no threshold, no lock).
    grammar: { greenFontVotes: true, severalVotesInPost: 'first', inflectedNames: 'match-and-report' },
    count: { threshold: { kind: 'plurality' }, lock: false, voteWithoutUnvote: 'void', fiftyPercentRule: 'off' },
  },
  win: { kind: 'colors', greySurvivalDepartures: 9, huntNeedsTitleLost: 'mayor', huntMinAlive: 5 },
  announcements: {
    publicStatuses: ['vertical', 'legal-protection', 'left', 'drugged'],
    // L134: a night victim shows only the peaceful role (green in the header), never the team; a lynched
    // player's team is opened, and a black leaving the game opens both his roles (L83).
    revealOnDeath: 'role-and-faction',
    revealStatuses: faceless.facelessRevealStatuses,
    revealOnNightDeath: 'peaceful-role',
    showWills: false,
    // L166–L170: night notes, posted anonymously under the morning's results.
    nightNotes: true,
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
    {
      setting: 'night.settings.loneShooterSurplus',
      question:
        'A lone Mafioso holds a reserve shot on his own night and cannot fire two at once (L2): does the surplus stay in reserve, or pass to the Maniac (L11)? (stays in reserve)',
    },
    {
      setting: 'night.settings.plainWerewolfMove',
      question:
        'The seed describes only the werewolf kinds’ special moves (L51–L54): what does a plain Werewolf send? (a named kind’s move)',
    },
    {
      setting: 'night.settings.forcedSkipIsVoluntary',
      question:
        'A killer who sends no order by the deadline skips by force (L165): does that count as the voluntary skip the insurer yields to (L2, L3)? (yes)',
    },
    {
      setting: 'night.settings.forwardsVictimTeam',
      question:
        'The Anonymous and the Maid receive a watched player’s “general information”, which does not plainly show his team (L17, L26, L45): is a killer’s “your victim’s team” message passed on? (no)',
    },
    {
      setting: 'voting.day.activeCount',
      question: 'Who is "active" in the R and B of the corrections (L10–L12): every living player, or only those admitted to the vote?',
    },
    {
      setting: 'voting.grammar.inflectedNames',
      question:
        'A green-font vote written as an inflected name ("Бориса" for Борис): Gavel counts it for the player and reports it each time.',
    },
    {
      setting: 'voting.day.weightShifts',
      question: 'The Judge’s weight after more red lynches than it can bear (L33 gives no floor): Gavel stops at 0.',
    },
    ...eveningOpenQuestions,
    ...faceless.facelessOpenQuestions,
    ...nightDetailOpenQuestions,
    ...informationOpenQuestions,
    ...keptListOpenQuestions,
    ...readingOpenQuestions,
    ...dayOpenQuestions004b,
    ...copiesDayOpenQuestions,
    ...russian004ShotQuestions,
    ...dayOpenQuestions004c,
    ...dayOpenQuestions004d,
    ...blackInfoOpenQuestions,
    ...trackingOpenQuestions,
    ...roleRequestOpenQuestions,
  ],
  night: withBlackNight({
    method: 'ordered',
    order: withPeacefulASteps([
      'blocker',
      'doctor',
      'soul-heal',
      'fire',
      'faction-kill',
      'suicide',
      'fanatic-kill',
      'cultist-kill',
      'peaceful-kill',
      'check',
      'poison-deaths',
    ]),
    killerNights: { mafia: 'odd', maniac: 'even' },
    killerOrder: { odd: ['mafia', 'maniac'], even: ['maniac', 'mafia'] },
    factionKills: {
      // L14: a partner's insurance stands by default.
      mafia: { kind: 'fixed', count: 1, reserve: true, maxPerMember: 1, insuredByDefault: true },
      maniac: { kind: 'fixed', count: 1, reserve: true, maxPerMember: 2, insuredByDefault: true },
    },
    // L2, L3: a killed black gives the shot back; L11: so does the Faceless killed by a negative role.
    shotKeptOn: ['mafia', 'maniac', 'werewolf', 'grey'],
    // L11: the side that takes over the other's nights takes its unrealised shots too.
    takeOverReserve: true,
    // L10: "Если охота на ведьм привела к линчеванию двух черных, то выжившие черные не получат новый выстрел в ближайшую ночь."
    noNewShotAfter: { ballot: 'hunt', guilty: 2 },
    factionOrders: 'per-member',
    guiltyFactions: ['mafia', 'maniac'],
    greyFactions: ['grey'],
    // L78, L79: the Faceless's "Лжец - работает по механике черных", "Ведьма - работает по механике черных"; L80 the rest as reds.
    greyWorksAsBlack: ['liar', 'witch'],
    verdicts: { guilty: 'black', innocent: 'red' },
    oneActionPerNight: false,
    assumedSteps: {
      blocker: 'The base rules with the full night order are missing; Gavel lets the Blocker act before the Doctor and the killers.',
      ...peacefulAAssumedSteps,
      fire: 'The seed does not place the Madman; Gavel lets his fire follow the Blocker and the Doctor and stop the killers (L101: it burns their shot).',
    },
    settings: defaultNightSettings,
    // §3.3 (L115): the survivor of an attack, the killers, the Doctor and the Blocker on a hit, and the blocked are told.
    tells: ['attack-survived', 'killer-learns-team', 'protector-learns-saved', 'blocker-learns-role', 'blocked-learns'],
    // L16: a saved attack victim's move ordered after the killers is skipped (a Doctor's self-heal excepted).
    attackSkipsLaterMoves: true,
    // L52: "ночью к жертве не зашел доктор … она умрет": the poison kills at the Poisoner's place, after the Doctor's visit.
    poisonKillsAt: 'poison',
    // L40, L42, L47: the Actor's, Wizard's and Necromancer's limits on the roles they use.
    borrowing: peacefulCBorrowing,
  }),
  phaseEnd: {
    dayMoves: { ...eveningMoves, ...faceless.facelessMoves, ...nightDetailMoves, ...patronageMoves },
    faceCutLynch: { ...eveningFaceCut, ...faceless.facelessCut },
    checkVerification: faceless.facelessVerification,
  },
  references: { breachRules: '004' },
};

/** The preset, with its names in other languages. */
// L22: every negative role carries the hacked black's choice of role.
const withChoices: Ruleset = { ...russian004Rules, roles: withKeptRoleChoice(russian004Rules.roles) };
export const russian004: Ruleset = withNames(withChoices, russian004Names);
