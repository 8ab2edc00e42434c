/**
 * A tally's explanations, kept as data (`TallyNote`) for the vote result post
 * in its language and as English sentences (`explanations`) for the host's
 * report, both from the one table of phrases.
 */
import { noteIn, postNames, postPhrases } from '../announce/phrases';
import { renderPlain } from '../announce/render';
import type { Ruleset } from '../rules/types';
import type { TallyNote, TallyNoteCode } from './types';

export interface TallyNotes {
  readonly notes: TallyNote[];
  /** The English sentences, in the same order. */
  readonly explanations: string[];
  add(code: TallyNoteCode, values?: Readonly<Record<string, string | number>>): void;
}

/** Notes of a tally; with the `ruleset`, the English sentences name its roles by their English names ("the Inquisitor"), not their ids. */
export function tallyNotes(ruleset?: Ruleset): TallyNotes {
  const notes: TallyNote[] = [];
  const explanations: string[] = [];
  const names = ruleset === undefined ? undefined : postNames(ruleset, 'en');
  return {
    notes,
    explanations,
    add(code, values = {}) {
      notes.push({ code, values });
      explanations.push(names === undefined ? renderPlain(postPhrases.en.notes[code], values) : noteIn({ code, values }, 'en', names));
    },
  };
}
