/**
 * Seed 004's moves made between the vote and the night (the seed's "в конце
 * дня"), as data: which ability does what when the day ends
 * (`phaseEnd.dayMoves`, read by src/engine/game/day-moves-004.ts), the
 * statuses they give, and the lynch that ends face cuts (L60–L64). The
 * abilities that already exist on their roles (the antidote, the link, the
 * favourite, the marks, the possession, the reddening) get their meaning
 * here; the few that did not exist are added to the roles (merged by id).
 */
import { ability, role } from '../../defaults';
import type { DayMove, FaceCutLynch, LocalNames, OpenQuestion, RulesetRole, StatusDef } from '../../types';

/** The night effects of a black's negative role, which a destroyed peaceful role leaves working (L53). */
const negativeEffects = [
  'faction-kill',
  'insure',
  'kill',
  'contract-kill',
  'flip-check',
  'delayed-poison',
  'torture',
  'host-client',
  'decoy',
];

/** The torture chamber's answers (L53): the chamber's status, the lasting damage, and the night without moves. */
const hold = { held: 'tortured', destroyed: 'role-destroyed', noMoves: 'no-moves-tonight', noMovesPhases: 2 } as const;

/** What each end-of-day move does, by ability id. */
export const eveningMoves: Readonly<Record<string, DayMove>> = {
  // L52: "Если в конце следующего дня отказался дать противоядие … она умрет"; the antidote takes the poison off.
  antidote: { kind: 'lift-given-status', status: 'poisoned' },
  // L19: "В конце любого дня имеет право создать "связь" с выбранным игроком" (once a game: the ability's limit).
  link: { kind: 'partner-status', status: 'life-link', holder: 'user', maxTargets: 1 },
  // L19: "Бессмертный может в конце любого дня разорвать связь."
  unlink: { kind: 'end-partner-status', status: 'life-link' },
  // L36: "в конце первого дня указывает ведущему любого игрока, который будет его любимчиком … Фанатик сразу узнает его
  // мирную роль … Не может пропустить ход … получит к утру цель по рандому, но она точно не будет среди жертв первой ночи".
  favourite: {
    kind: 'partner-status',
    status: 'favourite',
    holder: 'user',
    maxTargets: 1,
    onDay: 1,
    randomIfMissing: true,
    tellsRole: true,
  },
  // L43: "В конце каждого дня указывает трех игроков": each day's three replace the day before's.
  mark: { kind: 'partner-status', status: 'soul-mark', holder: 'targets', maxTargets: 3, replaces: true },
  // L53: "Если отпускает, мирная роль жертвы вновь станет активна, но она не сможет сделать какой-либо ход до конца текущей ночи."
  release: { kind: 'release-held', ...hold, unanswered: 'release' },
  // L53: "Если продолжает пытки, мирная роль жертвы … заблокируется до конца игры … негативная роль жертвы будет заблокирована до конца ночи."
  cripple: { kind: 'destroy-held', ...hold },
  // L53: "впадает в бешенство и получает возможность уничтожить роль и цвет у любого игрока, если будет залинчован днем".
  rage: { kind: 'destroy-on-lynch', ...hold },
  // L48: "один из напарников станет его преемником … преемник назначается в конце дня и в это же время может быть изменен."
  'name-successor': { kind: 'successor', role: 'boss-son', fromRole: 'mafia', mark: 'successor' },
  // L55: the Daughter of the Head is the Yakuza's Boss's Son.
  'name-heir': { kind: 'successor', role: 'head-daughter', fromRole: 'yakuza', mark: 'successor' },
  // L55: "имеют право использовать “окраснение” на одного из пары, пока она остается целой" (the rumour covers the night after).
  redden: { kind: 'rumour', status: 'reddened', phases: 2, pairRole: 'yakuza' },
  // L15: "мафия в нечетную ночь или маньяк в четную ночь может днем перед ней распустить лживые слухи о каком-либо игроке,
  // то есть этот игрок будет чекаться черным в данную ночь … нельзя использовать более одного за одну ночь. Допустимо очернить себя."
  blacken: { kind: 'rumour', status: 'blackened', phases: 2, onOwnNights: true },
  // L18: "может в конце текущего дня вселиться в одного из игроков и остаться в игре еще на одно голосование" (the day, the night, the next day).
  possess: { kind: 'possess', status: 'possessing', phases: 3 },
};

