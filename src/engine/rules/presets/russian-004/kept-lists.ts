/**
 * Seed 004's lists a player keeps from night to night where the seed leaves it open (L100, L114): the black
 * Kamikaze's list of peaceful roles that die with him. The mechanic is src/engine/night/roles-004-traps.ts; the answer
 * is the night setting `trapListKept`.
 */
import type { OpenQuestion } from '../../types';

/** Questions the seed leaves open here, with the answer Gavel takes. */
export const keptListOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'night.settings.trapListKept',
    question:
      'L100: the black Kamikaze "может указать ведущему мирные роли с ночными ходами … в качестве потенциальных жертв" (L114: a move at the end of a day); the seed does not say whether a list stands on later nights. `yes` (the default): his last list stands until he names a new one; `no`: it holds only for the night it is sent. The night reports it whenever it reads a kept list.',
  },
];
