/**
 * Counting a thread with no game file under the rules its opening post states (issue 15, part 3):
 * the count follows them and says which sentence it read each from.
 */
import { describe, expect, it } from 'vitest';
import { countThread, type BodyNode, type ForumPost, type ThreadCount } from '../../../src/engine';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });

function thread(...posts: [author: string, body: BodyNode[]][]): ForumPost[] {
  return posts.map(([author, body], number) => ({ id: `p${number}`, number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body }));
}

function counted(result: ReturnType<typeof countThread>): ThreadCount {
  if (!result.ok) throw new Error(`not counted: ${result.problem.code}`);
  return result;
}

const opening = (...rules: string[]): BodyNode[] =>
  lines('Welcome to the game.', ...rules, 'Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Fay', '', 'Day 1 begins.');

const day = (open: BodyNode[]): ForumPost[] =>
  thread(
    ['Host', open],
    ['Alice', lines(bold('Vote: Bob'))], // 1
    ['Carol', lines(bold('Vote: Bob'))], // 2
    ['Dave', [{ type: 'text', text: 'I agree, ' }, bold('Vote: Bob')]], // 3: not on its own line
    ['Eve', lines(bold('Vote: Bob'))], // 4
  );

describe('rules the opening post states', () => {
  it('refuses a vote that is not on its own line where the opening post says votes must be', () => {
    const c = counted(countThread(day(opening('Votes must be on their own line.'))));
    expect(c.statedRules).toEqual([{ rule: 'own-line', sentence: 'Votes must be on their own line.' }]);
    expect(c.voteRules?.grammar.ownLine).toBe(true);
    expect(c.verdicts.find((v) => v.post === 3)?.votes.map((v) => v.reason)).toEqual(['vote/not-own-line']);
    // 6 alive, a majority is 4: Alice, Carol and Eve are three.
    expect(c.days[0]?.tally).toMatchObject({ threshold: 4, hammer: null });
  });

  it('hammers at half the living where the opening post says so', () => {
    const c = counted(countThread(day(opening('A lynch needs half the living players.'))));
    expect(c.statedRules).toEqual([{ rule: 'half-threshold', sentence: 'A lynch needs half the living players.' }]);
    expect(c.voteRules?.threshold).toEqual({ kind: 'half' });
    // 6 alive: 3 votes. Alice, Carol, Dave (on the same line as other text, allowed here) reach it at post 3.
    expect(c.days[0]?.tally.threshold).toBe(3);
    expect(c.days[0]?.tally.hammer?.post).toBe(3);
  });

  it('counts with the ruleset alone when the opening post states nothing', () => {
    const c = counted(countThread(day(opening())));
    expect(c.statedRules).toEqual([]);
    expect(c.voteRules?.grammar.ownLine).toBe(false);
    expect(c.days[0]?.tally).toMatchObject({ threshold: 4 });
    expect(c.days[0]?.tally.hammer?.post).toBe(4);
  });

  it("lets the host's own settings win over the opening post", () => {
    const c = counted(countThread(day(opening('Votes must be on their own line.')), { voteGrammar: { ownLine: false } }));
    expect(c.voteRules?.grammar.ownLine).toBe(false);
    expect(c.statedRules).toEqual([]);
    expect(c.verdicts.find((v) => v.post === 3)?.votes.map((v) => v.reason)).toEqual([null]);
  });
});
