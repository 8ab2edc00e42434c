/**
 * Replay throughput: every post of a corpus (default ../shared/corpus/mafiascum)
 * extracted, matched and tallied as `gavel replay` does it (`createBodyReader`:
 * one streaming pass of htmlparser2 per post, `cli/tree/body-stream.ts`, the
 * read-only post tree of `cli/tree` for the posts that pass gives up), against
 * the floor of parsing the same posts' HTML with htmlparser2 alone
 * (`parseDocument`: tokenizer and a bare tree, no DOM). The target is the
 * replay within twice that floor. For information, reading every post's HTML
 * into the post tree (no body reading) is timed too.
 *
 * Growth: the replay and the floor are timed again on the corpus's first
 * games up to 10,000, 25,000 and 50,000 posts (the whole corpus last), so
 * the time per 100,000 posts shows whether the replay stays linear.
 *
 * The posts files are read and split into posts before any clock starts, so
 * every figure times the same thing: work on HTML strings already in memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { parsePostsJsonl, type CorpusPost } from '../../cli/corpus/archive';
import { createBodyReader, loadCorpus, phpbbMayHoldVote, type Corpus } from '../../cli/corpus/load';
import { replayGame, summarize, type DayResult, type ReplayPost } from '../../cli/corpus/replay';
import { createTreeFragmentReader } from '../../cli/tree/fragment';
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
  /** Subset sizes (posts) for the growth figures; the whole corpus is always the last step. */
  readonly growthSizes: readonly number[];
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
): { days: DayResult[]; parsed: number; bodySeconds: number; tallySeconds: number; bodyCpuSeconds: number; tallyCpuSeconds: number } {
  const readBody = createBodyReader();
  const days: DayResult[] = [];
  let parsed = 0;
  let bodySeconds = 0;
  let tallySeconds = 0;
  let bodyCpuSeconds = 0;
  let tallyCpuSeconds = 0;
  for (const { game, ends, posts } of games) {
    const bodyCpuStart = cpuSeconds();
    const bodyStart = process.hrtime.bigint();
    const replayPosts: ReplayPost[] = posts.map((p) => {
      const worth = !prefilter || phpbbMayHoldVote(p.content, mafiascumVoteRules.grammar);
      if (worth) parsed++;
      return { number: p.number, id: p.id, user: p.user, body: worth ? readBody(p.content) : [] };
    });
    bodySeconds += secondsSince(bodyStart);
    const tallyCpuStart = cpuSeconds();
    bodyCpuSeconds += tallyCpuStart - bodyCpuStart;
    const tallyStart = process.hrtime.bigint();
    days.push(...replayGame(game, ends, replayPosts));
    tallySeconds += secondsSince(tallyStart);
    tallyCpuSeconds += cpuSeconds() - tallyCpuStart;
  }
  return { days, parsed, bodySeconds, tallySeconds, bodyCpuSeconds, tallyCpuSeconds };
}

/** The floor: every post's HTML parsed by htmlparser2 into its own bare tree (no DOM, no body reading). */
function floorAll(games: readonly LoadedGame[]): number {
  let nodes = 0;
  for (const { posts } of games) for (const p of posts) nodes += parseDocument(p.content).children.length;
  return nodes;
}

/** Every post's HTML into the replay's post tree (`cli/tree`), without reading the body. */
function treeAll(games: readonly LoadedGame[]): number {
  const read = createTreeFragmentReader();
  let nodes = 0;
  for (const { posts } of games) for (const p of posts) nodes += read(p.content).childNodes.length;
  return nodes;
}

/** The first games of `games` holding at least `posts` posts (all of them when they hold fewer). */
function firstGames(games: readonly LoadedGame[], posts: number): LoadedGame[] {
  const out: LoadedGame[] = [];
  let n = 0;
  for (const g of games) {
    if (n >= posts) break;
    out.push(g);
    n += g.posts.length;
  }
  return out;
}

const postCount = (games: readonly LoadedGame[]): number => games.reduce((n, g) => n + g.posts.length, 0);

/** CPU seconds of this process so far (user and system, every thread: the garbage collector's helpers too). */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * Wall and CPU time of `fn`. On a loaded machine the wall time counts the time
 * other processes had the cores; the CPU time is this process's own work.
 */
function timed<T>(fn: () => T): { seconds: number; cpuSeconds: number; value: T } {
  const cpuStart = cpuSeconds();
  const start = process.hrtime.bigint();
  const value = fn();
  return { seconds: secondsSince(start), cpuSeconds: cpuSeconds() - cpuStart, value };
}

