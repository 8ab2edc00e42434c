import type { GameState } from '../game/types';
import type { Ruleset } from '../rules/types';
import { tallyFamilyCourt } from './family-court';
import { tallyMajority } from './majority';
import type { DayClockInput } from './day-004-roles';
import type { DayTally } from './types';
import { tallyWeightedPlurality } from './weighted-plurality';

/**
 * Tallies the current day's votes by the ruleset's voting system (004: with
 * the time, when given: late before-vote moves and forced auto-votes). Pure: the
 * result depends only on the state derived from the event log and the
 * ruleset, so any day's totals can be reproduced from the log.
 */
export function tallyDay(state: GameState, ruleset: Ruleset, clock?: DayClockInput): DayTally {
  const voting = ruleset.voting;
  switch (voting.kind) {
    case 'majority':
      return tallyMajority(state, ruleset, voting);
    case 'family-court':
      return tallyFamilyCourt(state, ruleset, voting);
    case 'weighted-plurality':
      return tallyWeightedPlurality(state, ruleset, voting, clock);
  }
}
