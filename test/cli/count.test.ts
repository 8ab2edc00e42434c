/**
 * `gavel count` (issue 15, part 7): the thread panel's count from saved pages.
 * On the real MyBB and SMF threads in ../shared/fixtures/forums (read at test
 * time, never copied), with no game file, it gives the host's own counts from
 * their game.json and truth.json: who is alive, the majority, every wagon and
 * its voters, who is not voting, the lynch and the hammer post, day by day;
 * also on a copy whose opening post lists the players the hard way (numbers,
 * colours, links, "replaced by", a co-host line), and with a game file.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CountedDayJson } from '../../cli/commands/count';
import { repoRoot, runGavel, writeInput } from './run-gavel';

const forums = resolve(repoRoot, '..', 'shared', 'fixtures', 'forums');
const present = ['mybb', 'smf'].every((f) => existsSync(join(forums, f, 'truth.json')));
if (!present) console.warn(`[count.test] skipped gavel count on the saved MyBB and SMF threads: ${forums} is not present`);

interface Truth {
  readonly number: number;
  readonly post_id: number;
}
interface HostGame {
  readonly host: { readonly name: string };
  readonly player_order_in_op: string[];
  readonly pages: { readonly file: string }[];
  readonly phases: { readonly phase: string; readonly ended_by?: string }[];
  readonly deaths: { readonly player: string; readonly how: string; readonly phase: string }[];
  readonly majority: Record<string, number>;
  readonly expected_tallies: {
    readonly end_of_day: Record<
      string,
      {
        readonly tally: Record<string, { readonly count: number; readonly voters: string[] }>;
        readonly not_voting: string[];
        readonly alive: string[];
      }
    >;
  };
}

const pageFiles = (forum: string, game: HostGame): string[] => game.pages.map((p) => join(forums, forum, p.file));
const sorted = (names: readonly string[]): string[] => [...names].sort();

/** The numbers `gavel parse` gives each post id on the pages: the count's hammer number must be the one the reader shows. */
async function numbersById(files: readonly string[]): Promise<Map<string, number>> {
  const numbers = new Map<string, number>();
  for (const file of files) {
    const parsed = await runGavel('parse', file);
    for (const post of (JSON.parse(parsed.out) as { posts: { id: string; number: number }[] }).posts) numbers.set(post.id, post.number);
  }
  return numbers;
}

