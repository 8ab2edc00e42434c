/**
 * Seed 004's Faceless and colour rules, as data: a face that came back is
 * never cut again (L60), a dead Faceless under the phantom effect still scores
 * (L64.5), his "face" for his voters and killers (L67, L135), the Mafia taking
 * over the Yakuza's reddening (L55), a werewolf's blackening once armed and
 * the verification of a check (L15). Read by src/engine/game/day-004-faceless.ts
 * and src/engine/night/roles-004-faceless.ts; the roles here are merged by id
 * into the preset's.
 */
import { ability, role } from '../../defaults';
import type { CheckVerification, DayMove, FaceCutLynch, LocalNames, OpenQuestion, RulesetRole, StatusDef } from '../../types';

/** L15: the end-of-day move that sends a check for verification. */
const verify = () => ability('verify-check', 'Send a check for verification (end of day; no move that night)', 'day');

/** L15: the blackening rumour, for a werewolf once his gun is his. */
const blacken = () => ability('blacken', 'Blacken a player (rumour before the side’s night)', 'day');

/** Abilities merged into the roles of the same id. */
export const facelessRoles: readonly RulesetRole[] = [
  // L15: "Когда чекер получает черный чек, он может в конце любого дня отправить его на проверку подлинности" (the colour checkers: L6, L28, L29, L51).
  role('commissar', 'Commissar (Комиссар)', [verify()]),
  role('lawyer', 'Lawyer (Адвокат)', [verify()]),
  role('inquisitor', 'Inquisitor (Инквизитор)', [verify()]),
  role('joker', 'Joker (Джокер)', [verify(), blacken()]),
  // L15: "Оборотень имеет право на очернение только тогда, когда в полной мере получает доступ к выстрелу киллера от негативной роли."
  role('poisoner', 'Poisoner (Отравитель)', [blacken()]),
  role('executioner', 'Executioner (Экзекутор)', [blacken()]),
  role('werewolf', 'Werewolf (Оборотень)', [blacken()]),
  // L54: the Geisha's katana once the Maniac is out.
  role('geisha', 'Geisha (Гейша)', [blacken()]),
  // L55: "Если обе мафии живы, а одна из якудз погибла, то мафия заберет у якудз право на окраснение."
  role('mafia', 'Mafia (Мафия)', [ability('redden', 'Redden one member of the pair (rumour)', 'day')]),
];

/** The end-of-day moves this file changes (merged over the evening's by ability id). */
export const facelessMoves: Readonly<Record<string, DayMove>> = {
  // L55: the evening's reddening (evening.ts), taken over by a whole Mafia pair once the Yakuza pair is broken.
  redden: { kind: 'rumour', status: 'reddened', phases: 2, pairRole: 'yakuza', takenOverBy: ['mafia'], lonePairUp: true },
  // L15: the evening's blackening (evening.ts), for a werewolf only once armed.
  blacken: { kind: 'rumour', status: 'blackened', phases: 2, onOwnNights: true, armedOnly: true },
};

/** L60, L64.5, L67: what this file adds to the face cut's lynch rules (evening.ts's `eveningFaceCut`). */
export const facelessCut: Omit<FaceCutLynch, 'status' | 'score' | 'victimPoints' | 'targetPoints'> = {
  recovered: 'face-recovered',
  // L64.5: the phantom effect (L18), and a possessing Faceless Phantom (L70: "может получить в зачет еще одну жертву").
  deadScorers: ['phantom', 'possessing'],
  // L135: "сопоставимо по баллам с половиной от одной обычной победы"; "Если у этого киллера есть напарник или слуга".
  face: { status: 'faceless-face', points: 0.5, servantStatus: 'serves' },
};

/** L15: the verification of a check. */
export const facelessVerification: CheckVerification = { ability: 'verify-check', status: 'verifying-check', checks: 'any' };

/** L48: "Если преемник умирает на голосовании, его статус будет обозначен рядом с ролью мафии." */
export const facelessRevealStatuses: readonly string[] = ['successor'];

/** The statuses these rules give. */
export const facelessStatuses: readonly StatusDef[] = [
  // L60: the face came back: never cut again.
  { id: 'face-recovered', name: 'face recovered (cannot be cut again)', night: { mechanic: 'face-recovered' } },
  // L15: "получить точный результат утром, но в эту ночь у него не будет хода" (the day it is sent and the night after).
  { id: 'verifying-check', name: 'check sent for verification', defaultPhases: 2, night: { mechanic: 'verifying-check', cannotAct: true } },
  // L135: the Faceless's face, in wins (half a win each).
  { id: 'faceless-face', name: 'face of the Faceless (wins)' },
];

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const facelessOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'phaseEnd.checkVerification.checks',
    question:
      'Which checks may be sent for verification (L15 gives the right for a black check, then tells what verifying a werewolf’s or the Faceless’s red check shows): Gavel accepts any colour check the checker received.',
  },
];

/** Russian names (the seed's words) of what this file adds. */
export const facelessNames: {
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
} = {
  abilities: {
    'verify-check': { ru: 'Отправить чек на проверку подлинности (в конце дня; без хода этой ночью)' },
  },
  statuses: {
    'face-recovered': { ru: 'лицо вернулось' },
    'verifying-check': { ru: 'чек на проверке подлинности' },
    'faceless-face': { ru: 'лицо безликого' },
  },
};
