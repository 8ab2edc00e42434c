/**
 * Loading a corpus directory from disk and turning each post's HTML into
 * body nodes with the project's phpBB body parser, over the read-only tree
 * htmlparser2 builds (`cli/tree`), not a DOM: the replay reads tens of
 * thousands of posts, and a DOM cost it ten times the parsing itself.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { limitNesting, parsePostBody } from '../../src/parsers';
import { mayContainVote, type VoteGrammar } from '../../src/engine';
import { InputError } from '../command';
import { readInputFile } from '../input';
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
 * keyword somewhere, and (unless plain text can count) bold or vote-tag
 * markup. Skipping the rest halves the replay's time; the skipped posts could
 * only add refusals ('vote/not-bold') to the history, never a counted vote.
 */
export function phpbbMayHoldVote(html: string, grammar: VoteGrammar): boolean {
  if (!mayContainVote(html, grammar)) return false;
  if (grammar.unboldedUnvotes || grammar.greenFontVotes) return true;
  return /font-weight:\s*bold|bbvote|<(?:b|strong)[\s>]/i.test(html);
}

/**
 * A body parser: HTML string in, body nodes out. The post is read into the
 * read-only tree of `cli/tree`, whose elements answer what the body reader
 * asks of a DOM element (links, names, classes, attributes, text, selectors);
 * test/cli/post-tree.test.ts checks it reads real posts as jsdom does.
 */
export function createBodyReader(): (html: string) => BodyNodes {
  const read = createTreeFragmentReader();
  // A post nested deeper than a browser nests (512) is read at that depth, as the browser reads it.
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
