import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/gavel';
import { contextFromGame, countFromPosts } from '../../extension/background/count-view';
import { gameHandlers } from '../../extension/background/handlers/games';
import { countThread } from '../../extension/background/thread-count';
import type { HandlerContext } from '../../extension/shared/messaging';
import type { GameRecord } from '../../extension/shared/protocol';
import { savePage } from '../../extension/storage/repository';
import { rulesets } from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });

let n = 0;
const post = (author: string, body: BodyNode[]): ForumPost => {
  const number = n++;
  return { id: String(1000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

describe('the panel count from stored posts', () => {
  it('counts Day 1 with the roster read from the opening post', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      post('Carol', lines(bold('vote bob'))),
      post('Dave', lines('Leaning town on Alice.', 'Vote: Alice')),
      post('Eve', lines(bold('Vote: Bob'))),
    ];
    const result = countFromPosts(posts);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toMatchObject({
      alive: 5,
      threshold: 3,
      wagons: [{ target: 'Bob', votes: 3, voters: ['Alice', 'Carol', 'Eve'] }],
      hammer: { target: 'Bob', post: 4 },
      notVoting: ['Bob', 'Dave'],
      rosterSource: 'the player list in post #0 (the opening post; no game is set up for this thread)',
    });
    expect(result.count.notCounted).toEqual([
      { post: 3, author: 'Dave', text: 'Vote: Alice', reason: 'not in bold', code: 'vote/not-bold' },
    ]);
  });

  it('tells the host each vote counted on a nickname the thread taught, and refuses a vote naming two players', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Carol', lines('Ghost aka Bob is scummy.')),
      post('Dave', lines('Ghost (Bob) again.')),
      post('Alice', lines(bold('Vote: Ghost'))),
      post('Eve', lines(bold('Vote: Carol or Dave'))),
    ];
    const result = countFromPosts(posts);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count.wagons).toMatchObject([{ target: 'Bob', votes: 1, voters: ['Alice'] }]);
    expect(result.count.readAs).toEqual([
      { post: 3, author: 'Alice', text: 'Vote: Ghost', target: 'Bob', why: 'thread-nickname', also: [] },
    ]);
    expect(result.count.notCounted).toEqual([
      { post: 4, author: 'Eve', text: 'Vote: Carol or Dave', reason: 'the vote names more than one player', code: 'vote/several-players' },
    ]);
  });

  it('says why it cannot count a thread without a player list', () => {
    n = 0;
    const result = countFromPosts([post('Host', lines('Sign-ups: post /in.'))]);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/No player list was found in the opening post \(#0\)/) });
    expect(countFromPosts([])).toEqual({ ok: false, reason: 'No post of this thread has been read yet.' });
  });

  it("counts the current day from the host's phase posts, with each post's verdict and the breaches of the game's rules", () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))), // 1
      post('Carol', lines({ type: 'quote', author: 'Alice', children: [bold('Vote: Bob')] }, 'Agreed. ', bold('Vote: Bob'))), // 2
      post('Dave', lines(bold('V: Alice'))), // 3
      post('Eve', lines(bold('Vote: Bob'))), // 4: hammer
      post('Host', lines('Bob has been lynched! He was a Mafia Goon.', 'Night 1 begins.')), // 5
      { ...post('Alice', lines('Night, everyone.')), edited: { by: 'Alice', at: Date.UTC(2026, 10, 20, 10) } }, // 6
      post('Host', lines('Day 2 begins.', 'Carol was killed in the night.')), // 7
      post('Carol', lines('I am dead but I have thoughts.')), // 8
      post('Dave', lines(bold('Vote: Alice'))), // 9
      post('Alice', lines(bold('Vote: Dave'))), // 10
    ];
    // The game set up for the thread, under the forum template's rules (seed 001), its phases read from the host's posts.
    const names = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve'];
    const game: GameRecord = {
      id: 'g-template',
      threadKey: 'https://forum.example|2',
      title: 'Template game',
      ruleset: { presetId: 'forum-template-001', data: rulesets['forum-template-001'] },
      roster: { hosts: ['Host'], slots: names.map((name) => ({ id: name.toLowerCase(), accounts: [{ name }] })) },
      rosterSource: 'the player list in post #0',
      players: [],
      phases: { firstPhase: 'day' },
      timeZone: 'UTC',
      events: [],
      dialect: 'bbcode',
      createdAt: 0,
      updatedAt: 0,
    };
    const result = countFromPosts(posts, { dialect: 'bbcode', context: contextFromGame(game) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { count } = result;
    expect(count.judged).toBe(true);
    // Day 2: Bob lynched, Carol killed at night: three alive, two to lynch.
    expect(count).toMatchObject({ day: 2, alive: 3, threshold: 2, hammer: null, lastPost: 10, chosenAsOf: false });
    expect(count.wagons).toEqual([
      { target: 'Alice', votes: 1, lMinus: 1, voters: ['Dave'] },
      { target: 'Dave', votes: 1, lMinus: 1, voters: ['Alice'] },
    ]);
    expect(count.notVoting).toEqual(['Eve']);
    const verdict = (number: number) => count.posts.find((p) => p.post === number);
    expect(verdict(1)?.votes).toEqual([
      { action: 'vote', text: 'Vote: Bob', written: 'Bob', counted: true, target: 'Bob', reason: null, code: null },
    ]);
    expect(verdict(2)?.votes.map((v) => [v.counted, v.reason])).toEqual([
      [false, 'inside a quote'],
      [true, null],
    ]);
    expect(verdict(3)?.votes).toMatchObject([{ counted: false, reason: 'abbreviated keyword' }]);
    expect(
      verdict(6)
        ?.marks.map((m) => m.kind)
        .sort(),
    ).toEqual(['edited', 'night-post']);
    // Carol was killed in Night 1, and had made one post on Day 1 where the template asks for three of 40 characters or more.
    expect(verdict(8)?.marks).toEqual([
      { kind: 'inactive', phase: { kind: 'day', number: 1 }, counted: 0, required: 3, minChars: 40 },
      { kind: 'dead-poster' },
    ]);
    // Eve's vote hammered Bob on Day 1: her post wears the hammer.
    expect(verdict(4)?.marks).toEqual([{ kind: 'hammer', target: 'Bob' }]);
    expect(verdict(8)?.phase).toBe('Day 2');
    expect(verdict(0)).toBeUndefined();
    const breaches = count.breaches.map((b) => `${b.post ?? '-'} ${b.player}: ${b.rule} (${b.sanction})`);
    expect(breaches).toContain("6 Alice: posted at night (host's call)");
    expect(breaches).toContain('6 Alice: edited a post (mod kill)');
    expect(breaches).toContain("8 Carol: posted while dead (host's call)");
    expect(breaches).toContain('3 Dave: vote not written by the rules (not counted)');
    // Each breach carries the rule it applies, with its figures.
    const inactive = count.breaches.find((b) => b.code === 'activity/too-few-posts' && b.player === 'Carol');
    expect(inactive?.terms.map((m) => [m.code, m.count])).toEqual([
      ['breach-rule/min-posts-day', 3],
      ['breach-rule/min-chars', 40],
      ['breach-rule/leave-out-votes-quotes', undefined],
    ]);

    // The same thread with no game set up: no rule is judged (Gavel does not know the game's), only the edit is listed.
    const bare = countFromPosts(posts, { dialect: 'bbcode' });
    if (!bare.ok) throw new Error(bare.reason);
    expect(bare.count.judged).toBe(false);
    expect(bare.count.breaches.map((b) => `${b.post ?? '-'} ${b.code} ${b.sanctionCode}`)).toEqual(['6 post/edited none']);
    expect(bare.count.posts.flatMap((p) => p.marks.map((m) => m.kind)).filter((k) => k !== 'hammer')).toEqual(['edited']);
    expect(bare.count.breaches.some((b) => b.sanctionCode === 'mod-kill')).toBe(false);
  });

  it("never badges the host's own posts as players' votes", () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      // The host's vote count heading reads like a vote line not in bold.
      post('Host', lines('Vote Count 1.1', 'Bob 1 (Alice)')),
    ];
    const result = countFromPosts(posts);
    if (!result.ok) throw new Error(result.reason);
    expect(result.count.posts.find((p) => p.post === 2)).toBeUndefined();
    expect(result.count.notCounted.filter((v) => v.author === 'Host')).toEqual([]);
  });

  it('counts as of a post the host picks, on the day that post is in', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      post('Carol', lines(bold('Vote: Bob'))),
      post('Dave', lines(bold('Vote: Carol'))),
      post('Eve', lines(bold('Vote: Bob'))),
      post('Host', lines('Bob has been lynched!', 'Night 1 begins.')),
      post('Host', lines('Day 2 begins. Nobody died.')),
      post('Alice', lines(bold('Vote: Carol'))),
    ];
    const early = countFromPosts(posts, { asOfPost: 2 });
    expect(early.ok && early.count).toMatchObject({
      day: 1,
      asOfPost: 2,
      chosenAsOf: true,
      alive: 5,
      hammer: null,
      wagons: [{ target: 'Bob', votes: 2, lMinus: 1 }],
    });
    const night = countFromPosts(posts, { asOfPost: 5 });
    expect(night.ok && night.count).toMatchObject({ day: 1, asOfPost: 5, hammer: { target: 'Bob', post: 4 } });
    const latest = countFromPosts(posts);
    expect(latest.ok && latest.count).toMatchObject({
      day: 2,
      alive: 4,
      threshold: 3,
      wagons: [{ target: 'Carol', votes: 1, voters: ['Alice'] }],
    });
  });

  it('writes the vote count post in BBCode or Markdown, names escaped', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      post('Carol', lines(bold('Vote: Bob'))),
      post('Bob', lines(bold('Vote: Alice'))),
    ];
    const bb = countFromPosts(posts, { dialect: 'bbcode' });
    expect(bb.ok && bb.count.voteCountPost).toEqual({
      dialect: 'bbcode',
      text: [
        '[b]Vote count, Day 1[/b] (as of post #3)',
        '',
        '[b]Bob[/b] (2, L-1): Alice, Carol',
        '[b]Alice[/b] (1, L-2): Bob',
        '',
        'Not voting (2): Dave, Eve',
        'With 5 alive, it takes 3 to lynch.',
      ].join('\n'),
    });
    const md = countFromPosts(posts, { dialect: 'markdown' });
    expect(md.ok && md.count.voteCountPost.text.split('\n')[0]).toBe('**Vote count, Day 1** (as of post #3)');
  });

  it('says when a wagon locks', () => {
    n = 0;
    const posts = [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
      post('Alice', lines(bold('Vote: Bob'))),
      post('Carol', lines(bold('Vote: Bob'))),
      post('Dave', lines(bold('Vote: Bob'))),
      post('Eve', lines(bold('Vote: Bob'))),
    ];
    const result = countFromPosts(posts);
    expect(result.ok && result.count).toMatchObject({ hammer: { target: 'Bob', post: 3 }, lock: { target: 'Bob', post: 4 } });
  });

  it('counts a game the host set up with its roster, replacements, hand-set phases and deaths', () => {
    n = 0;
    const game: GameRecord = {
      id: 'g1',
      threadKey: 'https://forum.example|1',
      title: 'Mini 12',
      ruleset: { presetId: 'forum-template-001', data: rulesets['forum-template-001'] },
      roster: {
        hosts: ['Host'],
        slots: [
          { id: 's1', accounts: [{ name: 'Alice' }] },
          { id: 's2', accounts: [{ name: 'Bob' }, { name: 'Robert', fromPost: 3 }] },
          { id: 's3', accounts: [{ name: 'Carol' }] },
          { id: 's4', accounts: [{ name: 'Dave' }] },
        ],
      },
      rosterSource: 'pasted by the host',
      players: [],
      // No phase posts in this thread: the host marked Day 1's start by hand.
      phases: { firstPhase: 'day', markers: [], marks: [{ post: 1, kind: 'day', number: 1, event: 'start' }] },
      timeZone: 'UTC',
      events: [
        { type: 'game/setup', players: [] },
        { type: 'phase/start', phase: { kind: 'day', number: 1 } },
      ],
      dialect: 'markdown',
      createdAt: 0,
      updatedAt: 0,
    };
    const posts = [
      post('Host', lines('Sign-ups are closed. Roles are out.')), // 0: no player list here
      post('Alice', lines(bold('Vote: Bob'))), // 1
      post('Bob', lines(bold('Vote: Alice'))), // 2
      post('Bob', lines('Am I still in?')), // 3: replaced out from post 3
      post('Robert', lines(bold('Vote: Carol'))), // 4
    ];
    const result = countFromPosts(posts, { context: contextFromGame(game), dialect: game.dialect });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count).toMatchObject({ day: 1, alive: 4, threshold: 3, rosterSource: 'pasted by the host' });
    // Under the template's rules a replacement clears the slot's vote and the votes on it.
    expect(result.count.wagons.map((w) => `${w.target} ${w.votes}: ${w.voters.join(', ')}`)).toEqual(['Carol 1: Robert']);
    expect(result.count.notVoting).toEqual(['Alice', 'Carol', 'Dave']);
    expect(result.count.posts.find((p) => p.post === 3)?.marks.map((m) => m.kind)).toEqual(['replaced']);
    // The same game with no host and no marks: asked for, not counted as one long Day 1.
    const hostless = contextFromGame({ ...game, roster: { ...game.roster, hosts: [] }, phases: { firstPhase: 'day' } });
    expect(countFromPosts(posts, { context: hostless })).toEqual({
      ok: false,
      reason: expect.stringMatching(/^This game names no host.*add the host's account in Gavel's popup/u),
    });
    expect(result.count.voteCountPost.dialect).toBe('markdown');
  });
});

