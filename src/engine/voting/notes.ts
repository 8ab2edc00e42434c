/**
 * A tally's explanations, kept as data (`TallyNote`) for the vote result post
 * in its language and as English sentences (`explanations`) for the host's
 * report, both from the one table of phrases.
 */
import { postPhrases } from '../announce/phrases';
import { renderPlain } from '../announce/render';
import type { TallyNote, TallyNoteCode } from './types';

export interface TallyNotes {
  readonly notes: TallyNote[];
  /** The English sentences, in the same order. */
  readonly explanations: string[];
  add(code: TallyNoteCode, values?: Readonly<Record<string, string | number>>): void;
}

export function tallyNotes(): TallyNotes {
  const notes: TallyNote[] = [];
  const explanations: string[] = [];
  return {
    notes,
    explanations,
    add(code, values = {}) {
      notes.push({ code, values });
      explanations.push(renderPlain(postPhrases.en.notes[code], values));
    },
  };
}
