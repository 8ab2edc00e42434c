/**
 * Seed 004's open questions on a copy's day (L40 the Actor, L47 the Wizard "как актер"), for the preset's
 * `openQuestions`; the settings themselves are in the day rules' `borrowedWeights` (day-roles-2.ts).
 */
import type { OpenQuestion } from '../../types';

export const copiesDayOpenQuestions: readonly OpenQuestion[] = [
  {
    setting: 'voting.day.roleDay.borrowedWeights.barrierLynches',
    question:
      'A copied Priest’s barrier (L40 "Если скопировал роль, играет за нее с нуля"; L30 "уменьшается на единицу за каждого залинчованного красного игрока, даже если священник не голосовал за него"): does it start whole, 3 less a third (Gavel, from-scratch), or fall with the reds lynched so far in the game, as the original’s does (counted)?',
  },
];