describe('one count for the panel and the command line (issue 13)', () => {
  const freshDb = freshDatabases('gavel-count-view');
  const page: HandlerContext = {
    sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
    senderKind: 'extension-page',
  };
  const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });

  /** A 004 game: the Day 1 election, Night 1, then Day 2's vote in green font. */
  function thread004(): ForumPost[] {
    n = 0;
    return [
      post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')), // 0
      post('Alice', lines('Who wants to be mayor?')), // 1
      post('Host', lines('Night 1 begins.')), // 2
      post('Host', lines('Day 2 begins. Nobody died.')), // 3
      post('Alice', lines('Carol is hiding something.', green('Carol'))), // 4
      post('Bob', lines(green('Carol'))), // 5
      post('Carol', lines('No, it is Eve.', green('Eve'))), // 6
      post('Dave', lines(green('Eve'))), // 7
      post('Eve', lines(bold('Vote: Alice'), 'and then', green('Dave'))), // 8: only the first vote of a post stands
      post('Bob', lines(green('Eve'))), // 9: a vote cannot be changed
      post('Host', lines('Night 2 begins.')), // 10
    ];
  }

  it('gives identical tallies for a 004 thread, with green-font votes and weighted plurality', async () => {
    const posts = thread004();
    // The panel's path: the thread stored, a 004 game set up for it, counted as the worker counts it.
    const db = freshDb();
    const origin = 'https://forum.example';
    await savePage(db, onePageReport({ origin, threadId: '4', title: 'Mafia 004' }, posts), 1);
    const games = gameHandlers(
      () => db,
      () => 2,
      () => 'game-004',
    );
    const game = await games['game/create'](
      { threadKey: `${origin}|4`, title: 'Mafia 004', presetId: 'russian-004', roster: { from: 'opening-post' } },
      page,
    );
    const panel = await countThread(db, origin, '4', { game });
    expect(panel.result.ok).toBe(true);
    if (!panel.result.ok) return;
    const view = panel.result.count;

    // The command line's path: the same thread and game in files.
    const dir = mkdtempSync(join(tmpdir(), 'gavel-count-004-'));
    const gameFile = join(dir, 'game.json');
    const postsFile = join(dir, 'posts.jsonl');
    writeFileSync(gameFile, JSON.stringify({ rules: 'russian-004', roster: game.roster, phases: game.phases }));
    writeFileSync(postsFile, posts.map((p) => JSON.stringify(p)).join('\n'));
    let out = '';
    const code = await main(['breaches', gameFile, postsFile], { out: (t) => (out += t), err: () => undefined, cwd: dir });
    expect(code).toBe(0);
    const cli = JSON.parse(out) as {
      days: { day: number; system: string; threshold: number | null; wagons: typeof view.wagons; notVoting: string[]; outcome: unknown }[];
    };
    const day2 = cli.days.find((d) => d.day === 2);

    // Green-font votes, the first vote of a post, no changed votes; no majority threshold, so no L-n.
    const expected = [
      { target: 'Carol', votes: 2, lMinus: null, voters: ['Alice', 'Bob'] },
      { target: 'Eve', votes: 2, lMinus: null, voters: ['Carol', 'Dave'] },
      { target: 'Alice', votes: 1, lMinus: null, voters: ['Eve'] },
    ];
    expect(view).toMatchObject({ day: 2, wagons: expected, notVoting: [] });
    // No threshold to show: the panel says the most votes decide, never "it takes 0".
    expect(view.threshold).toBeNull();
    expect(view.voteCountPost.text).not.toMatch(/it takes/);
    expect(day2).toMatchObject({ system: 'weighted-plurality', threshold: null, wagons: expected, notVoting: [] });
    // A tie on top goes to a run-off among the tied (a majority count would have found no majority).
    expect(cli.days.find((d) => d.day === 2)?.outcome).toEqual({ kind: 'runoff', candidates: [expect.any(String), expect.any(String)] });
    expect(view.posts.find((p) => p.post === 8)?.votes.map((v) => v.code)).toEqual([null, 'vote/not-first-in-post']);
    expect(view.posts.find((p) => p.post === 9)?.votes.map((v) => v.code)).toEqual(['vote/already-voting']);
    // Day 1 is the mayor election on both paths.
    expect(cli.days.find((d) => d.day === 1)?.system).toBe('weighted-plurality');
  });
});
