/**
 * Replay throughput: every post of a corpus (default ../shared/corpus/mafiascum)
 * extracted, matched and tallied as `gavel replay` does it, against the cost of
 * only parsing the same posts' HTML with the same parser (jsdom, one reused
 * document, `createContextualFragment` as `createBodyReader` uses it).
 *
 * The posts files are read and split into posts before any clock starts, so
 * all three figures time the same thing: work on HTML strings already in memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { parsePostsJsonl, type CorpusPost } from '../../cli/corpus/archive';
import { createBodyReader, loadCorpus, phpbbMayHoldVote, type Corpus } from '../../cli/corpus/load';
import { replayGame, summarize, type DayResult, type ReplayPost } from '../../cli/corpus/replay';
import { mafiascumVoteRules } from '../../src/engine';
import type { ArchiveGame } from '../../cli/corpus/archive';
import { round, secondsSince, type Log } from './util';

interface LoadedGame {
  readonly game: ArchiveGame;
  readonly ends: readonly (number | null)[];
  readonly posts: readonly CorpusPost[];
}

export interface ReplayOptions {
  readonly corpusDir: string;
  /** Only the first N games (the quick run). */
  readonly maxGames?: number;
  /** Also time the pipeline with every post parsed (no pre-filter). */
  readonly withUnfiltered: boolean;
}

function loadAll(corpus: Corpus, maxGames: number | undefined): LoadedGame[] {
  const loaded: LoadedGame[] = [];
  for (const game of corpus.games) {
    if (maxGames !== undefined && loaded.length >= maxGames) break;
    const ends = corpus.transitions.get(game.gameId);
    const file = join(corpus.dir, 'posts', `${game.thread}.jsonl`);
    if (ends === undefined || !existsSync(file)) continue;
    loaded.push({ game, ends, posts: parsePostsJsonl(readFileSync(file, 'utf8'), file) });
  }
  return loaded;
}

/** Extract, match and tally: the replay command's own steps over posts in memory. */
function replayAll(
  games: readonly LoadedGame[],
  prefilter: boolean,
): { days: DayResult[]; parsed: number; bodySeconds: number; tallySeconds: number } {
  const readBody = createBodyReader();
  const days: DayResult[] = [];
  let parsed = 0;
  let bodySeconds = 0;
  let tallySeconds = 0;
  for (const { game, ends, posts } of games) {
    const bodyStart = process.hrtime.bigint();
    const replayPosts: ReplayPost[] = posts.map((p) => {
      const worth = !prefilter || phpbbMayHoldVote(p.content, mafiascumVoteRules.grammar);
      if (worth) parsed++;
      return { number: p.number, id: p.id, user: p.user, body: worth ? readBody(p.content) : [] };
    });
    bodySeconds += secondsSince(bodyStart);
    const tallyStart = process.hrtime.bigint();
    days.push(...replayGame(game, ends, replayPosts));
    tallySeconds += secondsSince(tallyStart);
  }
  return { days, parsed, bodySeconds, tallySeconds };
}

/** Parsing only: every post's HTML into a fragment in the same kind of reused jsdom document. */
function parseAll(games: readonly LoadedGame[]): number {
  const { document } = new JSDOM('<!doctype html><body></body>').window;
  const range = document.createRange();
  range.selectNodeContents(document.body);
  let nodes = 0;
  for (const { posts } of games) {
    for (const p of posts) {
      const container = document.createElement('div');
      container.append(range.createContextualFragment(p.content));
      nodes += container.childNodes.length;
    }
  }
  return nodes;
}

function timed<T>(fn: () => T): { seconds: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { seconds: secondsSince(start), value };
}

export function benchReplay(options: ReplayOptions, log: Log): Record<string, unknown> {
  if (!existsSync(join(options.corpusDir, 'archive.txt'))) {
    log(`replay: skipped, no corpus at ${options.corpusDir}`);
    return { skipped: `no corpus at ${options.corpusDir} (../shared is absent?)` };
  }
  const corpus = loadCorpus(options.corpusDir);
  const games = loadAll(corpus, options.maxGames);
  const posts = games.reduce((n, g) => n + g.posts.length, 0);
  const htmlBytes = games.reduce((n, g) => n + g.posts.reduce((m, p) => m + Buffer.byteLength(p.content), 0), 0);
  log(`replay: ${games.length} games, ${posts} posts, ${round(htmlBytes / 1e6, 1)} MB of post HTML`);

  // One warm-up pass of each over a few games, so the timed runs do not pay for the JIT.
  const warm = games.slice(0, 3);
  replayAll(warm, true);
  parseAll(warm);

  const parse = timed(() => parseAll(games));
  log(`replay: parse only ${round(parse.seconds, 2)} s`);
  const pipeline = timed(() => replayAll(games, true));
  log(`replay: pipeline (with the vote pre-filter) ${round(pipeline.seconds, 2)} s`);
  // The same pipeline without the pre-filter: every post's body parsed (left out of the quick run).
  const unfiltered = options.withUnfiltered ? timed(() => replayAll(games, false)) : null;
  if (unfiltered !== null) log(`replay: pipeline (every post parsed) ${round(unfiltered.seconds, 2)} s`);

  const summary = summarize(games.length, pipeline.value.days);
  return {
    corpus: options.corpusDir,
    games: games.length,
    posts,
    postHtmlMB: round(htmlBytes / 1e6, 1),
    daysReplayed: pipeline.value.days.length,
    bothCorrect: `${summary.bothCorrect}/${summary.daysScored}`,
    parseOnlySeconds: round(parse.seconds, 3),
    parseOnlyPostsPerSecond: Math.round(posts / parse.seconds),
    pipelineSeconds: round(pipeline.seconds, 3),
    pipelinePostsPerSecond: Math.round(posts / pipeline.seconds),
    pipelinePostsParsed: pipeline.value.parsed,
    pipelineBodyParseSeconds: round(pipeline.value.bodySeconds, 3),
    pipelineTallySeconds: round(pipeline.value.tallySeconds, 3),
    pipelineToParseRatio: round(pipeline.seconds / parse.seconds, 2),
    ...(unfiltered === null
      ? {}
      : {
          unfilteredPipelineSeconds: round(unfiltered.seconds, 3),
          unfilteredPipelinePostsPerSecond: Math.round(posts / unfiltered.seconds),
          unfilteredBodyParseSeconds: round(unfiltered.value.bodySeconds, 3),
          unfilteredToParseRatio: round(unfiltered.seconds / parse.seconds, 2),
        }),
    target: 'pipeline within 2x of parsing the HTML (ratio <= 2)',
    targetMet: pipeline.seconds / parse.seconds <= 2,
  };
}
