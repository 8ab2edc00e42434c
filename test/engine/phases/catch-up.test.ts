/**
 * Catching a game up with its thread: the phase the thread is on, read from
 * the host's phase posts; who died in each phase according to the host's
 * posts; the hammer of each past day; questions where the posts leave a fact
 * open; and the events the host's answers record.
 */
import { describe, expect, it } from 'vitest';
import {
  catchUpEvents,
  deriveState,
  inferCatchUp,
  type CatchUpInput,
  type ForumPost,
  type GameEvent,
  type PhaseSetup,
  type Roster,
} from '../../../src/engine';

const players = ['Alpha', 'Bluebell', 'Corvid', 'Dandelion', 'Elm', 'Mister Two Words, Esq.'];
const roster: Roster = { slots: players.map((name, i) => ({ id: `s${i + 1}`, accounts: [{ name }] })), hosts: ['Host'] };
const slotOf = (name: string): string => `s${players.indexOf(name) + 1}`;
const setup: PhaseSetup = { firstPhase: 'day' };
const setupEvent: GameEvent = {
  type: 'game/setup',
  players: players.map((name, i) => ({ slotId: `s${i + 1}`, name, faction: 'town', role: 'vanilla-townie' })),
};

const post = (number: number, author: string, text: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text }],
});

/** A thread on Day 2: Day 1 ended by the host's post #5 with Elm lynched (hammered in #4), Night 1's kill announced in Day 2's start post. */
const dayTwo: ForumPost[] = [
  post(0, 'Host', 'Welcome. Players: Alpha, Bluebell, Corvid, Dandelion, Elm, Mister Two Words, Esq.'),
  post(1, 'Host', 'Day 1 begins.'),
  post(2, 'Alpha', 'Vote: Elm'),
  post(3, 'Bluebell', 'Vote: Elm'),
  post(4, 'Corvid', 'Vote: Elm'),
  post(5, 'Host', 'Day 1 is over.\nElm was lynched. Elm was a Vanilla Townie.'),
  post(6, 'Host', 'Night 1 begins.'),
  post(7, 'Host', 'Day 2 begins!\nMister Two Words, Esq. was found dead.'),
  post(8, 'Dandelion', 'Morning all.'),
];

function input(posts: readonly ForumPost[], events: readonly GameEvent[] = [setupEvent], more: Partial<CatchUpInput> = {}): CatchUpInput {
  return {
    posts,
    roster,
    setup,
    state: deriveState(events),
    hammers: new Map([[1, { post: 4, target: slotOf('Elm') }]]),
    now: null,
    ...more,
  };
}

