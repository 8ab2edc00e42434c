/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он
 * не засчитывается": the day's vote opens with the host's announcement. The
 * announcement is a host's post with a line that reads as one of the ruleset's
 * opening phrases (`voting.day.clock.voteOpening`, data in the game's
 * languages); the host may set the moment by hand instead (his override wins).
 * Where neither is known the clock's own time (21:00 Moscow) is assumed, and
 * the count says so.
 */
import type { BodyNode, ForumPost } from '../types';
import type { VoteOpeningGrammar } from '../rules/types';
import { approvalKey } from './hunt-approvals';

/** How the count learnt when a day's vote opened. */
export type VoteOpeningSource =
  /** The host's announcement in the thread (`post`). */
  | 'read'
  /** The host's time, set by hand. */
  | 'set'
  /** Neither: the ruleset's clock time (L150's 21:00) is assumed; no vote is refused for it. */
  | 'assumed';

/** When a day's vote opened: the moment, how it is known, and the first post of the thread whose votes count. */
export interface VoteOpening {
  readonly at: number | null;
  readonly source: VoteOpeningSource;
  /** The announcement (read) or the first post at or after the set time; votes in earlier posts are refused. Absent: none refused. */
  readonly fromPost?: number;
}

/** The lines of a post's own text (quotes and spoilers are someone else's words or hidden: not read). */
function linesOf(nodes: readonly BodyNode[]): string[] {
  const lines: string[] = [''];
  const walk = (list: readonly BodyNode[]): void => {
    for (const node of list) {
      if (node.type === 'break') lines.push('');
      else if (node.type === 'text') {
        if (node.struck === true) continue;
        lines[lines.length - 1] += node.text;
      } else lines.push('');
    }
  };
  walk(nodes);
  return lines.flatMap((l) => l.split('\n'));
}

/**
 * Whether a post announces the vote: one of its own lines reads exactly as an opening phrase (compared ignoring case,
 * "ё" as "е", punctuation and extra spaces), so "Голосование начинается в 21.00" in the morning post opens nothing.
 *
 * @example opensVote(post('Начинаем голосование!'), { phrases: ['начинаем голосование'] }) // true
 */
export function opensVote(post: ForumPost, grammar: VoteOpeningGrammar): boolean {
  const phrases = new Set(grammar.phrases.map(approvalKey).filter((p) => p !== ''));
  if (phrases.size === 0) return false;
  return linesOf(post.body).some((line) => phrases.has(approvalKey(line)));
}

/**
 * When the day's vote opened (L150): the host's hand-set time where he gave one, else his first announcing post of the
 * day, else the clock's assumed time. `hosts`: the hosts' accounts, lower-cased; `posts`: the day's posts in order.
 */
export function voteOpeningOf(
  posts: readonly ForumPost[],
  hosts: readonly string[],
  grammar: VoteOpeningGrammar | undefined,
  setAt: number | undefined,
  assumedAt: number | null,
): VoteOpening {
  if (setAt !== undefined) {
    const first = posts.find((p) => p.postedAt !== null && p.postedAt >= setAt);
    const last = posts.at(-1);
    // Every post of the day came before the set time: none of them counts (a vote opened after the posts read so far).
    const fromPost = first?.number ?? (last === undefined ? undefined : last.number + 1);
    return { at: setAt, source: 'set', ...(fromPost === undefined ? {} : { fromPost }) };
  }
  if (grammar !== undefined) {
    const announcement = posts.find((p) => hosts.includes(p.author.trim().toLowerCase()) && opensVote(p, grammar));
    if (announcement !== undefined) return { at: announcement.postedAt ?? assumedAt, source: 'read', fromPost: announcement.number };
  }
  return { at: assumedAt, source: 'assumed' };
}
