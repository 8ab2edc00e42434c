import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { forumAdapters, postNumberingOf, type ForumEngineId } from '../../src/parsers';
import { plainNumbering, postLabel, type PostNumbering } from '../../src/model/post';
import { linkLines } from '../corpus/replay';
import {
  countNames,
  countRulesFor,
  countThread,
  hostsOfOpeningPost,
  rulesets,
  slotName,
  type CountGame,
  type CountProblem,
  type CountedDay,
  type ForumPost,
  type PlayerListProblem,
  type Roster,
  type ThreadCount,
} from '../../src/engine';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import { inputLimits, readInputFile } from '../input';
import { readBreachesGame, readPages, readPosts } from './breaches';

/**
 * `gavel count <pages or posts.jsonl> [--game game.json] [--json]`: the
 * thread panel's count from saved pages or a posts file, day by day. With no
 * game file the roster, its dead and its hosts are the opening post's (as the
 * panel reads them before a game is set up), the rules the forum template's
 * and the phases the hosts' posts announce; with one, the game's.
 */

/** One day as `--json` prints it. */
export interface CountedDayJson {
  readonly day: number;
  readonly alive: string[];
  readonly majority: number | null;
  readonly tally: Record<string, { readonly count: number; readonly voters: string[] }>;
  readonly notVoting: string[];
  readonly lynch: string | null;
  readonly hammer: { readonly id: string; readonly number: number } | null;
}

/** A day of the count in the shape `--json` prints: names, not slot ids; the hammer as the forum's post id and its number. */
export function dayJson(day: CountedDay, roster: Roster, postIds: ReadonlyMap<number, string>): CountedDayJson {
  const { tally } = day;
  const names = countNames(tally, roster);
  const lynched = tally.outcome.kind === 'lynch' ? tally.outcome.slotIds[0] : undefined;
  return {
    day: day.phase.number,
    alive: tally.alive.map((id) => slotName(roster, id)),
    majority: tally.threshold,
    tally: Object.fromEntries(names.wagons.map((w) => [w.target, { count: w.votes, voters: [...w.voters] }])),
    notVoting: names.notVoting,
    lynch: lynched === undefined ? null : slotName(roster, lynched),
    hammer: tally.hammer === null ? null : { id: postIds.get(tally.hammer.post) ?? '', number: tally.hammer.post },
  };
}

/** What the opening post's list asks the host to check, in words. */
export function listProblemWords(problem: PlayerListProblem): string {
  switch (problem.code) {
    case 'player-list/unreadable':
      return `line not read as a player: "${problem.line}"`;
    case 'player-list/sentence':
      return `reads as a sentence, not a name (left out): "${problem.line}"`;
    case 'player-list/duplicate':
      return `${problem.name} is listed twice (second line left out): "${problem.line}"`;
    case 'player-list/dead-no-phase':
      return `${problem.name} is marked dead but the list does not say when: "${problem.line}"`;
    case 'player-list/never-posts':
      return `${problem.name} is listed but never posts`;
    case 'player-list/not-listed':
      return `${problem.name} posts ${String(problem.posts)} times but is not listed`;
  }
}

