/**
 * Loading a corpus directory from disk and turning each post's HTML into
 * body nodes with the project's phpBB body parser, over the read-only tree
 * htmlparser2 builds (`cli/tree`), not a DOM: the replay reads tens of
 * thousands of posts, and a DOM cost it ten times the parsing itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bodyProfiles, limitNesting, parsePostBody } from '../../src/parsers';
import { mayContainVote, type VoteGrammar } from '../../src/engine';
import { InputError } from '../command';
import { readInputFile } from '../input';
import { createStreamBodyReader } from '../tree/body-stream';
import { markupOutsideQuotes } from './outside-quotes';
import { asBodyElement, createTreeFragmentReader } from '../tree/fragment';
import { parseArchive, parsePostsJsonl, parseTransitions, type ArchiveGame } from './archive';
import type { ReplayPost } from './replay';

export interface Corpus {
  readonly dir: string;
  readonly games: readonly ArchiveGame[];
  readonly transitions: ReadonlyMap<string, readonly (number | null)[]>;
}

function readText(path: string): string {
  if (!existsSync(path)) throw new InputError(`${path}: no such file`);
  return readInputFile(path, path, 'data');
}

export function loadCorpus(dir: string): Corpus {
  if (!existsSync(dir)) throw new InputError(`${dir}: no such corpus directory`);
  const games = parseArchive(readText(join(dir, 'archive.txt')));
  if (games.length === 0) throw new InputError(`${join(dir, 'archive.txt')}: no games found`);
  return { dir, games, transitions: parseTransitions(readText(join(dir, 'transitions.tsv'))) };
}

/**
 * Whether a phpBB post's HTML can hold a vote the grammar would count: a
 * keyword outside quotes, and (unless plain text can count) bold or vote-tag
 * markup outside quotes. Skipping the rest halves the replay's time; the
 * skipped posts could only add refusals ('vote/not-bold', 'vote/in-quote') to
 * the history, never a counted vote, and the replay shows neither. A skipped
 * post is not read for nicknames either (a quote's author before the poster's
 * words): on the 40 corpus games the whole count, refusals of those two kinds
 * aside, is the same with and without the quotes left out
 * (test/cli/outside-quotes.test.ts).
 */
export function phpbbMayHoldVote(html: string, grammar: VoteGrammar): boolean {
  if (!phpbbMarkupMayHoldVote(html, grammar)) return false;
  // Then the same tests on the markup outside quotes, where a vote can count (`markupOutsideQuotes`): on the
  // mafiascum corpus a third of the posts that pass the first tests hold their keyword or bold only in quotes.
  const outside = markupOutsideQuotes(html);
  return outside === undefined || outside === html || phpbbMarkupMayHoldVote(outside, grammar);
}

/** The pre-filter's tests on the whole markup, quotes included (what `phpbbMayHoldVote` was before it left quotes out). */
export function phpbbMarkupMayHoldVote(html: string, grammar: VoteGrammar): boolean {
  // The markup test first: it is the cheaper of the two, and most posts fail it (on the mafiascum corpus
  // 20% of posts hold bold or a vote tag, 28% a keyword).
  if (!grammar.unboldedUnvotes && !grammar.greenFontVotes && !boldOrVoteTag.test(html)) return false;
  return mayContainVote(html, grammar);
}

const boldOrVoteTag = /font-weight:\s*bold|bbvote|<(?:b|strong)[\s>]/i;

/**
 * A body parser: HTML string in, body nodes out. Each post is read in one
 * streaming pass of htmlparser2 (`cli/tree/body-stream.ts`, no tree); the few
 * posts that pass cannot read as the walker would (a quote header inside a
 * code box, a quote inside a spoiler's title, quotes nested too deep) are read
 * into the read-only tree of `cli/tree`, whose elements answer what the body
 * reader asks of a DOM element. test/cli/post-tree.test.ts checks this reader
 * reads real posts as jsdom does; test/cli/body-stream.test.ts that the two
 * ways agree on every fixture and corpus post.
 */
export function createBodyReader(): (html: string) => BodyNodes {
  const read = createTreeFragmentReader();
  const stream = createStreamBodyReader(bodyProfiles.phpbb);
  return (html) => {
    // A post nested deeper than a browser nests (512) is read at that depth, as the browser reads it.
    const bounded = limitNesting(html).html;
    return stream?.(bounded) ?? parsePostBody(asBodyElement(read(bounded)), 'phpbb');
  };
}

/** The same reader over the tree only (no streaming pass): the reference the streaming reader is checked and timed against. */
export function createTreeBodyReader(): (html: string) => BodyNodes {
  const read = createTreeFragmentReader();
  return (html) => parsePostBody(asBodyElement(read(limitNesting(html).html)), 'phpbb');
}

type BodyNodes = ReturnType<typeof parsePostBody>;

/** The posts of one game, parsed; null when the corpus has no posts file for the thread. */
export function loadGamePosts(
  corpus: Corpus,
  game: ArchiveGame,
  readBody: (html: string) => BodyNodes,
  /** Posts whose raw HTML fails this test get an empty body without being parsed (see `mayContainVote`). */
  worthParsing: (html: string) => boolean = () => true,
): ReplayPost[] | null {
  const file = join(corpus.dir, 'posts', `${game.thread}.jsonl`);
  if (!existsSync(file)) return null;
  let raw;
  try {
    raw = parsePostsJsonl(readInputFile(file, file, 'data', 'posts file'), file);
  } catch (error) {
    throw new InputError(error instanceof Error ? error.message : String(error));
  }
  return raw.map((p) => ({ number: p.number, id: p.id, user: p.user, body: worthParsing(p.content) ? readBody(p.content) : [] }));
}
