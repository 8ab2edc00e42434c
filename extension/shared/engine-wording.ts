/**
 * The catalogs' wording of engine messages for the posts the engine composes
 * (a game's private messages and public words): the engine holds no catalog,
 * so the worker, the popup and `gavel play` hand it this one.
 */
import type { MessageWording } from '../../src/engine/words';
import type { Ruleset } from '../../src/engine/rules/types';
import { translatorFor } from './catalogs';
import { sayMessage } from './format';
import { rulesetWords } from './ruleset-words';

/** Words an engine message in a language with the catalogs and the ruleset's names in that language. */
export function catalogWording(ruleset: Ruleset, timeZone?: string): MessageWording {
  return (message, language) => sayMessage(message, { t: translatorFor(language), names: rulesetWords(ruleset, language), timeZone });
}
