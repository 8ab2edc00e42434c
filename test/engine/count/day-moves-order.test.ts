/**
 * A thread's count with the host's day moves in the game's log: the votes are
 * placed by post number and the moves by their place in the log, and the host
 * enters a move after the posts read so far. L30 "Священник … после последнего
 * голоса": the Priest forgives after his vote, so his forgiveness counts, and
 * the tally calls the re-vote; once the re-vote is opened, the forgiveness
 * (made before it opened) no longer applies to it.
 */
import { describe, expect, it } from 'vitest';
import { countThread, rulesets, type BodyNode, type CountGame, type ForumPost, type GameEvent } from '../../../src/engine';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });

function thread(...posts: [author: string, body: BodyNode[]][]): ForumPost[] {
  return posts.map(([author, body], number) => ({ id: `p${number}`, number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body }));
}

const names = ['Ivan', 'Olga', 'Boris', 'Anna', 'Dima'];
const log: GameEvent[] = [
  {
    type: 'game/setup',
    players: [
      { slotId: 'ivan', name: 'Ivan', faction: 'red', role: 'priest' },
      { slotId: 'olga', name: 'Olga', faction: 'red', role: 'citizen' },
      { slotId: 'boris', name: 'Boris', faction: 'mafia', role: 'mafia' },
      { slotId: 'anna', name: 'Anna', faction: 'red', role: 'citizen' },
      { slotId: 'dima', name: 'Dima', faction: 'red', role: 'citizen' },
    ],
  },
  { type: 'phase/start', phase: { kind: 'day', number: 1 } },
  { type: 'phase/start', phase: { kind: 'night', number: 1 } },
  { type: 'phase/start', phase: { kind: 'day', number: 2 } },
];
const gameWith = (events: readonly GameEvent[]): CountGame => ({
  roster: { hosts: ['Host'], slots: names.map((name) => ({ id: name.toLowerCase(), accounts: [{ name }] })) },
  ruleset: rulesets['russian-004'],
  phases: {
    firstPhase: 'day',
    markers: [],
    marks: [
      { post: 1, kind: 'day', number: 1, event: 'start' },
      { post: 2, kind: 'night', number: 1, event: 'start' },
      { post: 3, kind: 'day', number: 2, event: 'start' },
    ],
  },
  events,
});
// Boris 3 (the Priest Ivan's vote among them), Olga 2. The posts' numbers are above every index of the log.
const posts = thread(
  ['Host', lines('Welcome.')],
  ['Host', lines('Day 1: the mayor election.')],
  ['Host', lines('Night 1.')],
  ['Host', lines('Day 2. Vote in green.')],
  ['Olga', lines('Filler.')],
  ['Anna', lines('Filler.')],
  ['Dima', lines('Filler.')],
  ['Ivan', lines(green('Boris'))],
  ['Olga', lines(green('Boris'))],
  ['Anna', lines(green('Boris'))],
  ['Boris', lines(green('Olga'))],
  ['Dima', lines(green('Olga'))],
);
const forgive: GameEvent = { type: 'action/use', actor: 'ivan', ability: 'forgive', targets: ['boris'] };

function day2Tally(events: readonly GameEvent[]) {
  const result = countThread(posts, { game: gameWith(events) });
  if (!result.ok) throw new Error(result.problem.code);
  return result.current?.tally.systemTally;
}

describe('the host’s day moves in a thread’s count', () => {
  it('L30: a forgiveness the host entered counts as made after the votes read, and calls the re-vote', () => {
    expect(day2Tally(log)?.outcome).toEqual({ kind: 'lynch', slotIds: ['boris'] });
    const forgiven = day2Tally([...log, forgive]);
    expect(forgiven?.followUp).toEqual({ ballot: 'revote' });
    expect(forgiven?.outcome).toEqual({ kind: 'no-lynch', reason: 'no-lynch/forgiven' });
    expect(forgiven?.notes?.map((n) => n.code)).toEqual(expect.arrayContaining(['forgiven', 'forgiven-revote']));
  });

  it('L30, L155: in the re-vote opened after it, the forgiveness is not applied again and the forgiven cannot be voted for', () => {
    const revote = day2Tally([...log, forgive, { type: 'ballot/open', ballot: 'revote' }]);
    expect(revote?.ballot).toBe('revote');
    expect(revote?.followUp).toBeUndefined();
    expect(revote?.totals.some((t) => t.target === 'boris')).toBe(false);
  });
});

describe('a ballot the host opens after reading the thread', () => {
  // The host opened the next ballot after post 11; then Olga, Anna and Ivan vote again.
  const later = thread(
    ...posts.map((p): [string, BodyNode[]] => [p.author, [...p.body]]),
    ['Olga', lines(green('Anna'))],
    ['Anna', lines(green('Dima'))],
    ['Ivan', lines(green('Anna'))],
  );
  const tallyOf = (events: readonly GameEvent[]) => {
    const result = countThread(later, { game: gameWith(events) });
    if (!result.ok) throw new Error(result.problem.code);
    return result.current?.tally.systemTally;
  };
  const totalsOf = (events: readonly GameEvent[]) =>
    Object.fromEntries((tallyOf(events)?.totals ?? []).filter((t) => t.total > 0).map((t) => [t.target, t.total]));

  it('L30: the re-vote counts only the votes posted after it opened; the earlier ballot’s votes do not carry over', () => {
    const opened: GameEvent = { type: 'ballot/open', ballot: 'revote', afterPost: 11 };
    expect(tallyOf([...log, forgive, opened])?.ballot).toBe('revote');
    const totals = totalsOf([...log, forgive, opened]);
    // Boris's vote on Olga and Dima's (posts 10 and 11) belong to the forgiven ballot.
    expect(totals['olga']).toBeUndefined();
    expect(totals['anna']).toBeGreaterThan(0);
    expect(totals['dima']).toBeGreaterThan(0);
    // Without the post it opened after, every standing vote of the day would count: Olga's wagon is there.
    expect(totalsOf([...log, forgive, { type: 'ballot/open', ballot: 'revote' }])['olga']).toBeGreaterThan(0);
  });

  it('L156: the extra vote opened after a recorded lynch is the ballot counted, from the posts after it opened', () => {
    const lynch: GameEvent = { type: 'day/result', phase: { kind: 'day', number: 2 }, lynched: ['boris'], noVictimRunoff: false };
    const extra: GameEvent = { type: 'ballot/open', ballot: 'extra', afterPost: 11 };
    const tally = tallyOf([...log, lynch, extra]);
    expect(tally?.ballot).toBe('extra');
    const totals = totalsOf([...log, lynch, extra]);
    expect(totals['olga']).toBeUndefined();
    expect(Object.keys(totals).sort()).toEqual(['anna', 'dima']);
  });
});
