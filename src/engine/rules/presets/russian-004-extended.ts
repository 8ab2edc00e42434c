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
 */
import type { DayMove, Ruleset } from '../types';
import { russian004 } from './russian-004';

const standardNight = russian004.night;
const standardMoves = russian004.phaseEnd?.dayMoves ?? {};
const redden = standardMoves['redden'];

/** L55: both pairs redden one of their own while whole (the standard format gives the right to one pair at a time). */
const extendedMoves: Readonly<Record<string, DayMove>> =
  redden?.kind === 'rumour' ? { ...standardMoves, redden: { ...redden, everyWholePair: true } } : standardMoves;

/** The extended format: 16 main players (11 red, 5 black), common first nights, both pairs reddening (L131, L55). */
export const russian004Extended: Ruleset = {
  ...russian004,
  id: 'russian-004-extended',
  name: 'Russian forum Mafia, extended format (16 players)',
  names: { ru: 'Русская форумная мафия, расширенный формат (16 игроков)' },
  source: 'seed 004 (L131, the extended format) via docs/seed-004-digest.md',
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
