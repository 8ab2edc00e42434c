/**
 * The data contract between `src/parsers` (which produce posts from forum pages)
 * and `src/engine` (which consumes them). Plain JSON only: no Date, Map, Set or
 * class instances, times as UTC epoch milliseconds.
 *
 * This module holds types and tiny pure helpers over them; it imports nothing.
 */

/** One piece of a post body, in reading order. */
export type BodyNode = TextNode | BreakNode | QuoteNode | SpoilerNode;

/** A run of text with the marks the forum rendered on it. */
export interface TextNode {
  readonly type: 'text';
  readonly text: string;
  /** Bold in any form the engine renders (b, strong, font-weight, mycode_b, text-strong, span.bbvote…). */
  readonly bold?: true;
  readonly italic?: true;
  readonly underline?: true;
  /** Struck through (s, strike, del, text-decoration: line-through). */
  readonly struck?: true;
  /** The font colour as the page gives it, lower-cased (`green`, `#008000`), where the engine keeps it. */
  readonly color?: string;
  /** Set when the run comes from a dedicated vote tag (mafiascum's `[vote]`, `span.bbvote`). */
  readonly voteTag?: true;
}

/** A line or paragraph boundary. */
export interface BreakNode {
  readonly type: 'break';
}

/** A quotation of another post or text; its content never counts as the poster's own words. */
export interface QuoteNode {
  readonly type: 'quote';
  /** The quoted author where the quote names one. */
  readonly author?: string;
  /** The quoted post's id where the quote links to one. */
  readonly postId?: string;
  readonly children: readonly BodyNode[];
}

/** A spoiler (hidden until clicked); kept apart and marked so rules can decide what it counts for. */
export interface SpoilerNode {
  readonly type: 'spoiler';
  readonly title?: string;
  readonly children: readonly BodyNode[];
}

/** What an edit notice on the page says. */
export interface EditInfo {
  /** When the post was last edited (UTC epoch ms), where the page says. */
  readonly at?: number;
  /** Who edited it, where the page says. */
  readonly by?: string;
  /** How many times, where the page says. */
  readonly count?: number;
  /** The reason given, where the page shows one. */
  readonly reason?: string;
}

/** One post of a thread as typed data. */
export interface ForumPost {
  /** The forum's own post id, as a string. */
  readonly id: string;
  /**
   * The post's place in the thread, the key Gavel orders and counts by: the number the
   * page prints where it prints one on every post (mafiascum's "#0" for the opening post,
   * XenForo's and vBulletin's "#26"), else the engine's count from 1 for the opening post
   * (SMF, whose "Reply #25" is number 26 here; phpBB styles and Invision, which print
   * none). What the forum shows a host is `shownPostNumber(number, numbering)`.
   */
  readonly number: number;
  readonly author: string;
  readonly authorId?: string;
  /** UTC epoch ms; null where the page gave no readable time. */
  readonly postedAt: number | null;
  readonly permalink?: string;
  readonly edited?: EditInfo;
  readonly body: readonly BodyNode[];
}

/** The text of a body, quotes and spoilers included, with breaks as newlines. */
export function bodyText(
  nodes: readonly BodyNode[],
  options: { readonly skipQuotes?: boolean; readonly skipSpoilers?: boolean } = {},
): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out += node.text;
        break;
      case 'break':
        out += '\n';
        break;
      case 'quote':
        if (options.skipQuotes !== true) out += `\n${bodyText(node.children, options)}\n`;
        break;
      case 'spoiler':
        if (options.skipSpoilers !== true) out += `\n${bodyText(node.children, options)}\n`;
        break;
    }
  }
  return out;
}

/**
 * How a forum prints post numbers, against `ForumPost.number`: each engine's module
 * says (`src/parsers/<engine>/index.ts`). Plain JSON, so it travels with a count view.
 */
export interface PostNumbering {
  /** `number` minus the number the forum prints: 1 on SMF (its "Reply #1" is the second post), 0 elsewhere. */
  readonly offset: number;
  /** What the forum writes before the number: "Reply #" on SMF, "#" elsewhere. */
  readonly prefix: string;
}

/** A forum that prints "#N" with N = `number` (or prints nothing, and Gavel's count from 1 stands). */
export const plainNumbering: PostNumbering = { offset: 0, prefix: '#' };

/**
 * The number the forum shows a host for a post, where Gavel writes "post #N" (counts,
 * badges, the vote-count post): SMF's "Reply #25" is post #25, not #26. SMF's opening
 * post, which SMF leaves unnumbered, is #0.
 * @example shownPostNumber(26, { offset: 1, prefix: 'Reply #' }) // 25
 */
export function shownPostNumber(number: number, numbering: PostNumbering = plainNumbering): number {
  return number - numbering.offset;
}

/**
 * The number Gavel keeps for a post the host names by the number the forum shows (the inverse of `shownPostNumber`).
 * @example storedPostNumber(25, { offset: 1, prefix: 'Reply #' }) // 26
 */
export function storedPostNumber(shown: number, numbering: PostNumbering = plainNumbering): number {
  return shown + numbering.offset;
}

/**
 * The post's number with the forum's own wording.
 * @example postLabel(26, { offset: 1, prefix: 'Reply #' }) // "Reply #25"
 */
export function postLabel(number: number, numbering: PostNumbering = plainNumbering): string {
  return `${numbering.prefix}${shownPostNumber(number, numbering)}`;
}
