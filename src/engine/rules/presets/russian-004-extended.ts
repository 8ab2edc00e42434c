/**
 * Seed 004's extended format (расширенный формат): the standard preset with
 * the rules the seed changes for a game of 16 main players (L131), as
 * overridden data. Everything not named here is the standard format's.
 *
 * - L131.4, L131.5, L55: the killer sides' nights (`night.blackFormat`, src/engine/night/roles-004-extended.ts).
 * - L55: "В расширенном формате обе пары могут использовать окраснение, пока остаются целыми" (`everyWholePair`).
 * - L66, L76: the Faceless leaves victorious after 12 departures ("12 в расширенном"), not 9.
 * - L131.1, L131.2: the setup check of 11 red and 5 black main players with the Politician, two Active citizens and two
 *   Werewolves (`setup.colorCounts`, `setup.roleCounts`), reported as setup problems.
 * - L163: "Охоту нельзя провести, если в живых осталось слишком мало игроков - … 6 или меньше в расширенном формате".
 * - L52: the Poisoner's two targets after a thwarted move or a black's poison death, of which one dies (`extendedRoles`).
 * - L53: the Executioner's two torture targets on nights 1 and 2 (`extendedRoles`).
 * - L51: the second werewolf receives the Joker's checks (`checksToPartners`).
 * - L131.3: which werewolf takes up the gun when two are left (`killerSuccession`); with three left, the setting
 *   `threeLeftSuccession` (an open question).
 */
import type { DayMove, OpenQuestion, Ruleset, RulesetAbility, RulesetRole, StatusDef } from '../types';
import { russian004 } from './russian-004';
import type { MoreTargetsRule } from '../../night/roles-004-extended';

const standardNight = russian004.night;
const standardMoves = russian004.phaseEnd?.dayMoves ?? {};
const redden = standardMoves['redden'];

/** L55: both pairs redden one of their own while whole (the standard format gives the right to one pair at a time). */
const extendedMoves: Readonly<Record<string, DayMove>> =
  redden?.kind === 'rumour' ? { ...standardMoves, redden: { ...redden, everyWholePair: true } } : standardMoves;

/** The status that opens the Poisoner's second target for one night (L52). */
const SECOND_DOSE = 'second-dose';

/** An ability's night part with more targets, under the rule `more` (L52, L53). */
function withMoreTargets(a: RulesetAbility, more: MoreTargetsRule): RulesetAbility {
  const night = a.night;
  if (night === undefined || !('effect' in night)) return a;
  return { ...a, night: { ...night, maxTargets: 2, moreTargetsWhen: more } };
}

/**
 * L52: "В расширенном формате отравитель может выбрать две цели за раз, если ему в предыдущую ночь сбили ход или
 * если от яда умер черный/безликий, но в итоге умрет только одна из них - в случае выбора приоритет отдается красному".
 * L53: "В расширенном формате разрешено выбирать по две цели в первую и вторую ночь."
 */
const extendedRoles: readonly RulesetRole[] = russian004.roles.map((r) => {
  if (r.id === 'poisoner')
    return {
      ...r,
      abilities: r.abilities.map((a) =>
        a.id === 'poison' ? withMoreTargets(a, { status: SECOND_DOSE, grantedBy: ['move-failed', 'non-red-poison-death'] }) : a,
      ),
    };
  if (r.id === 'executioner')
    return { ...r, abilities: r.abilities.map((a) => (a.id === 'torture' ? withMoreTargets(a, { untilNight: 2 }) : a)) };
  return r;
});

/** L52: the Poisoner may name two targets tonight (given by the night before). */
const secondDose: StatusDef = {
  id: SECOND_DOSE,
  name: 'may poison two players tonight',
  names: { ru: 'может отравить двоих этой ночью' },
  // Given at the end of a night, it lasts that night, the day after and the next night ("в предыдущую ночь").
  defaultPhases: 3,
};

/** The open questions the extended format adds (each a night setting, reported when a game reaches it). */
const extendedQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.oneDoseFirstNamedDies',
    question:
      'L52: the Poisoner’s two targets of one poisoning are of one colour; only one dies (“приоритет отдается красному” settles only a red and a non-red): which? (the first named)',
  },
  {
    setting: 'night.settings.pendingPoisonIsSpent',
    question:
      'L131.3: the Poisoner becomes the killer first “если исчерпал лимит отравлений”, and the seed sets no limit: does his last victim still living (no poisoning open to him tonight) count as the limit used up? (no: Joker > Executioner > Poisoner)',
  },
  {
    setting: 'night.settings.threeLeftSuccession',
    question:
      'L131.3 gives the killer’s succession when “из команды черных остались двое из джокер/отравитель/экзекутор”; with three of them left (a host’s setup with more than the format’s two werewolves), who takes up the gun? `same-order` (the default): the order for two picks among the three (the Poisoner once his limit is spent, else Joker > Executioner > Poisoner); `wait-for-two`: nobody, until only two are left (each kind’s own gun waits for “все другие черные” to be out, L51–L53). The night reports it each night the succession meets three.',
  },
];

/** The extended format: 16 main players (11 red, 5 black), common first nights, both pairs reddening (L131, L55). */
export const russian004Extended: Ruleset = {
  ...russian004,
  id: 'russian-004-extended',
  name: 'Russian forum Mafia, extended format (16 players)',
  names: { ru: 'Русская форумная мафия, расширенный формат (16 игроков)' },
  source: 'seed 004 (L131, the extended format) via docs/seed-004-digest.md',
  roles: extendedRoles,
  statuses: [...russian004.statuses, secondDose],
  openQuestions: [...russian004.openQuestions, ...extendedQuestions],
  // L66: "Если безликий смог пережить 9 (12 в расширенном) игроков"; L163: no hunt with 6 or fewer alive.
  win: russian004.win.kind === 'colors' ? { ...russian004.win, greySurvivalDepartures: 12, huntMinAlive: 6 } : russian004.win,
  ...(standardNight === undefined
    ? {}
    : {
        night: {
          ...standardNight,
          blackFormat: {
            // L131.4: "Первая и вторая ночь считаются общими ночами для мафии и маньяка".
            commonNights: 2,
            // L131.5: "В первые две ночи суммарно не может умереть больше одного черного от негативного хода киллера другого черного".
            blackOnBlackCap: { nights: 2, deaths: 1 },
            // L55: "ни одна из сторон не может полностью перехватить вторую ночь, если жив хотя бы один черный с другой стороны".
            nightsKeptWhileAlive: true,
            // L51: "В расширенном формате информацию джокера также получает второй оборотень".
            checksToPartners: true,
            // L131.3: "новым киллером станет отравитель, если исчерпал лимит отравлений. Если отравитель еще может кого-либо
            // отравить, то приоритет: джокер > экзекутор > отравитель".
            killerSuccession: { order: ['joker', 'executioner', 'poisoner'], spentFirst: 'poisoner' },
          },
        },
      }),
  phaseEnd: { ...russian004.phaseEnd, dayMoves: extendedMoves },
  setup: {
    ...russian004.setup,
    // L131.1 "Без учета безликого и элитных ролей в игре 16 участников: 11 красных и 5 черных".
    colorCounts: { red: 11, black: 5 },
    // L131.2 "К шести базовым мирным ролям добавляется политик и второй активный житель. Пятым черным добавляется второй оборотень".
    roleCounts: { politician: 1, 'active-citizen': 2, werewolf: 2 },
  },
};
