/** `gavel breaches`: the ledger from a game file and a posts .jsonl; bad input is one clear line. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/gavel';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'gavel-breaches-'));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['breaches', ...argv], { out: (t) => (out += t), err: (t) => (err += t), cwd: root });
  return { code, out, err };
}

function file(name: string, data: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

const text = (t: string, bold = false): unknown => ({ type: 'text', text: t, ...(bold ? { bold: true } : {}) });
const jsonl = (posts: unknown[]): string => posts.map((p) => JSON.stringify(p)).join('\n');

/** A 001 game set by the host's posts: Day 1, Night 1, Day 2. */
const game001 = {
  rules: '001',
  ruleOverrides: { inactivity: { minPosts: 1, minChars: 5 } },
  roster: { hosts: ['Gorny'], slots: ['Noodle', 'Dredd', { id: 'ash', accounts: ['Bad Ash', { name: 'Leopold', fromPost: 6 }] }] },
  phases: { firstPhase: 'day' },
  deaths: [{ slot: 'Dredd', phase: 'Night 1', post: 6 }],
};

const posts001 = [
  { id: '100', number: 1, author: 'Gorny', postedAt: '2026-05-01T09:00:00Z', body: [text('Day 1 begins. Good luck!')] },
  {
    id: '101',
    number: 2,
    author: 'Noodle',
    postedAt: '2026-05-01T10:00:00Z',
    body: [text('I have a feeling about Dredd. '), text('Vote: Dredd', true)],
    edited: { at: '2026-05-01T10:02:00Z' },
  },
  { id: '102', number: 3, author: 'Bad Ash', postedAt: '2026-05-01T11:00:00Z', body: [text('Dredd is town, I am sure of it.')] },
  { id: '103', number: 4, author: 'Gorny', postedAt: '2026-05-01T21:00:00Z', body: [text('Day 1 has ended. Night 1 begins.')] },
  { id: '104', number: 5, author: 'Noodle', postedAt: '2026-05-01T22:00:00Z', body: [text('is it night already?')] },
  { id: '105', number: 6, author: 'Gorny', postedAt: '2026-05-02T09:00:00Z', body: [text('Day 2 begins. Dredd was killed.')] },
  { id: '106', number: 7, author: 'Dredd', postedAt: '2026-05-02T09:10:00Z', body: [text('noooo')] },
  { id: '107', number: 8, author: 'Bad Ash', postedAt: '2026-05-02T09:20:00Z', body: [text('still here')] },
];

interface LedgerOut {
  rules: string;
  phases: { kind: string; number: number }[];
  players: {
    name: string;
    status: string;
    entries: { id: string; reason: string; sanction: string; pardoned: boolean; post: { number: number; id: string } | null }[];
  }[];
  unmatchedPardons: string[];
}

