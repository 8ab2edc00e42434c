/**
 * The forum standard's catalogue under Reasonable Action Resolution (issue 19;
 * 001, Method 2). RAR breaks every action into components (001: "a
 * Jailkeeper action has three components … Doctor + Visitor + Roleblocker");
 * this file says which components each catalogue effect has, and which
 * effect RAR cannot give a single answer for.
 *
 * - `dies-instead` (Bodyguard, Elite Bodyguard): a protection (a reason
 *   against each kill on the target) plus a triggered effect: "does the
 *   stand-in die?" has the reason "a kill would have killed the target, and
 *   the stand-in took it" (rule 3: both parts must stand). The Elite
 *   Bodyguard's kill of the attacker is the same trigger.
 * - `commute`, `hide-behind`: passive-like (unblockable, by the ruleset's
 *   data): a reason against every other move aimed at the player. The
 *   Hider's death is triggered by the death of the player he hides behind.
 * - `learn-role-name`, `tell-alignment`, `double-action`, `control-posts`:
 *   an end-of-night effect plus a visit, like a Cop's check.
 * - `recruit`: an end-of-night effect plus a visit; every reason the target
 *   dies is also a reason he is not recruited (001's own advice for a cult
 *   recruiter under RAR), and so is a protection, a scum faction and a
 *   recruit-immune role (the forum reading the NAR resolver uses).
 * - `delay-action` is refused: a delayed move resolves the next night, and
 *   whether tonight's reasons (a block on the delayed player, a swap, a
 *   protection) still count for it then has no answer in RAR's rules, which
 *   ask only about the effects at the end of one night.
 */
import { engineMessage, word, type EngineMessage } from '../words';
import type { NightEffectKind } from './roles';

/** The catalogue effects Reasonable Action Resolution breaks into components. */
export const rarCatalogueEffects: readonly NightEffectKind[] = [
  'dies-instead',
  'commute',
  'hide-behind',
  'learn-role-name',
  'tell-alignment',
  'double-action',
  'control-posts',
  'recruit',
];

/** Effects RAR refuses, each with why (the refusal's text; its message is `rarRefusalMessage`). */
export const rarRefusedEffects: Readonly<Partial<Record<NightEffectKind, string>>> = {
  'delay-action':
    'Reasonable Action Resolution asks only about the effects at the end of one night; a move delayed to the next night has no single answer there (do tonight’s blocks and swaps still count for it?)',
};

/** The kinds of `rarRefusedEffects`. */
export const rarRefusedKinds: readonly NightEffectKind[] = ['delay-action'];

/** The refusal message of an effect RAR refuses (`rarRefusedEffects`). */
export function rarRefusalMessage(ability: string): EngineMessage {
  return engineMessage('night/rar-refused-delay', word.ability(ability));
}

/** Effects that take their actor away for the night: every other move aimed at him fails. */
export const rarAway: readonly NightEffectKind[] = ['commute', 'hide-behind'];
