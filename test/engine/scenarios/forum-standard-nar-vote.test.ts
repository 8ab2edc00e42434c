/**
 * Issue 19, the day side that was left: the Politician's theft counted from
 * the moment it lands (not from the day's start), the Ventriloquist's day
 * (the player he speaks for votes only through him), and a recruit's new side
 * seen by the checks later in the same night. Each test names the rule it
 * checks (the forum standard is not a seed: the rules are the catalogue's
 * one-line behaviours, src/engine/rules/presets/forum-standard/*.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  checkAction,
  countThread,
  createRng,
  createThreadCounter,
  defaultVoteRules,
  deriveState,
  resolveNight,
  rulesets,
  tallyDay,
  tallyVotes,
  voteCountAt,
  type BodyNode,
  type CountGame,
  type ForumPost,
  type GameEvent,
  type PlayerSetup,
  type Ruleset,
} from '../../../src/engine';
import { act, messagesTo, night, nightRulesFor, player, told } from '../night/helpers';

const ruleset = rulesets['forum-standard'];

/** Seven players (majority 4); roles given by name, the rest Vanilla Townies, Gus the mafia's Goon. */
const names = ['Ann', 'Bob', 'Cid', 'Dan', 'Eve', 'Gus', 'Hal'] as const;
function setup(roles: Partial<Record<(typeof names)[number], string>>): GameEvent {
  return {
    type: 'game/setup',
    players: names.map((name): PlayerSetup => {
      const role = roles[name] ?? (name === 'Gus' ? 'goon' : 'vanilla');
      return { slotId: name, name, faction: role === 'goon' ? 'mafia' : 'town', role };
    }),
  };
}
const day = (n: number): GameEvent => ({ type: 'phase/start', phase: { kind: 'day', number: n } });
const vote = (voter: string, target: string): GameEvent => ({ type: 'vote/cast', voter, ballot: 'lynch', target });
const use = (actor: string, ability: string, target: string, at?: number): GameEvent => ({
  type: 'action/use',
  actor,
  ability,
  targets: [target],
  ...(at === undefined ? {} : { at }),
});
const tally = (events: readonly GameEvent[]) => tallyDay(deriveState(events), ruleset);

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
/** Posts numbered from 0, each `[author, vote, time]` (time in ms, null: the page gave none). */
function thread(...posts: [author: string, text: string, time: number | null][]): ForumPost[] {
  return posts.map(([author, text, postedAt], number) => ({ id: `p${number}`, number, author, postedAt, body: [bold(text)] }));
}
const gameOf = (events: readonly GameEvent[]): CountGame => ({
  roster: { hosts: ['Host'], slots: names.map((name) => ({ id: name, accounts: [{ name }] })) },
  ruleset,
  phases: { firstPhase: 'day', markers: [], marks: [{ post: 1, kind: 'day', number: 1, event: 'start' }] },
  events,
});
function count(posts: readonly ForumPost[], events: readonly GameEvent[]) {
  const result = countThread(posts, { game: gameOf(events) });
  if (!result.ok || result.current === null) throw new Error('no count');
  return { result, tally: result.current.tally, post: result.voteCountPost?.text ?? '' };
}
const wagonsOf = (t: {
  readonly wagons: readonly { readonly target: unknown; readonly votes: readonly { readonly slotId: string; readonly weight: number }[] }[];
}) => t.wagons.map((w) => [w.target, w.votes.map((v) => `${v.slotId}:${v.weight}`)]);
const slot = (slotId: string) => ({ kind: 'slot', slotId });

// ---------------------------------------------------------------- the Politician's theft from its moment

