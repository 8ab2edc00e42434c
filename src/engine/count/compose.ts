/**
 * The vote count post a host pastes into the thread, in the forum's markup,
 * for any voting system. Names are escaped by the engine's template renderer,
 * so a name can never open a tag.
 */
import { renderTemplate, type Dialect } from '../announce/render';
import { shownPostNumber, type PostNumbering } from '../../model/post';
import type { PhaseRef } from '../game/types';

/** The facts of one count, with names already resolved. */
export interface VoteCountFacts {
  readonly system: 'majority' | 'family-court' | 'weighted-plurality';
  readonly day: PhaseRef;
  readonly asOfPost: number;
  readonly alive: number;
  /** Votes to decide under majority; null where the system has none. */
  readonly threshold: number | null;
  /** What deciding does ("lynch"). */
  readonly label: string;
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
}

/** Shows at most two decimals: a capped 004 vote can count for a fraction. */
const amount = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/u, ''));

/**
 * @example composeVoteCountPost(facts, 'markdown') // "**Vote count, Day 2** (as of post #40)…"
 */
export function composeVoteCountPost(f: VoteCountFacts, dialect: Dialect): string {
  const day = `${f.day.kind === 'day' ? 'Day' : 'Night'} ${f.day.number}`;
  const lines: string[] = [
    renderTemplate('{b}Vote count, {day}{/b} (as of post #{post})', { day, post: shownPostNumber(f.asOfPost, f.numbering) }, dialect),
    '',
  ];
  if (f.families !== undefined && f.families.length > 0) {
    lines.push(renderTemplate('{b}Families{/b}', {}, dialect));
    for (const fam of f.families)
      lines.push(renderTemplate('{family}: {votes}', { family: fam.family, votes: amount(fam.votes) }, dialect));
    lines.push('', renderTemplate('{b}Players{/b}', {}, dialect));
  }
  for (const w of f.wagons) {
    const l = w.lMinus === null ? '' : w.lMinus === 0 ? ', at the threshold' : `, L-${w.lMinus}`;
    lines.push(
      renderTemplate(
        '{b}{target}{/b} ({votes}{l}): {voters}',
        { target: w.target, votes: amount(w.votes), l, voters: w.voters.join(', ') },
        dialect,
      ),
    );
  }
  if (f.wagons.length === 0) lines.push('No votes yet.');
  lines.push('');
  if (f.notVoting.length > 0)
    lines.push(renderTemplate('Not voting ({n}): {names}', { n: f.notVoting.length, names: f.notVoting.join(', ') }, dialect));
  if (f.system === 'majority' && f.threshold !== null)
    lines.push(
      renderTemplate(
        'With {alive} alive, it takes {threshold} to {label}.',
        { alive: f.alive, threshold: f.threshold, label: f.label },
        dialect,
      ),
    );
  else if (f.system === 'family-court')
    lines.push(renderTemplate('With {alive} alive, the families with the most votes go to court.', { alive: f.alive }, dialect));
  else
    lines.push(renderTemplate('With {alive} alive, the highest vote weight at the end of the vote decides.', { alive: f.alive }, dialect));
  if (f.hammer !== null)
    lines.push(
      renderTemplate(
        '{b}{target} was hammered in post #{post}.{/b}',
        { target: f.hammer.target, post: shownPostNumber(f.hammer.post, f.numbering) },
        dialect,
      ),
    );
  if (f.lock !== null)
    lines.push(
      renderTemplate(
        'The wagon on {target} locked in post #{post}.',
        { target: f.lock.target, post: shownPostNumber(f.lock.post, f.numbering) },
        dialect,
      ),
    );
  return lines.join('\n');
}