function problemWords(problem: CountProblem, opening: ForumPost | undefined): string {
  switch (problem.code) {
    case 'count/no-posts':
      return 'the input holds no post';
    case 'count/no-player-list':
      return `no player list in the opening post (#${String(problem.post)}): give the roster in a game file with --game`;
    case 'count/no-host':
      return `the game file names no host, so no post starts a day or a night: add "hosts" to its roster${opening === undefined ? '' : ` (the opening post's author is ${opening.author})`}`;
    case 'count/phases':
      return `phases: ${problem.detail}`;
    case 'count/no-day':
      return 'no day has started in the thread';
  }
}

/** The count as a host reads the panel: where the roster came from, then each day's wagons. */
function humanText(counted: ThreadCount, days: readonly CountedDayJson[], source: string, numbering: PostNumbering): string {
  const lines: string[] = [source];
  if (counted.rosterFrom.kind === 'player-list') {
    lines.push(`Roster: ${counted.rosterFrom.source} (the opening post), ${String(counted.roster.slots.length)} players`);
    for (const p of counted.rosterFrom.problems) lines.push(`  check: ${listProblemWords(p)}`);
  } else lines.push(`Roster: the game file, ${String(counted.roster.slots.length)} players`);
  lines.push(`Hosts: ${counted.roster.hosts.join(', ')}`);
  for (const rule of counted.statedRules) lines.push(`Rule read from the opening post: "${rule.sentence}"`);
  // Posters on no slot taken for a slot's player, and the links left to the host (the panel's lines).
  const links = linkLines(counted.accountLinks, counted.roster, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
  if (links.length > 0) lines.push('Accounts:', ...links);
  lines.push(
    counted.phasesFrom.kind === 'day-one-assumed'
      ? `Phases: no phase post found, so Day 1 runs from post #${String(counted.phasesFrom.from)}`
      : counted.phasesFrom.kind === 'game'
        ? 'Phases: the game file'
        : "Phases: read from the hosts' posts",
  );
  if (days.length === 0) lines.push('', 'No day has started in the thread.');
  for (const day of days) {
    lines.push(
      '',
      `Day ${String(day.day)}: ${String(day.alive.length)} alive${day.majority === null ? '' : `, ${String(day.majority)} to lynch`}`,
    );
    const wagons = Object.entries(day.tally);
    if (wagons.length === 0) lines.push('  no votes');
    for (const [target, w] of wagons)
      lines.push(
        `  ${target} (${String(w.count)}${day.majority === null ? '' : `, L-${String(Math.max(day.majority - w.count, 0))}`}): ${w.voters.join(', ')}`,
      );
    lines.push(`  Not voting (${String(day.notVoting.length)}): ${day.notVoting.length === 0 ? 'none' : day.notVoting.join(', ')}`);
    if (day.hammer !== null) {
      // The forum may show another number for the post (SMF's "Reply #26" is Gavel's #27, which --json gives).
      const shown = numbering.offset === 0 && numbering.prefix === '#' ? '' : `, shown as ${postLabel(day.hammer.number, numbering)}`;
      lines.push(`  Hammer: post #${String(day.hammer.number)} (post id ${day.hammer.id}${shown})`);
    }
    if (day.lynch !== null) lines.push(`  Lynched: ${day.lynch}`);
  }
  return `${lines.join('\n')}\n`;
}

export const command: CliCommand = {
  name: 'count',
  summary: "the thread panel's vote count from saved pages or a posts file, day by day",
  usage: [
    'Usage: gavel count <saved pages... | posts.jsonl> [--game <game.json>] [--json]',
    '                   [--url <thread url>] [--time-zone <zone>] [--now <time>]',
    '',
    `  <saved pages>      the thread's pages saved from the browser (.html, at most ${String(inputLimits.page / 1024 / 1024)} MB each), in any order`,
    '  <posts.jsonl>      or the thread, one post (ForumPost JSON) per line',
    "  --game FILE        the game: roster, hosts, rules, phases, deaths (gavel breaches' game file, or the popup's Export);",
    '                     without it the roster, its dead and the hosts are read from the opening post, as the thread panel does',
    '  --json             a JSON array, one object per day: {day, alive, majority, tally, notVoting, lynch, hammer}',
    "  --url URL          the thread's address, for saved pages that do not name it (default: the file's own address)",
    '  --time-zone ZONE   the zone the board shows its dates in (IANA name; default UTC)',
    '  --now TIME         the moment relative dates on a page ("Today") are read against (ISO date-time; default now)',
    '',
    'Without --json it prints what the panel shows: where the roster came from and what to check in it,',
    'then each day: who is alive, the majority, each wagon and its voters, who is not voting, the hammer.',
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values, switches } = parseArgs(args, { values: ['game', 'url', 'time-zone', 'now'], switches: ['json'] });
    if (positional.length === 0) throw new UsageError('give the saved pages of a thread, or a posts .jsonl file');
    const jsonl = positional.filter((f) => f.endsWith('.jsonl'));
    const pages = positional.filter((f) => /\.html?$/iu.test(f));
    if (jsonl.length + pages.length < positional.length)
      throw new UsageError(
        `the thread is a posts .jsonl file or saved .html pages, not ${positional.filter((f) => !f.endsWith('.jsonl') && !/\.html?$/iu.test(f)).join(', ')}`,
      );
    if (jsonl.length > 1 || (jsonl.length === 1 && pages.length > 0))
      throw new UsageError('give either one posts .jsonl file or saved pages, not both');
    const urlText = values.get('url');
    if (urlText !== undefined && !/^https?:\/\//iu.test(urlText))
      throw new UsageError(`--url must be the thread's http(s) address, not ${JSON.stringify(urlText)}`);
    const nowText = values.get('now');
    const now = nowText === undefined ? Date.now() : Date.parse(nowText);
    if (Number.isNaN(now)) throw new UsageError(`--now is not an ISO time: ${nowText ?? ''}`);
    const gameFile = values.get('game');
    const file =
      gameFile === undefined
        ? undefined
        : readBreachesGame(readInputFile(resolvePath(io.cwd, gameFile), gameFile, 'data', 'game file'), gameFile);

    const engines = new Set<string>();
    const jsonlFile = jsonl[0];
    let posts: ForumPost[];
    if (jsonlFile !== undefined) posts = readPosts(resolvePath(io.cwd, jsonlFile), 'posts file', true);
    else {
      // A page that does not say its address is read at its own (file:) address unless --url gives the thread's.
      const byId = new Map<string, ForumPost>();
      for (const page of pages) {
        const full = resolvePath(io.cwd, page);
        const read = readPages(
          [full],
          { url: urlText ?? pathToFileURL(full).href, now, timeZone: values.get('time-zone') },
          io.err,
          engines,
        );
        for (const post of read) if (!byId.has(post.id)) byId.set(post.id, post);
      }
      posts = [...byId.values()].sort((a, b) => a.number - b.number);
    }
    if (posts.length === 0) throw new InputError(`${positional.join(', ')}: no post found`);

    let game: CountGame | undefined;
    if (file !== undefined) {
      // A host's file may leave the hosts out: the opening post's author and the co-hosts it names host by default.
      const opening = posts[0];
      const roster =
        file.roster.hosts.length === 0 && opening !== undefined ? { ...file.roster, hosts: hostsOfOpeningPost(opening) } : file.roster;
      game = {
        roster,
        ruleset: file.ruleset ?? countRulesFor(file.rules.id)?.ruleset ?? rulesets['forum-template-001'],
        phases: file.phases,
        deaths: file.deaths,
        breachRules: file.rules,
        ...(file.families === undefined ? {} : { families: file.families }),
        ...(file.ballots === undefined ? {} : { ballots: file.ballots }),
      };
    }
    const counted = countThread(posts, {
      ...(game === undefined ? {} : { game }),
      ...(file?.grammar === undefined ? {} : { voteGrammar: file.grammar }),
      breaches: false,
    });
    if (!counted.ok) throw new InputError(problemWords(counted.problem, posts[0]));
    const postIds = new Map(posts.map((p) => [p.number, p.id]));
    const days = counted.days.map((d) => dayJson(d, counted.roster, postIds));
    if (switches.has('json')) {
      io.out(`${JSON.stringify(days, null, 2)}\n`);
      return 0;
    }
    const engineNames = [...engines].map((e) => forumAdapters[e as ForumEngineId].label);
    const source =
      jsonlFile !== undefined
        ? `Thread: ${String(posts.length)} posts from ${jsonlFile}`
        : `Thread: ${String(posts.length)} posts from ${String(pages.length)} saved page${pages.length === 1 ? '' : 's'} (${engineNames.join(', ')})`;
    const [engine, ...otherEngines] = [...engines];
    const numbering = engine === undefined || otherEngines.length > 0 ? plainNumbering : postNumberingOf(engine);
    io.out(humanText(counted, days, source, numbering));
    return 0;
  },
};