describe('gavel breaches', () => {
  it('prints the ledger of a 001 game from its posts', async () => {
    const r = await run(file('game001.json', game001), file('posts001.jsonl', jsonl(posts001)));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const ledger = JSON.parse(r.out) as LedgerOut;
    expect(ledger.rules).toBe('001');
    expect(ledger.phases.map((p) => `${p.kind} ${String(p.number)}`)).toEqual(['day 1', 'night 1', 'day 2']);
    const byName = Object.fromEntries(ledger.players.map((p) => [p.name, p]));
    expect(byName['Noodle']?.entries.map((e) => `${e.reason} ${e.sanction}`)).toEqual([
      'post/edited mod-kill',
      'post/at-night host-decides',
    ]);
    expect(byName['Noodle']?.status).toBe('mod-kill-due');
    // Dredd never posted on Day 1 (rule 13, one post required here), then posted dead.
    expect(byName['Dredd']?.entries.map((e) => `${e.reason} ${e.post === null ? 'day' : `#${String(e.post.number)}`}`)).toEqual([
      'activity/too-few-posts day',
      'post/dead-player #7',
    ]);
    expect(byName['Leopold']?.entries.map((e) => `${e.reason} #${String(e.post?.number)}`)).toEqual(['post/replaced-out #8']);
  });

  it('keeps a pardoned breach, marked, and lists a pardon that matches nothing', async () => {
    const game = {
      ...game001,
      pardons: [
        { breach: 'post/edited@101', note: 'fixed a typo in the first two minutes' },
        { breach: 'post/edited@999', note: 'x' },
      ],
    };
    const r = await run(file('pardoned.json', game), file('posts001.jsonl', jsonl(posts001)));
    const ledger = JSON.parse(r.out) as LedgerOut;
    const noodle = ledger.players.find((p) => p.name === 'Noodle');
    expect(noodle?.entries.find((e) => e.id === 'post/edited@101')?.pardoned).toBe(true);
    expect(noodle?.status).toBe('warned');
    expect(ledger.unmatchedPardons).toEqual(['post/edited@999']);
  });

  it("takes the host's overrides: warnings that make strikes, strikes that make a mod kill", async () => {
    const game = {
      ...game001,
      ruleOverrides: {
        inactivity: { enabled: false },
        edits: { sanction: 'warning' },
        nightPosting: { repeat: 'warning', sanction: 'warning' },
        thresholds: { warningsPerStrike: 1, strikesToModKill: 2 },
      },
    };
    const r = await run(file('thresholds.json', game), file('posts001.jsonl', jsonl(posts001)));
    expect(r.err).toBe('');
    const noodle = (JSON.parse(r.out) as LedgerOut).players.find((p) => p.name === 'Noodle');
    expect(noodle?.entries.map((e) => e.sanction)).toEqual(['warning', 'warning']);
    expect(noodle?.status).toBe('mod-kill-due');
  });

  it("judges 004's wall before a 21:00 Moscow vote from a clock schedule (the game ruleset names its breach rules)", async () => {
    const game = {
      rules: 'russian-004',
      roster: { hosts: ['Ведущий'], slots: ['Борис', 'Анна'] },
      phases: {
        firstPhase: 'day',
        clock: {
          timeZone: 'Europe/Moscow',
          firstDate: '2026-04-01',
          day: { start: '08:00', end: '22:00', voteOpens: '21:00' },
          night: { start: '22:00', end: '08:00' },
          phases: 2,
        },
      },
      now: '2026-04-02T06:00:00Z',
    };
    const wall = 'Борис ведёт себя подозрительно, а Анна слишком тихая. '.repeat(6);
    const posts = [
      { id: '1', number: 1, author: 'Борис', postedAt: '2026-04-01T09:00:00Z', body: wall },
      { id: '2', number: 2, author: 'Анна', postedAt: '2026-04-01T17:55:00Z', body: wall },
    ];
    const r = await run(file('game004.json', game), file('posts004.jsonl', jsonl(posts)));
    const ledger = JSON.parse(r.out) as LedgerOut;
    expect(ledger.rules).toBe('004');
    expect(ledger.players.map((p) => [p.name, p.entries.map((e) => `${e.reason} ${e.sanction}`)])).toEqual([
      ['Борис', []],
      // Анна posted, but her wall came in the last 15 minutes: not admitted to the vote (L136); she was not inactive all day.
      ['Анна', ['activity/no-wall-before-vote not-counted']],
    ]);
  });

  it('says in one line what is wrong with the input', async () => {
    const posts = file('ok.jsonl', jsonl(posts001));
    const cases: [string[], number, RegExp][] = [
      [[join(dir, 'missing.json'), posts], 1, /cannot read game file/u],
      [[file('bad.json', '{ "rules": '), posts], 1, /not valid JSON/u],
      [
        [file('rules.json', { ...game001, rules: '999' }), posts],
        1,
        /rules\.json: rules: "999" is not one of 000, 001, 003, 004, mafiascum/u,
      ],
      [
        [
          file('zone.json', {
            ...game001,
            phases: {
              firstPhase: 'day',
              clock: {
                timeZone: 'Mars/Base',
                firstDate: '2026-01-01',
                day: { start: '09:00', end: '19:00' },
                night: { start: '21:00', end: '07:00' },
                phases: 2,
              },
            },
          }),
          posts,
        ],
        1,
        /unknown time zone "Mars\/Base"/u,
      ],
      [
        [file('override.json', { ...game001, ruleOverrides: { edits: { scope: 3 } } }), posts],
        1,
        /override\.json: ruleOverrides\.edits\.scope: expected a string, found 3/u,
      ],
      [
        [file('sanction.json', { ...game001, ruleOverrides: { edits: { sanction: 'hang' } } }), posts],
        1,
        /ruleOverrides\.edits\.sanction: expected "none", "not-counted", .* found "hang"/u,
      ],
      [
        [file('section.json', { ...game001, ruleOverrides: { lynching: { enabled: true } } }), posts],
        1,
        /ruleOverrides\.lynching: not a section of the breach rules/u,
      ],
      [[file('game.json', game001), file('broken.jsonl', '{"id": "1"\n')], 1, /broken\.jsonl line 1: not valid JSON/u],
      [
        [file('game.json', game001), file('nopost.jsonl', '{"id": "1"}\n')],
        1,
        /nopost\.jsonl line 1: 3 problems\n {2}number: missing\n {2}author: missing\n {2}body: missing/u,
      ],
      [
        [
          file('game.json', game001),
          file(
            'badbody.jsonl',
            '{"id": "1", "number": 1, "author": "A", "postedAt": null, "body": [{"type": "quote"}, {"type": "img"}]}\n',
          ),
        ],
        1,
        /badbody\.jsonl line 1: body\[1\]\.type: expected "text", "break", "quote" or "spoiler", found "img"/u,
      ],
      [[file('game.json', game001)], 2, /give a game file and a posts \.jsonl file/u],
      [[file('game.json', game001), 'thread.txt'], 2, /a posts \.jsonl file or saved \.html pages, not thread\.txt/u],
      [[file('game.json', game001), posts, file('p.html', '<p>x</p>')], 2, /either one posts \.jsonl file or saved pages/u],
      [[file('game.json', game001), join(dir, 'gone.html')], 1, /cannot read saved page/u],
      [
        [file('game.json', game001), file('nourl.html', '<html><body><p>hello</p></body></html>')],
        1,
        /does not say its address; give it with --url/u,
      ],
      [
        [file('game.json', game001), file('blog.html', '<html><body><p>hello</p></body></html>'), '--url', 'https://example.com/blog/1'],
        1,
        /not a thread page of a supported forum/u,
      ],
    ];
    for (const [argv, code, message] of cases) {
      const r = await run(...argv);
      expect(r.code, r.err).toBe(code);
      expect(r.err).toMatch(message);
      expect(r.err.split('\n')[0]).not.toMatch(/^\s+at /u);
      expect(r.out).toBe('');
    }
  });
});

