import { withNight } from '../../night/rules';
import type { Ruleset } from '../types';
import { forumStandard } from './forum-standard';

/**
 * The forum standard's catalogue resolved by Reasonable Action Resolution
 * (001, Method 2; issue 19) instead of Natural Action Resolution: the same
 * roles, modifiers, day rules and wins, with `night.method: 'reasonable'`.
 * The same ruleset is `forum-standard` with `"night": { "method":
 * "reasonable" }` (`set night.method "reasonable"` in a game script). RAR
 * refuses the Delayer's move (src/engine/night/rar-catalogue.ts says why).
 */
const base = withNight(
  forumStandard,
  { method: 'reasonable' },
  'forum-standard-rar',
  'Forum standard (Normal roles, Reasonable Action Resolution)',
);

export const forumStandardReasonable: Ruleset = {
  ...base,
  names: { ru: 'Стандартная форумная игра (разумное разрешение действий)' },
  openQuestions: [
    ...base.openQuestions,
    {
      setting: 'night.method',
      question:
        'Reasonable Action Resolution answers each end-of-night effect on its own: a protection stops every kill on its target (001: "the Doctor action prevents kills"), so the setting protectionStops is not read; two Bodyguards on one attacked player both stand in; the Delayer’s move is refused (a delay to the next night has no answer in RAR).',
    },
  ],
};