describe('forum standard: the Politician’s theft counts from the moment it is recorded', () => {
  it('Politician: in the game model (gavel play) the theft is placed where the host recorded it in the log: the robbed player’s vote after it counts 0 and the Politician’s carries it', () => {
    // Hal votes Ann before the theft, then moves to Eve after it; Cid's vote on Gus carries two from the move on.
    const t = tally([
      setup({ Cid: 'politician' }),
      day(1),
      vote('Hal', 'Ann'),
      vote('Cid', 'Gus'),
      use('Cid', 'steal-vote', 'Hal'),
      vote('Hal', 'Eve'),
      vote('Dan', 'Gus'),
      vote('Bob', 'Gus'),
    ]);
    expect(t.totals).toEqual([
      { target: 'Gus', total: 4 },
      { target: 'Eve', total: 0 },
    ]);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
  });

  it('Politician: the moment his move lands, a standing vote of the robbed player stops counting (the count as of each post shows it)', () => {
    const posts = thread(
      ['Host', 'Day 1', 0],
      ['Hal', 'Vote: Gus', 1000],
      ['Ann', 'Vote: Gus', 2000],
      ['Bob', 'Vote: Eve', 3000],
      ['Cid', 'Vote: Eve', 4000],
    );
    // The theft reached the host at 3500, between Bob's and Cid's posts.
    const { result, tally: t } = count(posts, [setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal', 3500)]);
    expect(wagonsOf(t)).toEqual([
      [slot('Eve'), ['Bob:1', 'Cid:2']],
      [slot('Gus'), ['Hal:0', 'Ann:1']],
    ]);
    const byPost = t.byPost;
    if (byPost === null || result.voteRules === null) throw new Error('no tally');
    // As of Bob's post (before the theft) Hal's vote still counted; as of Cid's post it counts 0.
    const rules = { ...result.voteRules, weights: {} };
    expect(voteCountAt(byPost, rules, 2).wagons.map((w) => w.total)).toEqual([2]);
    expect(voteCountAt(byPost, rules, 4).wagons.map((w) => [w.target, w.total])).toEqual([
      [slot('Eve'), 3],
      [slot('Gus'), 1],
    ]);
  });

  it('Politician: a hammer reached before the theft is not undone (the live count keeps it at its post)', () => {
    const posts = thread(
      ['Host', 'Day 1', 0],
      ['Hal', 'Vote: Gus', 1000],
      ['Ann', 'Vote: Gus', 2000],
      ['Bob', 'Vote: Gus', 3000],
      ['Dan', 'Vote: Gus', 4000],
      ['Hal', 'Vote: Eve', 7000],
    );
    const late = count(posts, [setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal', 6000)]);
    expect(late.tally.hammer).toEqual({ post: 4, target: slot('Gus') });
    // forum-standard's hammer ends the day (voting.count.hammerEndsDay): the robbed player's later vote comes after
    // the day's end, and the wagon stays as it was at the hammer, his vote before the theft weighing 1.
    const verdictOf = (post: number) => late.result.verdicts.find((v) => v.post === post)?.votes[0];
    expect(verdictOf(5)).toMatchObject({ counted: false, reason: 'vote/after-day-end' });
    expect(wagonsOf(late.tally)).toEqual([[slot('Gus'), ['Hal:1', 'Ann:1', 'Bob:1', 'Dan:1']]]);
    // The thread counter the content script keeps (one page, then the next) gives the same count.
    const counter = createThreadCounter();
    const events = [setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal', 6000)];
    counter.count(posts.slice(0, 4), { game: gameOf(events) });
    const paged = counter.count(posts, { game: gameOf(events) });
    expect(paged.ok && paged.current?.tally.hammer).toEqual({ post: 4, target: slot('Gus') });
    expect(paged.ok && paged.current !== null && wagonsOf(paged.current.tally)).toEqual(wagonsOf(late.tally));
    // A theft the log gives no time (an older log) counts from the day's start, as before: no hammer at post 4.
    const untimed = count(posts, [setup({ Cid: 'politician' }), day(1), use('Cid', 'steal-vote', 'Hal')]);
    expect(untimed.tally.hammer).toBeNull();
  });

  it('Politician: where the hammer ends the day, a theft after it changes nothing, and a theft that doubles his vote to the majority hammers', () => {
    const roster = { hosts: ['Host'], slots: names.map((name) => ({ id: name, accounts: [{ name }] })) };
    const rules = { ...defaultVoteRules, hammerEndsDay: true };
    const base = { roster, alive: [...names], rules, dayStartPost: 1 };
    const steal = (at: number) => [
      { slotId: 'Hal', weight: 0, from: { time: at } },
      { slotId: 'Cid', weight: 2, from: { time: at } },
    ];
    const before = thread(
      ['Host', 'Day 1', 0],
      ['Hal', 'Vote: Gus', 1000],
      ['Ann', 'Vote: Gus', 2000],
      ['Bob', 'Vote: Gus', 3000],
      ['Dan', 'Vote: Gus', 4000],
    );
    const kept = tallyVotes({ ...base, posts: before, weightChanges: steal(5000) });
    expect(kept.outcome).toEqual({ kind: 'lynch', slotId: 'Gus' });
    expect(kept.wagons[0]?.total).toBe(4);
    // Cid, Ann and Bob on Gus make 3; the theft at 3500 makes Cid's vote 2: the wagon reaches 4 at that moment.
    const doubled = thread(
      ['Host', 'Day 1', 0],
      ['Cid', 'Vote: Gus', 1000],
      ['Ann', 'Vote: Gus', 2000],
      ['Bob', 'Vote: Gus', 3000],
      ['Dan', 'Vote: Eve', 4000],
    );
    const hammered = tallyVotes({ ...base, posts: doubled, weightChanges: steal(3500) });
    expect(hammered.hammer).toEqual({ post: 3, target: slot('Gus') });
    expect(hammered.history.at(-1)?.reason).toBe('vote/after-day-end');
  });
});

// ---------------------------------------------------------------- the Ventriloquist's day

/** Night 1: the Ventriloquist Eve chose Hal (the status the night gives: it lasts the night and the next day). */
const ventriloquized = (target = 'Hal'): GameEvent => ({
  type: 'status/add',
  slotId: target,
  status: 'ventriloquized',
  phases: 2,
  by: 'Eve',
});
const night1 = (): GameEvent => ({ type: 'phase/start', phase: { kind: 'night', number: 1 } });

describe('forum standard: the Ventriloquist’s day', () => {
  const start = [setup({ Eve: 'ventriloquist' }), day(1), night1(), ventriloquized(), day(2)];

  it('Ventriloquist: "writes the target’s posts the next day": his recorded vote for him counts as the target’s, and the target’s own vote does not (game model)', () => {
    const t = tally([
      ...start,
      vote('Hal', 'Ann'),
      use('Eve', 'speak-vote', 'Gus'),
      vote('Ann', 'Gus'),
      vote('Bob', 'Gus'),
      vote('Cid', 'Gus'),
    ]);
    expect(t.totals).toEqual([{ target: 'Gus', total: 4 }]);
    expect(t.counted.map((c) => c.voter)).toEqual(['Hal', 'Ann', 'Bob', 'Cid']);
    expect(t.outcome).toEqual({ kind: 'lynch', slotIds: ['Gus'] });
    expect(t.voided).toContainEqual({ voter: 'Hal', ballot: 'lynch', target: 'Ann', reason: 'vote/spoken-for' });
    // Without the Ventriloquist's vote, Hal votes nobody: three on Gus do not lynch.
    const silent = tally([...start, vote('Hal', 'Gus'), vote('Ann', 'Gus'), vote('Bob', 'Gus'), vote('Cid', 'Gus')]);
    expect(silent.totals).toEqual([{ target: 'Gus', total: 3 }]);
  });

  it('Ventriloquist: the day move is his by day, and a later one moves the target’s vote; the next day the target votes for himself again', () => {
    expect(checkAction(deriveState(start), ruleset, 'Eve', 'speak-vote', ['Gus'])).toEqual({ ok: true });
    const moved = tally([...start, use('Eve', 'speak-vote', 'Gus'), use('Eve', 'speak-vote', 'Ann')]);
    expect(moved.totals).toEqual([{ target: 'Ann', total: 1 }]);
    const later = tally([...start, night1(), { type: 'phase/start', phase: { kind: 'night', number: 2 } }, day(3), vote('Hal', 'Ann')]);
    expect(later.totals).toEqual([{ target: 'Ann', total: 1 }]);
  });

  it('Ventriloquist: in the thread’s count his vote stands for the target from when it was recorded, the target’s own post is badged "another speaks for him", and the count post lists the target on the wagon', () => {
    const posts = thread(['Host', 'Day 2', 0], ['Hal', 'Vote: Ann', 1000], ['Ann', 'Vote: Gus', 2000], ['Bob', 'Vote: Gus', 4000]);
    const game = gameOf([...start, use('Eve', 'speak-vote', 'Gus', 3000)]);
    const result = countThread(posts, {
      game: { ...game, phases: { firstPhase: 'day', markers: [], marks: [{ post: 1, kind: 'day', number: 2, event: 'start' }] } },
    });
    if (!result.ok || result.current === null) throw new Error('no count');
    const t = result.current.tally;
    expect(wagonsOf(t)).toEqual([[slot('Gus'), ['Ann:1', 'Hal:1', 'Bob:1']]]);
    expect(result.verdicts.find((v) => v.post === 1)?.votes.map((v) => v.reason)).toEqual(['vote/spoken-for']);
    // The recorded vote is in no post: no post's badge shows it.
    expect(result.verdicts.flatMap((v) => v.votes).filter((v) => v.counted)).toHaveLength(2);
    const text = result.voteCountPost?.text ?? '';
    expect(text).toMatch(/Gus.*Ann, Hal, Bob/);
    // The count post does not give the Ventriloquist away: Eve is only a player not voting.
    expect(text.split('\n').filter((line) => line.includes('Eve'))).toEqual(['Not voting (4): Cid, Dan, Eve, Gus']);
  });
});

// ---------------------------------------------------------------- the recruit's side that night

describe('forum standard: a recruit changes the side where the night order puts it', () => {
  const resolveWith = (r: Ruleset, ...a: Parameters<typeof night>) => resolveNight(night(...a), nightRulesFor(r), createRng(1));
  const cast = [player('R', 'cult-recruiter', 'cult'), player('A', 'vanilla'), player('C', 'cop')];

  it('Cult Recruiter: "the target joins the cult" at the recruit’s step (kills): a Cop checking him later that night (investigations) sees the cult', () => {
    const r = resolveWith(ruleset, cast, [act('R', 'recruit', ['A']), act('C', 'investigate', ['A'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['A'], true)]);
    // Without the recruit, the same check sees a townie.
    const plain = resolveWith(ruleset, cast, [act('C', 'investigate', ['A'])]);
    expect(messagesTo(plain, 'C')).toEqual([told('alignment-check', ['A'], false)]);
  });

  it('Cult Recruiter: a check that comes before the recruit in the order (a ruleset recruiting at the tracking step) still sees the old side', () => {
    const late: Ruleset = {
      ...ruleset,
      roles: ruleset.roles.map((role) =>
        role.id !== 'cult-recruiter'
          ? role
          : {
              ...role,
              abilities: role.abilities.map((a) => (a.night === undefined ? a : { ...a, night: { ...a.night, step: 'track' as const } })),
            },
      ),
    };
    const r = resolveWith(late, cast, [act('R', 'recruit', ['A']), act('C', 'investigate', ['A'])]);
    expect(messagesTo(r, 'C')).toEqual([told('alignment-check', ['A'], false)]);
    expect(messagesTo(r, 'A')).toEqual([told('recruited', ['R'], 'cult')]);
  });
});