const forums = resolve(root, '..', 'shared', 'fixtures', 'forums');
const engines = ['smf', 'mybb'].filter((e) => existsSync(join(forums, e, 'truth.json')));
if (engines.length < 2) console.warn(`[skipped] gavel breaches on saved pages: ${forums}/{smf,mybb} is absent`);

interface TruthPost {
  number: number;
  author: string;
  is_host: boolean;
  phase: string;
  edited: boolean;
  edited_by: string | null;
  author_dead: boolean;
}
interface FixtureGame {
  host: { name: string };
  players: { name: string }[];
  pages: { file: string; url: string }[];
  deaths: { player: string; phase: string; announced_in_post: number }[];
  dead_player_posts: number[];
}

describe.skipIf(engines.length < 2)('gavel breaches on saved pages (the Dreamland game rendered by real forum software)', () => {
  it.each(engines)("%s: finds exactly the dead posters, players' edits and night posts the game records", async (engine) => {
    const fixture = JSON.parse(readFileSync(join(forums, engine, 'game.json'), 'utf8')) as FixtureGame;
    const truth = JSON.parse(readFileSync(join(forums, engine, 'truth.json'), 'utf8')) as TruthPost[];
    const game = {
      rules: '001',
      roster: { hosts: [fixture.host.name], slots: fixture.players.map((p) => p.name) },
      phases: { firstPhase: 'day' },
      deaths: fixture.deaths.map((d) => ({ slot: d.player, phase: d.phase.replace(/^(day|night)/u, '$1 '), post: d.announced_in_post })),
    };
    const pages = fixture.pages.map((p) => join(forums, engine, p.file));
    const r = await run(file(`${engine}-game.json`, game), ...pages, '--url', fixture.pages[0]?.url ?? '');
    expect(r.code, r.err).toBe(0);
    const ledger = JSON.parse(r.out) as LedgerOut;
    const found = (reason: string): number[] =>
      ledger.players
        .flatMap((p) => p.entries)
        .filter((e) => e.reason === reason)
        .map((e) => e.post?.number ?? -1)
        .sort((a, b) => a - b);
    expect(found('post/dead-player')).toEqual(fixture.dead_player_posts);
    expect(found('post/edited')).toEqual(truth.filter((p) => p.edited && p.edited_by !== fixture.host.name).map((p) => p.number));
    expect(found('post/at-night')).toEqual(
      truth.filter((p) => p.phase.startsWith('night') && !p.is_host && !p.author_dead).map((p) => p.number),
    );
    expect(ledger.phases.map((p) => `${p.kind} ${String(p.number)}`)).toEqual(['day 1', 'night 1', 'day 2', 'night 2']);
  });
});