describe('the phase a thread is on', () => {
  it('a thread on Day 2: Day 1 ended by the host, its hammer, the lynch, and the night kill the day-start post announced', () => {
    const plan = inferCatchUp(input(dayTwo));
    expect(plan?.from).toBeNull();
    expect(plan?.to).toEqual({ kind: 'day', number: 2 });
    expect(plan?.startedBy).toMatchObject({ post: 7, author: 'Host', line: 'Day 2 begins!' });
    expect(plan?.seen).toBe(1);
    const [day1, night1, day2] = plan?.steps ?? [];
    expect(plan?.steps).toHaveLength(3);
    expect(day1).toMatchObject({
      phase: { kind: 'day', number: 1 },
      ends: true,
      endedBy: { post: 5, author: 'Host', line: 'Day 1 is over.' },
      hammer: { post: 4, author: 'Corvid', target: slotOf('Elm') },
      lynch: { kind: 'known', slotId: slotOf('Elm'), from: 'host-post', post: 5 },
      deaths: [],
      questions: [],
    });
    // A name holding a comma is one player.
    expect(night1).toMatchObject({
      phase: { kind: 'night', number: 1 },
      ends: true,
      endedBy: { post: 7 },
      hammer: null,
      lynch: null,
      deaths: [{ slotId: slotOf('Mister Two Words, Esq.'), post: 7 }],
    });
    expect(day2).toMatchObject({ phase: { kind: 'day', number: 2 }, ends: false, endedBy: null, lynch: null, deaths: [] });
  });

  it('starts from the phase the game is on, and offers nothing once the game has caught up', () => {
    const onNight = inferCatchUp(
      input(dayTwo, [
        setupEvent,
        { type: 'phase/start', phase: { kind: 'day', number: 1 } },
        { type: 'player/die', slotId: slotOf('Elm'), cause: 'lynched' },
        { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [slotOf('Elm')], noVictimRunoff: false },
        { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      ]),
    );
    expect(onNight?.from).toEqual({ kind: 'night', number: 1 });
    expect(onNight?.steps.map((s) => s.phase)).toEqual([
      { kind: 'night', number: 1 },
      { kind: 'day', number: 2 },
    ]);
    const caughtUp = inferCatchUp(input(dayTwo, [setupEvent, { type: 'phase/start', phase: { kind: 'day', number: 2 } }]));
    expect(caughtUp).toBeNull();
  });

  it('a game not started on a thread on Day 1 is offered Day 1, with nothing to close', () => {
    const plan = inferCatchUp(input(dayTwo.slice(0, 4)));
    expect(plan?.to).toEqual({ kind: 'day', number: 1 });
    expect(plan?.steps.map((s) => s.ends)).toEqual([false]);
  });

  it('a thread with no phase post offers nothing', () => {
    expect(inferCatchUp(input([post(0, 'Host', 'Sign-ups are open.'), post(1, 'Alpha', '/in')]))).toBeNull();
  });

  it('a day that ended with no post starting the night: the thread is on Night 1, started by no post', () => {
    const plan = inferCatchUp(input(dayTwo.slice(0, 6)));
    expect(plan?.to).toEqual({ kind: 'night', number: 1 });
    expect(plan?.startedBy).toBeNull();
  });
});

describe('ambiguous host posts are asked, not guessed', () => {
  const ambiguous: ForumPost[] = [
    post(0, 'Host', 'Welcome.'),
    post(1, 'Host', 'Day 1 begins.'),
    post(2, 'Alpha', 'Vote: Elm'),
    post(3, 'Host', 'Day 1 is over. Night 1 begins.'),
    post(4, 'Host', 'Day 2 begins.\nCorvid was found dead beside Bluebell.'),
  ];

  it('a day no post names a lynch for and no hammer decided, and a death line naming two players', () => {
    const plan = inferCatchUp(input(ambiguous, [setupEvent], { hammers: new Map() }));
    const [day1, night1] = plan?.steps ?? [];
    expect(day1?.lynch).toEqual({ kind: 'ask', reason: 'unnamed', candidates: [] });
    expect(night1?.deaths).toEqual([]);
    expect(night1?.questions).toEqual([
      { post: 4, author: 'Host', line: 'Corvid was found dead beside Bluebell.', candidates: [slotOf('Corvid'), slotOf('Bluebell')] },
    ]);
  });

  it('a host post and the hammer that name different players', () => {
    const posts = [...dayTwo];
    posts[5] = post(5, 'Host', 'Day 1 is over.\nAlpha was lynched.');
    const plan = inferCatchUp(input(posts));
    expect(plan?.steps[0]?.lynch).toEqual({ kind: 'ask', reason: 'disagree', candidates: [slotOf('Alpha'), slotOf('Elm')] });
  });

  it('the hammer decides a day the host ended without naming anyone; "no lynch" in the host post is nobody', () => {
    const posts = [...dayTwo];
    posts[5] = post(5, 'Host', 'Day 1 is over.');
    expect(inferCatchUp(input(posts))?.steps[0]?.lynch).toEqual({ kind: 'known', slotId: slotOf('Elm'), from: 'hammer', post: 4 });
    posts[5] = post(5, 'Host', 'Day 1 is over. Nobody was lynched.');
    expect(inferCatchUp(input(posts, [setupEvent], { hammers: new Map() }))?.steps[0]?.lynch).toEqual({
      kind: 'known',
      slotId: null,
      from: 'host-post',
      post: 5,
    });
  });
});

describe('the events the host confirms', () => {
  it('records the first phase, the lynch with the day result, the night kill, and the start of each phase up to Day 2', () => {
    const state = deriveState([setupEvent]);
    const made = catchUpEvents(state, 'day', { kind: 'day', number: 2 }, [
      { phase: { kind: 'day', number: 1 }, lynched: slotOf('Elm'), deaths: [] },
      { phase: { kind: 'night', number: 1 }, deaths: [slotOf('Mister Two Words, Esq.')] },
      { phase: { kind: 'day', number: 2 }, deaths: [] },
    ]);
    expect(made.ok && made.events).toEqual([
      { type: 'phase/start', phase: { kind: 'day', number: 1 } },
      { type: 'player/die', slotId: slotOf('Elm'), cause: 'lynched' },
      { type: 'day/result', phase: { kind: 'day', number: 1 }, lynched: [slotOf('Elm')], noVictimRunoff: false },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'player/die', slotId: slotOf('Mister Two Words, Esq.'), cause: 'killed at night' },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
    ]);
    const after = deriveState([setupEvent, ...(made.ok ? made.events : [])]);
    expect(after.phase).toEqual({ kind: 'day', number: 2 });
    expect(after.players.filter((p) => p.alive)).toHaveLength(4);
  });

  it('refuses answers that leave a day without its lynch, kill someone twice, or skip a phase', () => {
    const state = deriveState([setupEvent]);
    const to = { kind: 'day', number: 2 } as const;
    expect(
      catchUpEvents(state, 'day', to, [
        { phase: { kind: 'day', number: 1 }, deaths: [] },
        { phase: { kind: 'night', number: 1 }, deaths: [] },
        { phase: to, deaths: [] },
      ]),
    ).toMatchObject({ ok: false, code: 'catch-up/no-lynch-answer' });
    expect(
      catchUpEvents(state, 'day', to, [
        { phase: { kind: 'day', number: 1 }, lynched: slotOf('Elm'), deaths: [] },
        { phase: { kind: 'night', number: 1 }, deaths: [slotOf('Elm')] },
        { phase: to, deaths: [] },
      ]),
    ).toMatchObject({ ok: false, code: 'catch-up/dies-twice' });
    expect(
      catchUpEvents(state, 'day', to, [
        { phase: { kind: 'day', number: 1 }, lynched: null, deaths: [] },
        { phase: to, deaths: [] },
      ]),
    ).toMatchObject({ ok: false, code: 'catch-up/phases' });
  });
});
