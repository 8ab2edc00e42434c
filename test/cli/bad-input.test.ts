/**
 * Bad input to every `gavel` command (issue 14, part 5): each case ends in a
 * clear message naming the file, the field and the problem (or a stated
 * warning, where the input can still be read), never a stack trace, a hang or
 * an out-of-memory crash. The commands run in this process through `main`, as
 * test/cli/gavel.test.ts runs them.
 */
import { mkdtempSync, readFileSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { internalError } from '../../cli/gavel';
import { runGavel, writeCorpusGame, writeInput, type CorpusPost } from './run-gavel';
import { inputLimits } from '../../cli/input';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gavel-bad-input-'));

const run = (argv: readonly string[]) => runGavel(...argv);
const file = (name: string, data: unknown): string => writeInput(dir, name, data);

const jsonl = (rows: readonly unknown[]): string => rows.map((r) => JSON.stringify(r)).join('\n');

// ---------------------------------------------------------------- inputs

const game = {
  rules: '001',
  roster: { hosts: ['Gorny'], slots: ['Noodle', 'Dredd', 'Elm'] },
  phases: { firstPhase: 'day' },
};
const clock = {
  timeZone: 'UTC',
  firstDate: '2026-05-01',
  day: { start: '09:00', end: '21:00' },
  night: { start: '21:00', end: '09:00' },
};
const posts = jsonl([
  { id: '1', number: 1, author: 'Gorny', body: `Day 1 begins. ${'a'.repeat(40)}` },
  { id: '2', number: 2, author: 'Noodle', body: [{ type: 'text', text: 'Vote: Dredd', bold: true }] },
]);

/** A post body of quotes nested `depth` deep, as JSON text (built as text: fast at any depth). */
const nestedQuoteJson = (depth: number): string =>
  `[${'{"type":"quote","children":['.repeat(depth)}{"type":"text","text":"deep"}${']}'.repeat(depth)}]`;

/** `{"a":{"a":…1}}`, `depth` deep. */
const nestedObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const page = readFileSync(join(root, 'test/fixtures/forums/phpbb/mafiascum-mini/page.html'), 'utf8');
const pageUrl = 'https://forum.mafiascum.net/viewtopic.php?f=53&t=90210';
const bodyStart = '<div class="content">Random start.';
/** The fixture page with `inside` put at the start of its second post's body. */
const pageWith = (inside: string): string => page.replace(bodyStart, `<div class="content">${inside}Random start.`);

/** A corpus for `gavel replay` whose posts file lists the posts in `order`; the score must not depend on it. */
function corpus(name: string, order: (posts: CorpusPost[]) => CorpusPost[]): string {
  return writeCorpusGame(join(dir, name), {
    players: ['amy, Town, survived', 'bob, Mafia Goon, lynched Day 1', 'cat, Town, survived'],
    dayEnds: [4],
    posts: order([
      [0, 'mod', 'Day 1 begins.'],
      [1, 'amy', '<span style="font-weight: bold">Vote: bob</span>'],
      [2, 'cat', '<span style="font-weight: bold">Vote: bob</span>'],
      [3, 'amy', 'bye bob'],
      [4, 'mod', 'bob was lynched.'],
      [5, 'cat', 'Night talk'],
      [6, 'mod', 'Night 1 ends.'],
    ]),
  });
}

interface Case {
  readonly what: string;
  readonly argv: () => string[];
  /** The exit code: 1 for refused input, 0 where the input is read with a stated warning. */
  readonly code: number;
  /** What stderr must say: the file, the field and the problem. */
  readonly err: RegExp;
  /** What stdout must (or must not) say, where the command still answers. */
  readonly out?: (out: string) => void;
}

const cases: readonly Case[] = [
  // ---- a ruleset: misspelt keys, wrong types
  {
    what: 'a misspelt ruleset key ("votng") fails --check with the nearest known key',
    argv: () => ['rulesets', '--check', file('votng.json', { extends: 'forum-template-001', votng: { kind: 'majority' } })],
    code: 1,
    err: /votng\.json: 1 problem\n\s+votng: unknown field; did you mean voting\?/u,
  },
  {
    what: 'a misspelt key deep in a ruleset is named with its path',
    argv: () => ['rulesets', '--check', file('lcok.json', { extends: 'forum-template-001', voting: { count: { lcok: true } } })],
    code: 1,
    err: /voting\.count\.lcok: unknown field; did you mean lock\?/u,
  },
  {
    what: 'a string where the ruleset lists vote keywords',
    argv: () => [
      'rulesets',
      '--check',
      file('kw-string.json', { extends: 'forum-template-001', voting: { grammar: { voteKeywords: 'vote' } } }),
    ],
    code: 1,
    err: /kw-string\.json: 1 problem\n\s+voting\.grammar\.voteKeywords: expected a list, found "vote"/u,
  },
  {
    what: 'a non-string vote keyword in a ruleset',
    argv: () => [
      'rulesets',
      '--check',
      file('kw-number.json', { extends: 'forum-template-001', voting: { grammar: { voteKeywords: [1] } } }),
    ],
    code: 1,
    err: /voting\.grammar\.voteKeywords\[0\]: expected a non-empty string, found 1/u,
  },
  // ---- gavel breaches' game file
  {
    what: "a string where the game file's grammar lists vote keywords",
    argv: () => ['breaches', file('g-kw-string.json', { ...game, voteGrammar: { voteKeywords: 'vote' } }), file('p1.jsonl', posts)],
    code: 1,
    err: /g-kw-string\.json: voteGrammar\.voteKeywords: expected a list, found "vote"/u,
  },
  {
    what: 'a non-string vote keyword in the game file',
    argv: () => ['breaches', file('g-kw-number.json', { ...game, voteGrammar: { voteKeywords: ['vote', 7] } }), file('p2.jsonl', posts)],
    code: 1,
    err: /g-kw-number\.json: voteGrammar\.voteKeywords\[1\]: expected a non-empty string, found 7/u,
  },
  {
    what: 'phases.clock.phases: 100000',
    argv: () => [
      'breaches',
      file('g-clock-1e5.json', { ...game, phases: { firstPhase: 'day', clock: { ...clock, phases: 100_000 } } }),
      file('p3.jsonl', posts),
    ],
    code: 1,
    err: /g-clock-1e5\.json: phases\.clock\.phases: expected a whole number from 1 to 500, found 100000/u,
  },
  {
    what: 'phases.clock.phases: 1e9',
    argv: () => [
      'breaches',
      file('g-clock-1e9.json', { ...game, phases: { firstPhase: 'day', clock: { ...clock, phases: 1e9 } } }),
      file('p4.jsonl', posts),
    ],
    code: 1,
    err: /g-clock-1e9\.json: phases\.clock\.phases: expected a whole number from 1 to 500, found 1000000000/u,
  },
  {
    what: 'a marker pattern that backtracks exponentially (^(a|a)+$) is refused before it runs',
    argv: () => [
      'breaches',
      file('g-redos.json', { ...game, phases: { firstPhase: 'day', markers: [{ event: 'start', kind: 'day', pattern: '^(a|a)+$' }] } }),
      file('p5.jsonl', posts),
    ],
    code: 1,
    err: /g-redos\.json: phases\.markers\[0\]\.pattern: "\(a\|a\)\+" repeats a choice whose options can match the same text/u,
  },
  {
    what: 'a marker pattern with a repeat inside a repeat ((a+)+)',
    argv: () => [
      'breaches',
      file('g-nested.json', { ...game, phases: { firstPhase: 'day', markers: [{ event: 'end', pattern: 'day (a+)+ ends' }] } }),
      file('p6.jsonl', posts),
    ],
    code: 1,
    err: /phases\.markers\[0\]\.pattern: "\(a\+\)\+" repeats a part that holds another repeat/u,
  },
  {
    what: 'a marker pattern with repeats that split the same text (\\s*\\s*)',
    argv: () => [
      'breaches',
      file('g-poly.json', { ...game, phases: { firstPhase: 'day', markers: [{ event: 'end', pattern: 'day\\s*\\s*\\s*ends' }] } }),
      file('p7.jsonl', posts),
    ],
    code: 1,
    err: /phases\.markers\[0\]\.pattern: "\\s\*" and "\\s\*" can match the same characters/u,
  },
  {
    what: 'two seats whose names differ only in case',
    argv: () => [
      'breaches',
      file('g-case.json', { ...game, roster: { hosts: ['Gorny'], slots: ['Elm', 'elm'] } }),
      file('p8.jsonl', posts),
    ],
    code: 1,
    err: /g-case\.json: roster\.slots\[1\]: "elm" and roster\.slots\[0\]'s "Elm" differ only in case/u,
  },
  {
    what: 'quotes nested 100,000 deep in a posts file',
    argv: () => [
      'breaches',
      file('g-ok.json', game),
      file('deep.jsonl', `{"id":"1","number":1,"author":"Noodle","body":${nestedQuoteJson(100_000)}}`),
    ],
    code: 1,
    err: /deep\.jsonl line 1: body\[0\]\.children\[0\][^:]*…: nested more than 200 deep/u,
  },
  {
    what: 'a value nested 100,000 deep in a ruleset',
    argv: () => ['rulesets', '--check', file('deep-rules.json', `{"extends":"forum-template-001","night":${nestedObject(100_000)}}`)],
    code: 1,
    err: /deep-rules\.json: night(\.a)+…: nested more than 200 deep/u,
  },
  {
    what: 'a posts file that gives one post number twice',
    argv: () => [
      'breaches',
      file('g-ok3.json', game),
      file('dup-posts.jsonl', `${posts}\n${JSON.stringify({ id: '3', number: 2, author: 'Dredd', body: 'Vote: Noodle' })}`),
    ],
    code: 1,
    err: /dup-posts\.jsonl line 3: number: post number 2 is also on line 2/u,
  },
  // ---- gavel resolve
  {
    what: "a value nested 100,000 deep in a scenario's inline role",
    argv: () => [
      'resolve',
      file(
        'deep-scenario.json',
        `{"rules":{"preset":"forum-rar","roles":[{"id":"vanilla","name":"V","abilities":[],"x":${nestedObject(100_000)}}]},"players":[{"name":"A","role":"vanilla"}]}`,
      ),
    ],
    code: 1,
    err: /deep-scenario\.json: rules\.roles\[0\]\.x(\.a)+…: nested more than 200 deep/u,
  },
  {
    what: 'two players whose names differ only in case cannot re-bind an action',
    argv: () => [
      'resolve',
      file('case.json', {
        rules: 'forum-rar',
        players: [
          { name: 'Elm', role: 'vigilante' },
          { name: 'elm', role: 'doctor' },
          { name: 'Gorny', role: 'vanilla' },
        ],
        actions: [
          { actor: 'Elm', ability: 'shoot', targets: ['Gorny'], sentAt: 1 },
          { actor: 'elm', ability: 'protect', targets: ['Gorny'], sentAt: 2 },
        ],
      }),
    ],
    code: 1,
    err: /case\.json: players\[1\]\.name: "elm" and players\[0\]'s "Elm" differ only in case/u,
  },
  {
    what: 'a side the ruleset does not have (the forum\'s "town" in a 004 game, where the sides are red and black)',
    argv: () => [
      'resolve',
      file('side.json', {
        rules: 'russian-004',
        players: [
          { name: 'Борис', role: 'doctor', faction: 'town' },
          { name: 'Глеб', role: 'commissar' },
        ],
        actions: [],
      }),
    ],
    code: 1,
    err: /side\.json: players\[0\]\.faction: "town" is not a side of rules "russian-004" \(known: [^)]*red[^)]*\)/u,
  },
  {
    what: 'a role written with modifiers in a seed game, whose rules describe none (004: "macho doctor")',
    argv: () => [
      'resolve',
      file('modified.json', {
        rules: 'russian-004',
        players: [
          { name: 'Борис', role: 'macho doctor' },
          { name: 'Глеб', role: 'commissar' },
        ],
      }),
    ],
    code: 1,
    err: /modified\.json: players\[0\]\.role: "macho doctor" is not a role of rules "russian-004"/u,
  },
  // ---- gavel replay
  {
    what: 'a posts file that gives one post number twice',
    argv: () => ['replay', corpus('dup', (posts) => [...posts, ...posts.slice(2, 3)])],
    code: 1,
    err: /500\.jsonl:8: post number 2 is also on line 3/u,
  },
  // ---- gavel parse: pages
  {
    what: 'a page over the size limit is refused with the limit, before it is read',
    argv: () => {
      const path = file('huge.html', '');
      truncateSync(path, 62 * 1024 * 1024);
      return ['parse', path, '--url', pageUrl];
    },
    code: 1,
    err: new RegExp(
      `huge\\.html: the saved page is 62 MB, over the ${String(inputLimits.page / 1024 / 1024)} MB limit for a saved page`,
      'u',
    ),
  },
  {
    what: '100,000 nested divs: read at the depth a browser stops at, with a warning',
    argv: () => ['parse', file('divs.html', pageWith(`${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`)), '--url', pageUrl],
    code: 0,
    err: /^warning: .*divs\.html: elements nested 100\d{3} deep; \d+ beyond depth 512 were read at that depth/u,
    out: (out) => {
      const parsed = JSON.parse(out) as { posts: { body: { text?: string }[] }[] };
      expect(parsed.posts).toHaveLength(3);
      expect(JSON.stringify(parsed.posts[1]?.body)).toContain('deep');
    },
  },
  {
    what: 'quotes nested 100,000 deep: the deepest 19 are quotes, the rest text inside them, and an issue says so',
    argv: () => [
      'parse',
      file('quotes.html', pageWith(`${'<blockquote><div>'.repeat(100_000)}deep${'</div></blockquote>'.repeat(100_000)}`)),
      '--url',
      pageUrl,
    ],
    code: 0,
    err: /^warning: .*quotes\.html: elements nested \d+ deep/u,
    out: (out) => {
      const parsed = JSON.parse(out) as { issues: { kind: string; message: string }[] };
      expect(parsed.issues.map((i) => i.kind)).toContain('post/nested-too-deep');
    },
  },
  {
    what: '<base href="javascript:…"> is ignored: permalinks resolve against the page URL and are http(s)',
    argv: () => ['parse', file('base.html', page.replace('<head>', '<head><base href="javascript:alert(1)//">')), '--url', pageUrl],
    code: 0,
    err: /^$/u,
    out: (out) => {
      const parsed = JSON.parse(out) as { posts: { permalink?: string }[] };
      const links = parsed.posts.map((p) => p.permalink ?? '');
      expect(links).toHaveLength(3);
      for (const link of links) expect(link).toMatch(/^https:\/\/forum\.mafiascum\.net\/viewtopic\.php\?p=\d+#p\d+$/u);
    },
  },
  {
    what: 'a permalink written as javascript: is left out',
    argv: () => [
      'parse',
      file('js-link.html', page.replaceAll('href="./viewtopic.php?p=', 'href="javascript:void(0)//?p=')),
      '--url',
      pageUrl,
    ],
    code: 0,
    err: /^$/u,
    out: (out) => expect(out).not.toMatch(/javascript:/u),
  },
  {
    what: 'a --url that is not a web address',
    argv: () => ['parse', file('plain.html', page), '--url', 'javascript:alert(1)'],
    code: 2,
    err: /gavel parse: --url must be the http\(s\) address the page was saved from, not javascript:/u,
  },
  {
    what: 'a saved page for breaches over the size limit',
    argv: () => {
      const path = file('huge-thread.html', '');
      truncateSync(path, inputLimits.page + 1);
      return ['breaches', file('g-ok2.json', game), path, '--url', pageUrl];
    },
    code: 1,
    err: /huge-thread\.html: the saved page is 20971521 bytes, over the 20 MB limit for a saved page/u,
  },
  // ---- gavel count
  {
    what: 'count on a page of no supported forum',
    argv: () => ['count', file('not-a-forum.html', '<html><body><p>Hello</p></body></html>'), '--url', 'https://example.com/t/1'],
    code: 1,
    err: /gavel count: .*not-a-forum\.html: not a thread page of a supported forum/u,
  },
  {
    what: 'count on a posts file with a bad line names the line and the field',
    argv: () => ['count', file('count-bad.jsonl', jsonl([{ id: '1', number: 'one', author: 'Gorny', body: 'Players:' }]))],
    code: 1,
    err: /count-bad\.jsonl line 1: number: /u,
  },
  {
    what: 'count with a game file that is not JSON',
    argv: () => ['count', file('count-p.jsonl', posts), '--game', file('count-game.json', '{"rules": "001",')],
    code: 1,
    err: /count-game\.json/u,
  },
  {
    what: 'count on a thread whose opening post lists no players, with no game file',
    argv: () => ['count', file('count-nolist.jsonl', posts)],
    code: 1,
    err: /gavel count: no player list in the opening post \(#1\): give the roster in a game file with --game/u,
  },
  {
    what: 'count with a --url that is not a web address',
    argv: () => ['count', file('count-plain.html', page), '--url', 'javascript:alert(1)'],
    code: 2,
    err: /gavel count: --url must be the thread's http\(s\) address/u,
  },
];

describe('gavel on bad input', () => {
  it.each(cases)('$what', async ({ argv, code, err, out }) => {
    const result = await run(argv());
    expect(result.err).toMatch(err);
    expect(result.code).toBe(code);
    // Never a stack trace: no "at f (file:line)" frames.
    expect(result.err).not.toMatch(/^\s+at /mu);
    if (code !== 0) expect(result.out).toBe('');
    out?.(result.out);
  });

  it('a fault of Gavel itself is one line without a stack trace, unless GAVEL_DEBUG asks for it', () => {
    const error = new RangeError('Maximum call stack size exceeded');
    expect(internalError('parse', error, false)).toBe(
      'gavel parse: internal error (RangeError: Maximum call stack size exceeded); please report it with the input that caused it (GAVEL_DEBUG=1 shows where)\n',
    );
    expect(internalError('parse', error, true)).toMatch(
      /^gavel parse: internal error: RangeError: Maximum call stack size exceeded\n\s+at /u,
    );
  });

  it('replay scores a game the same whatever order its posts file lists the posts in', async () => {
    const inOrder = await run(['replay', corpus('ordered', (lines) => lines), '--json']);
    const reversed = await run(['replay', corpus('reversed', (lines) => [...lines].reverse()), '--json']);
    expect(inOrder.code).toBe(0);
    expect(reversed).toEqual(inOrder);
    const summary = JSON.parse(inOrder.out.trim().split('\n').pop() ?? '{}') as { summary: { bothCorrect: number; daysScored: number } };
    expect(summary.summary).toMatchObject({ daysScored: 1, bothCorrect: 1 });
  });
});
