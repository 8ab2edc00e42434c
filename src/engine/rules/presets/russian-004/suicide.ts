import { ability } from '../../defaults';
import type { RulesetAbility } from '../../types';

/**
 * L11: any black may kill himself, even on a night without a killer move. It
 * is instant and no block stops it; a Doctor's heal or a Blocker's protection
 * can save him; a kill the same night resolves first (the step follows the
 * killers). Every black role of 004 carries it.
 */
export const blackSuicide = (): RulesetAbility =>
  ability('suicide', 'Suicide', 'night', {
    night: { effect: 'kill', step: 'suicide', selfOnly: true, unblockable: true, negative: true },
  });
