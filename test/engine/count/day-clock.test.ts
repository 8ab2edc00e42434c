/**
 * A 004 thread's count judged by the posts' own times (not the host's
 * machine): the vote opens at 21:00 Moscow after the day's first post (L150),
 * absent voters are forced at 22:00 (L150) by the caller's clock while the day
 * runs and by the day's last post once it ended, and the witch hunt's approvals
 * are read from the posts and counted within 15 minutes (L164).
 */
import { describe, expect, it } from 'vitest';
import {
  countThread,
  createThreadCounter,
  rulesets,
  type BodyNode,
  type CountGame,
  type ForumPost,
  type GameEvent,
} from '../../../src/engine';

const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });
const plain = (text: string): BodyNode => ({ type: 'text', text });
/** Moscow time on 28 November 2016 (UTC+3). */
const msk = (hour: number, minute: number): number => Date.UTC(2016, 10, 28, hour - 3, minute);

const names = ['Ivan', 'Olga', 'Boris', 'Anna', 'Dima', 'Lena'];
const log: GameEvent[] = [
  {
    type: 'game/setup',
    players: [
      { slotId: 'ivan', name: 'Ivan', faction: 'red', role: 'citizen' },
      { slotId: 'olga', name: 'Olga', faction: 'red', role: 'citizen' },
      { slotId: 'boris', name: 'Boris', faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
      { slotId: 'anna', name: 'Anna', faction: 'red', role: 'citizen' },
      { slotId: 'dima', name: 'Dima', faction: 'red', role: 'citizen' },
      { slotId: 'lena', name: 'Lena', faction: 'red', role: 'citizen' },
    ],
  },
  { type: 'phase/start', phase: { kind: 'day', number: 1 } },
  { type: 'phase/start', phase: { kind: 'night', number: 1 } },
  { type: 'phase/start', phase: { kind: 'day', number: 2 } },
];
const game = (ended: boolean): CountGame => ({
  roster: { hosts: ['Host'], slots: names.map((name) => ({ id: name.toLowerCase(), accounts: [{ name }] })) },
  ruleset: rulesets['russian-004'],
  phases: {
    firstPhase: 'day',
    markers: [],
    marks: [
      { post: 1, kind: 'day', number: 1, event: 'start' },
      { post: 2, kind: 'night', number: 1, event: 'start' },
      { post: 3, kind: 'day', number: 2, event: 'start' },
      ...(ended ? [{ post: 99, kind: 'night' as const, number: 2, event: 'start' as const }] : []),
    ],
  },
  events: log,
});

type Post = [author: string, at: number, body: BodyNode[]];
function thread(...posts: Post[]): ForumPost[] {
  return posts.map(([author, postedAt, body], number) => ({ id: `p${number}`, number, author, postedAt, body }));
}
const opening: Post[] = [
  ['Host', Date.UTC(2016, 10, 26, 9, 0), [plain('Welcome.')]],
  ['Host', Date.UTC(2016, 10, 26, 10, 0), [plain('Day 1: the mayor election.')]],
  ['Host', Date.UTC(2016, 10, 27, 19, 0), [plain('Night 1.')]],
  // The night's results at 07:30 Moscow: day 2's vote opens at 21:00.
  ['Host', msk(7, 30), [plain('Day 2.')]],
];

describe('a 004 count judged by the posts’ times', () => {
  // Olga and Anna vote Boris at 21:05 and 21:10; Ivan, Dima, Lena and Boris never vote.
  const posts = thread(...opening, ['Olga', msk(21, 5), [green('Boris')]], ['Anna', msk(21, 10), [green('Boris')]]);
  const tallyOf = (options: { readonly now?: number; readonly ended?: boolean; readonly extra?: Post[] }) => {
    const all =
      options.extra === undefined
        ? posts
        : thread(...opening, ...posts.slice(4).map((p): Post => [p.author, p.postedAt ?? 0, [...p.body]]), ...options.extra);
    const result = countThread(all, { game: game(options.ended === true), ...(options.now === undefined ? {} : { now: options.now }) });
    if (!result.ok) throw new Error(result.problem.code);
    return result.current?.tally.systemTally;
  };
  const codes = (t: ReturnType<typeof tallyOf>): string[] => (t?.notes ?? []).map((n) => n.code);

  it('L150 "Если к 22.00 по Москве не все проголосуют … принудительный автоголос": by the caller’s clock while the day runs', () => {
    expect(codes(tallyOf({ now: msk(21, 59) }))).not.toContain('auto-vote-absent');
    const late = tallyOf({ now: msk(22, 0) });
    expect(codes(late)).toContain('auto-vote-absent');
    // The four absent players each vote against themselves.
    expect(late?.totals.find((t) => t.target === 'ivan')?.total).toBe(1);
    // Without a clock, the latest post (21:10) is "now": nobody is forced.
    expect(codes(tallyOf({}))).not.toContain('auto-vote-absent');
  });

  it('a thread counter counts again when only the clock moved on (the posts read are kept)', () => {
    const counter = createThreadCounter();
    const at = (now: number) => {
      const result = counter.count(posts, { game: game(false), now });
      if (!result.ok) throw new Error(result.problem.code);
      return result.current?.tally.systemTally;
    };
    expect(codes(at(msk(21, 59)))).not.toContain('auto-vote-absent');
    expect(codes(at(msk(22, 0)))).toContain('auto-vote-absent');
    expect(counter.stats().fresh).toBe(1);
  });

  it('a day that ended is judged as of its last post, not the host’s clock', () => {
    const endedAt = (at: number) => tallyOf({ now: msk(23, 30), ended: true, extra: [['Dima', at, [plain('Going to sleep.')]]] });
    // The day's last post at 21:40: the host closed it before 22:00, whatever time it is now.
    expect(codes(endedAt(msk(21, 40)))).not.toContain('auto-vote-absent');
    expect(codes(endedAt(msk(22, 1)))).toContain('auto-vote-absent');
  });

  it('L164: approvals are read from the posts, once per player, within 15 minutes of the vote’s opening', () => {
    const result = countThread(
      thread(
        ...opening,
        ['Ivan', msk(20, 50), [green('Одобряю')]],
        ['Olga', msk(21, 2), [green('Одобряю')]],
        ['Anna', msk(21, 4), [{ type: 'text', text: 'За охоту', bold: true }]],
        ['Olga', msk(21, 5), [green('Одобряю охоту')]],
        ['Host', msk(21, 6), [green('Одобряю')]],
        ['Dima', msk(21, 7), [plain('одобряю')]],
        ['Lena', msk(21, 7), [{ type: 'quote', children: [green('Одобряю')] }]],
        ['Ivan', msk(21, 12), [green('Boris')]],
        ['Boris', msk(21, 20), [green('одобряю')]],
      ),
      { game: game(false), now: msk(21, 30) },
    );
    if (!result.ok) throw new Error(result.problem.code);
    const approvals = result.current?.tally.huntApprovals;
    // Six main players alive: 3 needed. Ivan's came before the vote opened, Olga's second is a repeat, Boris's too late.
    expect(approvals?.needed).toBe(3);
    expect(approvals?.approvals).toBe(2);
    expect(approvals?.list.map((a) => [a.voter, a.at, a.reason ?? 'counted'])).toEqual([
      ['ivan', 4, 'approval/too-early'],
      ['olga', 5, 'counted'],
      ['anna', 6, 'counted'],
      ['olga', 7, 'approval/repeated'],
      ['boris', 12, 'approval/too-late'],
    ]);
    // A green "Одобряю" is no vote (not even one for "no such player" in the post's reading): Ivan's vote for Boris after it stands.
    expect(result.verdicts.find((v) => v.post === 5)?.votes ?? []).toEqual([]);
    expect(result.current?.tally.systemTally?.totals.find((t) => t.target === 'boris')?.total).toBe(1);
  });

  it('L150 "Если голос дан до объявления о начале … голосования, он не засчитывается": votes before the host’s announcement are refused', () => {
    const posts = thread(
      ...opening,
      ['Olga', msk(20, 40), [green('Boris')]],
      ['Host', msk(20, 55), [{ type: 'text', text: 'Начинаем голосование!', bold: true }]],
      ['Anna', msk(20, 56), [green('Boris')]],
      ['Dima', msk(20, 57), [green('Olga')]],
    );
    const result = countThread(posts, { game: game(false), now: msk(21, 0) });
    if (!result.ok) throw new Error(result.problem.code);
    // Olga's vote (post 4) came before the announcement (post 5): refused, with its reason on the post's verdict.
    expect(result.verdicts.find((v) => v.post === 4)?.votes.map((v) => [v.counted, v.reason])).toEqual([[false, 'vote/before-vote-opens']]);
    expect(result.verdicts.find((v) => v.post === 6)?.votes.map((v) => v.counted)).toEqual([true]);
    const tally = result.current?.tally.systemTally;
    expect(tally?.totals.find((t) => t.target === 'boris')?.total).toBe(1);
    expect((tally?.notes ?? []).find((n) => n.code === 'vote-opening-read')?.values).toEqual({ post: 5 });
  });

  it('L150: the host’s hand-set opening wins over the post read; votes posted before it are refused', () => {
    const posts = thread(
      ...opening,
      ['Host', msk(20, 55), [{ type: 'text', text: 'Начинаем голосование!', bold: true }]],
      ['Anna', msk(20, 56), [green('Boris')]],
      ['Dima', msk(21, 1), [green('Olga')]],
    );
    const result = countThread(posts, { game: { ...game(false), voteOpenedAt: { '2': msk(21, 0) } }, now: msk(21, 5) });
    if (!result.ok) throw new Error(result.problem.code);
    expect(result.verdicts.find((v) => v.post === 5)?.votes.map((v) => v.reason)).toEqual(['vote/before-vote-opens']);
    expect(result.verdicts.find((v) => v.post === 6)?.votes.map((v) => v.counted)).toEqual([true]);
    expect(codes(result.current?.tally.systemTally)).toContain('vote-opening-set');
  });

  it('L150: with no announcement read and none set, 21:00 Moscow is assumed, the notes say so, and no vote is refused', () => {
    const result = countThread(thread(...opening, ['Olga', msk(20, 40), [green('Boris')]]), { game: game(false), now: msk(20, 50) });
    if (!result.ok) throw new Error(result.problem.code);
    expect(result.verdicts.find((v) => v.post === 4)?.votes.map((v) => v.counted)).toEqual([true]);
    const note = (result.current?.tally.systemTally?.notes ?? []).find((n) => n.code === 'vote-opening-assumed');
    expect(note?.values).toEqual({ time: '21:00', zone: 'Europe/Moscow' });
  });

  it('L113 "Если не успевают, автоматически засчитывается пропуск хода": a day move the host recorded keeps its time; a late one is skipped', () => {
    const withMove = (at: number | undefined): string[] => {
      const lawyerLog: GameEvent[] = log.map((e) =>
        e.type === 'game/setup' ? { ...e, players: e.players.map((p) => (p.slotId === 'dima' ? { ...p, role: 'lawyer' } : p)) } : e,
      );
      const move: GameEvent = {
        type: 'action/use',
        actor: 'dima',
        ability: 'legal-protection',
        targets: ['olga'],
        ...(at === undefined ? {} : { at }),
      };
      const result = countThread(posts, { game: { ...game(false), events: [...lawyerLog, move] }, now: msk(21, 30) });
      if (!result.ok) throw new Error(result.problem.code);
      return codes(result.current?.tally.systemTally);
    };
    expect(withMove(msk(21, 20))).toContain('late-move');
    expect(withMove(msk(20, 50))).not.toContain('late-move');
    // An older log's move carries no time: taken as on time.
    expect(withMove(undefined)).not.toContain('late-move');
  });
});