/** The host's days from their files, in `gavel count --json`'s shape (voters compared as sets, the hammer by the forum's post id). */
function hostDays(game: HostGame, truth: readonly Truth[]) {
  return Object.entries(game.expected_tallies.end_of_day).map(([key, day]) => {
    const n = Number(key.replace('day', ''));
    const hammerAt = Number(/hammer vote in post #(\d+)/u.exec(game.phases.find((p) => p.phase === key)?.ended_by ?? '')?.[1]);
    const lynched = game.deaths.find((d) => d.phase === key && d.how === 'lynched')?.player ?? null;
    return {
      day: n,
      alive: sorted(day.alive),
      majority: game.majority[key],
      tally: Object.fromEntries(Object.entries(day.tally).map(([target, w]) => [target, { count: w.count, voters: sorted(w.voters) }])),
      notVoting: sorted(day.not_voting),
      lynch: lynched,
      hammerId: Number.isNaN(hammerAt) ? null : String(truth.find((p) => p.number === hammerAt)?.post_id),
    };
  });
}

function asHostDays(days: readonly CountedDayJson[]) {
  return days.map((d) => ({
    day: d.day,
    alive: sorted(d.alive),
    majority: d.majority,
    tally: Object.fromEntries(Object.entries(d.tally).map(([target, w]) => [target, { count: w.count, voters: sorted(w.voters) }])),
    notVoting: sorted(d.notVoting),
    lynch: d.lynch,
    hammerId: d.hammer?.id ?? null,
  }));
}

/** The opening post's player list the hard way, in the page's own markup around plain HTML a forum renders. */
const hardList = [
  '<b>Player list (10):</b><br />',
  'Co-host: Sandman<br />',
  '1. <span style="color: #0000FF;">Mister Two Words</span><br />',
  '2. <a href="https://forum.example/member.php?uid=3">i_use_underscores</a><br />',
  '3. Kirby<br />',
  '4. KirbyDreamland (Town Cop)<br />',
  '5. Ёжик<br />',
  '6. <s>ThinkBig</s> (killed N1) - Town Doctor<br />',
  '7. <s>Scumhunter</s> - Mafia Goon, D2 lynch<br />',
  '8. <s><span style="color: #FF0000;">Elmo</span></s> - lynched Day 1, Vanilla Townie<br />',
  '9. SleepyVan (replaced by VanillaTownie)<br />',
  '10. Lurker_Prime replaced by <a href="https://forum.example/member.php?uid=11">LurkerLou</a><br />',
  '<br />',
].join('\n');

/** A copy of the thread's pages whose opening post lists its players as `hardList` does. */
function harderCopy(forum: string, game: HostGame): string[] {
  const dir = mkdtempSync(join(tmpdir(), `gavel-count-${forum}-`));
  return game.pages.map((p, i) => {
    const to = join(dir, p.file);
    if (i > 0) {
      copyFileSync(join(forums, forum, p.file), to);
      return to;
    }
    const html = readFileSync(join(forums, forum, p.file), 'utf8');
    // From the "Players" heading through the end of its list.
    const list = /(?:<span[^>]*>|<u>)Players(?:<\/span>|<\/u>)(?:<br\s*\/?>)?\s*<ul[^>]*>[\s\S]*?<\/ul>/u;
    expect(list.test(html), `${forum}: the opening post's player list`).toBe(true);
    writeFileSync(to, html.replace(list, hardList));
    return to;
  });
}

describe.skipIf(!present)('gavel count on the saved MyBB and SMF threads', () => {
  for (const forum of ['mybb', 'smf']) {
    const game = present ? (JSON.parse(readFileSync(join(forums, forum, 'game.json'), 'utf8')) as HostGame) : undefined;
    const truth = present ? (JSON.parse(readFileSync(join(forums, forum, 'truth.json'), 'utf8')) as Truth[]) : [];

    it(`${forum}: with no game file, the host's counts day by day from the opening post's roster`, async () => {
      if (game === undefined) return;
      const files = pageFiles(forum, game);
      const result = await runGavel('count', ...files, '--json');
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const days = JSON.parse(result.out) as CountedDayJson[];
      expect(asHostDays(days)).toEqual(hostDays(game, truth));
      // Each day object has exactly the fields the issue names.
      for (const day of days)
        expect(Object.keys(day).sort()).toEqual(['alive', 'day', 'hammer', 'lynch', 'majority', 'notVoting', 'tally']);
      const numbers = await numbersById(files);
      for (const day of days) if (day.hammer !== null) expect(day.hammer.number).toBe(numbers.get(day.hammer.id));
    });

    it(`${forum}: the panel's words, saying the roster is the opening post's and naming the host`, async () => {
      if (game === undefined) return;
      const result = await runGavel('count', ...pageFiles(forum, game));
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^Thread: 42 posts from 5 saved pages \((?:MyBB|SMF)/u);
      expect(result.out).toContain('Roster: the player list in post #1 (the opening post), 10 players');
      expect(result.out).toContain(`Hosts: ${game.host.name}\n`);
      expect(result.out).toContain('Day 2: 8 alive, 5 to lynch');
      expect(result.out).not.toContain('check:');
      // SMF numbers replies: the post Gavel and the truth file number 27 is the forum's "Reply #26".
      expect(result.out).toContain(forum === 'smf' ? '(post id 28, shown as Reply #26)' : '(post id 27)\n');
    });

    it(`${forum}: the same counts from a harder opening post (numbers, colours, links, replacements, a co-host)`, async () => {
      if (game === undefined) return;
      const files = harderCopy(forum, game);
      const result = await runGavel('count', ...files, '--json');
      expect(result.code).toBe(0);
      expect(asHostDays(JSON.parse(result.out) as CountedDayJson[])).toEqual(hostDays(game, truth));
      const human = await runGavel('count', ...files);
      expect(human.out).toContain(`Hosts: ${game.host.name}, Sandman\n`);
      // The replaced-out accounts never post, and are not reported: their slots' replacements do.
      expect(human.out).not.toContain('check:');
    });

    it(`${forum}: with a game file (the host's roster and phases), the same counts`, async () => {
      if (game === undefined) return;
      const dir = mkdtempSync(join(tmpdir(), `gavel-count-game-${forum}-`));
      const file = writeInput(dir, 'game.json', {
        rules: '001',
        roster: { slots: game.player_order_in_op },
        phases: { firstPhase: 'day' },
        // A game file with deaths lists them all, lynches included (its deaths are the count's).
        deaths: game.deaths.map((d) => ({ slot: d.player, phase: d.phase.replace(/^(day|night)(\d+)$/u, '$1 $2') })),
      });
      const result = await runGavel('count', ...pageFiles(forum, game), '--game', file, '--json');
      expect(result.err).toBe('');
      expect(asHostDays(JSON.parse(result.out) as CountedDayJson[])).toEqual(hostDays(game, truth));
    });
  }
});

describe('gavel count on bad input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gavel-count-bad-'));
  const posts = (rows: readonly unknown[]): string =>
    writeInput(dir, `posts-${String(rows.length)}.jsonl`, rows.map((r) => JSON.stringify(r)).join('\n'));

  it('needs a thread, and only pages or one posts file', async () => {
    expect((await runGavel('count')).code).toBe(2);
    const txt = writeInput(dir, 'thread.txt', 'hello');
    const wrong = await runGavel('count', txt);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/not .*thread\.txt/u);
  });

  it('names a missing file', async () => {
    const result = await runGavel('count', join(dir, 'nowhere.jsonl'));
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/cannot read posts file .*nowhere\.jsonl/u);
  });

  it('refuses a thread whose opening post has no player list, saying to give a game file', async () => {
    const file = posts([
      { id: '1', number: 1, author: 'Host', body: 'Sign-ups are open.' },
      { id: '2', number: 2, author: 'Amy', body: '/in' },
    ]);
    const result = await runGavel('count', file);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/no player list in the opening post \(#1\): give the roster in a game file with --game/u);
  });

  it('counts a posts file with no game, the opening post dating a death no host post announces', async () => {
    const vote = (text: string) => [{ type: 'text', text, bold: true }];
    const file = posts([
      {
        id: 'a1',
        number: 1,
        author: 'Host',
        body: 'Players:\n1. Amy\n2. [s]Bob[/s] - killed Night 1, Doctor\n3. Cat\n4. Dan\n5. Eve\n\nWelcome!',
      },
      { id: 'a2', number: 2, author: 'Host', body: 'Day 1 begins.' },
      { id: 'a3', number: 3, author: 'Amy', body: vote('Vote: Cat') },
      { id: 'a4', number: 4, author: 'Bob', body: vote('Vote: Cat') },
      { id: 'a5', number: 5, author: 'Dan', body: vote('Vote: Cat') },
      { id: 'a6', number: 6, author: 'Host', body: 'Cat was lynched. Night 1 begins.' },
      { id: 'a7', number: 7, author: 'Host', body: 'Day 2 begins.' },
      { id: 'a8', number: 8, author: 'Amy', body: vote('Vote: Dan') },
    ]);
    const result = await runGavel('count', file, '--json');
    expect(result.err).toBe('');
    expect(JSON.parse(result.out)).toEqual([
      {
        day: 1,
        alive: ['Amy', 'Bob', 'Cat', 'Dan', 'Eve'],
        majority: 3,
        tally: { Cat: { count: 3, voters: ['Amy', 'Bob', 'Dan'] } },
        notVoting: ['Cat', 'Eve'],
        lynch: 'Cat',
        hammer: { id: 'a5', number: 5 },
      },
      {
        day: 2,
        alive: ['Amy', 'Dan', 'Eve'],
        majority: 2,
        tally: { Dan: { count: 1, voters: ['Amy'] } },
        notVoting: ['Dan', 'Eve'],
        lynch: null,
        hammer: null,
      },
    ]);
  });

  it('says which rules it read from the opening post and which posters it took for which slot', async () => {
    const vote = (text: string) => [{ type: 'text', text, bold: true }];
    const file = posts([
      {
        id: 'b1',
        number: 1,
        author: 'Host',
        body: 'Players:\nAmy\nBob\nJilyne\nDan\nEve\n\nVotes must be on their own line.',
      },
      { id: 'b2', number: 2, author: 'Host', body: 'Day 1 begins.' },
      { id: 'b3', number: 3, author: 'jilynne1991', body: 'Hello all.' },
      { id: 'b4', number: 4, author: 'jilynne1991', body: 'Still here.' },
      { id: 'b5', number: 5, author: 'jilynne1991', body: vote('Vote: Amy') },
      { id: 'b6', number: 6, author: 'Bob', body: [{ type: 'text', text: 'I think so. ' }, ...vote('Vote: Amy')] },
    ]);
    const result = await runGavel('count', file);
    expect(result.err).toBe('');
    expect(result.out).toContain('Rule read from the opening post: "Votes must be on their own line."');
    expect(result.out).toMatch(/Accounts:\n {2}linked: jilynne1991 posts as Jilyne \(/u);
    // jilynne1991's vote counts for the slot; Bob's shares its line with other words.
    expect(result.out).toContain('Amy (1, L-2): Jilyne');
  });
});
