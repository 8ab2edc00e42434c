/**
 * The vote count post a host pastes into the thread, in the forum's markup,
 * for any voting system. Names are escaped by the engine's template renderer,
 * so a name can never open a tag.
 */
import { formatAmount, postPhaseName, pluralForm, postPhrases } from '../announce/phrases';
import { renderTemplate, type Dialect } from '../announce/render';
import type { PostLanguage } from '../rules/types';
import { shownPostNumber, type PostNumbering } from '../../model/post';
import type { PhaseRef } from '../game/types';
import type { TallyNote } from '../voting/types';

/** The facts of one count, with names already resolved. */
export interface VoteCountFacts {
  readonly system: 'majority' | 'family-court' | 'weighted-plurality';
  readonly day: PhaseRef;
  readonly asOfPost: number;
  readonly alive: number;
  /** Votes to decide under majority; null where the system has none. */
  readonly threshold: number | null;
  readonly wagons: readonly {
    readonly target: string;
    readonly votes: number;
    readonly lMinus: number | null;
    readonly voters: readonly string[];
  }[];
  /** 000: the families' totals, most first. */
  readonly families?: readonly { readonly family: string; readonly votes: number }[];
  readonly notVoting: readonly string[];
  readonly hammer: { readonly target: string; readonly post: number } | null;
  readonly lock: { readonly target: string; readonly post: number } | null;
  /**
   * How the thread's forum prints post numbers: the post numbers above are Gavel's
   * (`ForumPost.number`), and the post names them as the forum shows them, so a host
   * finds SMF's "Reply #25" under "post #25". @default `plainNumbering`
   */
  readonly numbering?: PostNumbering;
  /** What the day's roles did to the count (a Voteless player's vote, a stolen vote, an Unlynchable), each a line. */
  readonly notes?: readonly TallyNote[];
}

/**
 * Every phrase is the post language's (`postPhrases`), counted ones by
 * `Intl.PluralRules` ("3 голоса", "5 голосов").
 *
 * @example composeVoteCountPost(facts, 'markdown') // "**Vote count, Day 2** (as of post #40)…"
 */
export function composeVoteCountPost(f: VoteCountFacts, dialect: Dialect, language: PostLanguage = 'en'): string {
  const words = postPhrases[language];
  const render = (template: string, values: Parameters<typeof renderTemplate>[1] = {}): string => renderTemplate(template, values, dialect);
  const amount = (n: number): string => formatAmount(n, language);
  const lines: string[] = [
    render(words.countHeading, { day: postPhaseName(f.day, language), post: shownPostNumber(f.asOfPost, f.numbering) }),
    '',
  ];
  if (f.families !== undefined && f.families.length > 0) {
    lines.push(render(words.countFamilies));
    for (const fam of f.families)
      lines.push(render(pluralForm(words.countFamily, language, fam.votes), { family: fam.family, votes: amount(fam.votes) }));
    lines.push('', render(words.countPlayers));
  }
  for (const w of f.wagons) {
    const l =
      w.lMinus === null
        ? ''
        : w.lMinus === 0
          ? words.countAtThreshold
          : renderTemplate(pluralForm(words.countShort, language, w.lMinus), { n: w.lMinus }, dialect);
    lines.push(
      render(pluralForm(words.countWagon, language, w.votes), { target: w.target, votes: amount(w.votes), l, voters: w.voters.join(', ') }),
    );
  }
  if (f.wagons.length === 0) lines.push(render(words.countNoVotes));
  lines.push('');
  if (f.notVoting.length > 0) lines.push(render(words.countNotVoting, { n: f.notVoting.length, names: f.notVoting.join(', ') }));
  if (f.system === 'majority' && f.threshold !== null)
    lines.push(render(pluralForm(words.countThreshold, language, f.threshold), { alive: f.alive, n: f.threshold }));
  else if (f.system === 'family-court') lines.push(render(words.countFamilyCourt, { alive: f.alive }));
  else lines.push(render(words.countWeighted, { alive: f.alive }));
  if (f.hammer !== null)
    lines.push(render(words.countHammer, { target: f.hammer.target, post: shownPostNumber(f.hammer.post, f.numbering) }));
  if (f.lock !== null) lines.push(render(words.countLock, { target: f.lock.target, post: shownPostNumber(f.lock.post, f.numbering) }));
  for (const note of f.notes ?? []) lines.push(render(words.notes[note.code], note.values));
  return lines.join('\n');
}