/** L60–L64: a lynch of a cut victim or of his target, and the Faceless's score. */
export const eveningFaceCut: FaceCutLynch = { status: 'face-cut', score: 'faceless-score', victimPoints: 0.5, targetPoints: 0.25 };

/** L15: the killer sides' blackening rumour, by day before their night. */
const blacken = () => ability('blacken', 'Blacken a player (rumour before the side’s night)', 'day');

/** Abilities the roles lacked, merged into the roles of the same id. */
export const eveningRoles: readonly RulesetRole[] = [
  role('immortal', 'Immortal (Бессмертный)', [ability('unlink', 'Break the link (end of a day)', 'day')]),
  role('executioner', 'Executioner (Экзекутор)', [
    ability('release', 'Release the tortured player (end of day)', 'day'),
    ability('rage', 'Destroy a role and colour if lynched (rage)', 'day'),
  ]),
  role('mafia', 'Mafia (Мафия)', [ability('name-successor', 'Name the Boss’s Son’s successor (end of day)', 'day'), blacken()]),
  role('yakuza', 'Yakuza (Якудза)', [ability('name-heir', 'Name the Daughter of the Head’s successor (end of day)', 'day'), blacken()]),
  role('maniac', 'Maniac (Маньяк)', [blacken()]),
  // L48: "Сын босса может использовать очернение"; L55: the Daughter of the Head is his mirror.
  role('boss-son', "Boss's Son (Сын босса)", [blacken()]),
  role('head-daughter', 'Daughter of the Head (Дочь главы)', [blacken()]),
];

/** The statuses these moves give. */
export const eveningStatuses: readonly StatusDef[] = [
  // L18: the dead Phantom in his host until the host leaves or the next vote is over; "фантом" beside the role.
  { id: 'possessing', name: 'phantom (possessing a player)', public: true },
  // L48: the successor checks red like the Boss's Son ("чекается красным даже после убийств"); his mark shows beside the Mafia role.
  { id: 'successor', name: 'successor', night: { mechanic: 'reddened' } },
  // L15: the rumour's target checks black that night, whatever else would show (L55: a reddening gives way to it).
  { id: 'blackened', name: 'blackened by a rumour', defaultPhases: 2, night: { mechanic: 'blackened' } },
  // L53: no move until the end of the night (a released player; a black whose peaceful role was destroyed).
  { id: 'no-moves-tonight', name: 'no moves until the end of the night', night: { cannotAct: true } },
  // L53: the peaceful role destroyed until the end of the game; the negative role still acts.
  { id: 'role-destroyed', name: 'role and colour destroyed', night: { cannotAct: true, actsWith: negativeEffects, crippled: true } },
  // L61, L64.2: the Faceless's score from lynches, in wins (two lynched victims are one win).
  { id: 'faceless-score', name: 'Faceless score (wins)' },
];

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const eveningOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'phaseEnd.dayMoves.release.unanswered',
    question:
      'The Executioner who neither releases nor keeps torturing his victim by the end of the day (L53 gives him the choice and no default): Gavel releases the victim.',
  },
];

/** Russian names (the seed's words) of what this file adds. */
export const eveningNames: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: {
    unlink: { ru: 'Разорвать связь (в конце дня)' },
    blacken: { ru: 'Очернение (слухи днём перед своей ночью)' },
    release: { ru: 'Отпустить жертву из камеры пыток (в конце дня)' },
    rage: { ru: 'Бешенство: уничтожить роль и цвет при линчевании' },
    'name-successor': { ru: 'Назначить преемника сына босса (в конце дня)' },
    'name-heir': { ru: 'Назначить преемника дочери главы (в конце дня)' },
  },
  statuses: {
    possessing: { ru: 'фантом' },
    blackened: { ru: 'очернён' },
    successor: { ru: 'преемник' },
    'no-moves-tonight': { ru: 'без хода до конца ночи' },
    'role-destroyed': { ru: 'роль и цвет уничтожены' },
    'faceless-score': { ru: 'зачёт безликого' },
  },
};