export function benchReplay(options: ReplayOptions, log: Log): Record<string, unknown> {
  if (!existsSync(join(options.corpusDir, 'archive.txt'))) {
    log(`replay: skipped, no corpus at ${options.corpusDir}`);
    return { skipped: `no corpus at ${options.corpusDir} (../shared is absent?)` };
  }
  const corpus = loadCorpus(options.corpusDir);
  const games = loadAll(corpus, options.maxGames);
  const posts = postCount(games);
  const htmlBytes = games.reduce((n, g) => n + g.posts.reduce((m, p) => m + Buffer.byteLength(p.content), 0), 0);
  log(`replay: ${games.length} games, ${posts} posts, ${round(htmlBytes / 1e6, 1)} MB of post HTML`);

  // One warm-up pass of each over a few games, so the timed runs do not pay for the JIT.
  const warm = games.slice(0, 3);
  replayAll(warm, true);
  floorAll(warm);
  treeAll(warm);

  const floor = timed(() => floorAll(games));
  log(`replay: htmlparser2 floor ${round(floor.seconds, 2)} s (CPU ${round(floor.cpuSeconds, 2)} s)`);
  const tree = timed(() => treeAll(games));
  log(`replay: the post tree, parse only ${round(tree.seconds, 2)} s`);
  const pipeline = timed(() => replayAll(games, true));
  log(`replay: pipeline (with the vote pre-filter) ${round(pipeline.seconds, 2)} s (CPU ${round(pipeline.cpuSeconds, 2)} s)`);
  // The same pipeline without the pre-filter: every post's body parsed (left out of the quick run).
  const unfiltered = options.withUnfiltered ? timed(() => replayAll(games, false)) : null;
  if (unfiltered !== null) log(`replay: pipeline (every post parsed) ${round(unfiltered.seconds, 2)} s`);

  // Growth: the same two timings on the first games up to each size, the whole corpus last.
  const sizes = [...options.growthSizes.filter((n) => n < posts), posts];
  const growth = sizes.map((size) => {
    const subset = size >= posts ? games : firstGames(games, size);
    const n = postCount(subset);
    const subsetFloor = size >= posts ? floor.seconds : timed(() => floorAll(subset)).seconds;
    const subsetReplay = size >= posts ? pipeline.seconds : timed(() => replayAll(subset, true)).seconds;
    log(`replay: ${n} posts: replay ${round(subsetReplay, 2)} s, floor ${round(subsetFloor, 2)} s`);
    return {
      posts: n,
      games: subset.length,
      replaySeconds: round(subsetReplay, 3),
      floorSeconds: round(subsetFloor, 3),
      replaySecondsPer100kPosts: round((subsetReplay / n) * 100_000, 2),
      replayToFloorRatio: round(subsetReplay / subsetFloor, 2),
    };
  });
  const first = growth[0];
  const last = growth[growth.length - 1];
  const exponent =
    first !== undefined && last !== undefined && last.posts > first.posts
      ? round(Math.log(last.replaySeconds / first.replaySeconds) / Math.log(last.posts / first.posts), 2)
      : null;

  const summary = summarize(games.length, pipeline.value.days);
  const ratio = pipeline.seconds / floor.seconds;
  return {
    corpus: options.corpusDir,
    games: games.length,
    posts,
    postHtmlMB: round(htmlBytes / 1e6, 1),
    daysReplayed: pipeline.value.days.length,
    bothCorrect: `${summary.bothCorrect}/${summary.daysScored}`,
    floorSeconds: round(floor.seconds, 3),
    floorCpuSeconds: round(floor.cpuSeconds, 3),
    floorPostsPerSecond: Math.round(posts / floor.seconds),
    floor: "every post's HTML parsed by htmlparser2's parseDocument alone (no DOM, no body reading)",
    postTreeParseOnlySeconds: round(tree.seconds, 3),
    postTreeParseOnlyToFloorRatio: round(tree.seconds / floor.seconds, 2),
    pipelineSeconds: round(pipeline.seconds, 3),
    pipelinePostsPerSecond: Math.round(posts / pipeline.seconds),
    pipelineSecondsPer100kPosts: round((pipeline.seconds / posts) * 100_000, 2),
    pipelinePostsParsed: pipeline.value.parsed,
    pipelineBodyParseSeconds: round(pipeline.value.bodySeconds, 3),
    pipelineTallySeconds: round(pipeline.value.tallySeconds, 3),
    pipelineCpuSeconds: round(pipeline.cpuSeconds, 3),
    pipelineBodyParseCpuSeconds: round(pipeline.value.bodyCpuSeconds, 3),
    pipelineTallyCpuSeconds: round(pipeline.value.tallyCpuSeconds, 3),
    replayToFloorRatio: round(ratio, 2),
    replayToFloorCpuRatio: round(pipeline.cpuSeconds / floor.cpuSeconds, 2),
    replayToFloorCpuRatioNote: 'the same ratio in CPU time of this process (steadier than wall time when other processes share the cores)',
    ...(unfiltered === null
      ? {}
      : {
          unfilteredPipelineSeconds: round(unfiltered.seconds, 3),
          unfilteredPipelinePostsPerSecond: Math.round(posts / unfiltered.seconds),
          unfilteredBodyParseSeconds: round(unfiltered.value.bodySeconds, 3),
          unfilteredToFloorRatio: round(unfiltered.seconds / floor.seconds, 2),
        }),
    growth,
    growthExponent: exponent,
    growthExponentNote: 'log(t2/t1)/log(n2/n1) from the smallest subset to the whole corpus; 1 is linear',
    target: 'replay within 2x of the htmlparser2 floor on the same posts (ratio <= 2)',
    targetMet: ratio <= 2,
  };
}
