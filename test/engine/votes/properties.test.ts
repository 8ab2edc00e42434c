/**
 * Invariants of the day count (style guide §E.1), checked on generated days.
 * fast-check prints the seed and the shrunk counterexample of any failure.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultVoteRules, mafiascumVoteRules, tallyVotes, type TallyInput, type VoteRules, type VoteTally } from '../../../src/engine';
import { bodyOf, dayArb, hostName, shuffledArb, type GeneratedDay } from './arbitraries';

const rulesArb: fc.Arbitrary<VoteRules> = fc.constantFrom(defaultVoteRules, mafiascumVoteRules, {
  ...defaultVoteRules,
  lock: false,
  fiftyPercentRule: 'off' as const,
});

function inputOf(day: GeneratedDay, rules: VoteRules, extra: Partial<TallyInput> = {}): TallyInput {
  return {
    posts: day.posts,
    roster: day.roster,
    alive: day.roster.slots.map((s) => s.id),
    rules,
    dayStartPost: 1,
    events: day.events,
    ...extra,
  };
}

/** What a host publishes: everything but the history of refused lines. */
function published(t: VoteTally): unknown {
  return {
    wagons: t.wagons,
    notVoting: t.notVoting,
    hammer: t.hammer,
    lock: t.lock,
    outcome: t.outcome,
    threshold: t.threshold,
    alive: t.alive,
  };
}

function deadBefore(day: GeneratedDay, slotId: string, post: number): boolean {
  return day.events.some((e) => e.kind === 'death' && e.slotId === slotId && e.atPost < post);
}

describe('tallyVotes invariants', () => {
  it('each living voter counts at most once, and only the living vote', () => {
    fc.assert(
      fc.property(dayArb, rulesArb, (day, rules) => {
        const t = tallyVotes(inputOf(day, rules));
        const voters = t.wagons.flatMap((w) => w.votes.map((v) => v.slotId));
        expect(new Set(voters).size).toBe(voters.length);
        for (const v of voters) expect(t.alive).toContain(v);
        for (const w of t.wagons) if (w.target.kind === 'slot') expect(t.alive).toContain(w.target.slotId);
      }),
    );
  });

  it('votes by dead players never count', () => {
    fc.assert(
      fc.property(dayArb, rulesArb, (day, rules) => {
        const t = tallyVotes(inputOf(day, rules));
        for (const r of t.history) {
          if (r.counted && r.voterSlotId !== null) expect(deadBefore(day, r.voterSlotId, r.post)).toBe(false);
        }
      }),
    );
  });

  it('votes by replaced-out accounts never count', () => {
    fc.assert(
      fc.property(dayArb, fc.nat(40), rulesArb, (day, at, rules) => {
        const [first, ...rest] = day.roster.slots;
        if (first === undefined) return;
        const replaced = { ...first, accounts: [...first.accounts, { name: 'newcomer', fromPost: at }] };
        const t = tallyVotes(inputOf(day, rules, { roster: { ...day.roster, slots: [replaced, ...rest] } }));
        const oldName = first.accounts[0]?.name;
        for (const r of t.history) if (r.author === oldName && r.post >= at) expect(r.counted).toBe(false);
      }),
    );
  });

  it('a vote for a dead player never counts for someone else', () => {
    fc.assert(
      fc.property(dayArb, rulesArb, (day, rules) => {
        const t = tallyVotes(inputOf(day, rules));
        for (const r of t.history) {
          const named = day.roster.slots.find((s) => s.accounts.some((a) => a.name === r.written));
          if (named === undefined || !deadBefore(day, named.id, r.post)) continue;
          expect(r.counted).toBe(false);
          if (r.target !== null) expect(r.target).toEqual({ kind: 'slot', slotId: named.id });
        }
      }),
    );
  });

  it('ingesting the same posts twice (a page parsed again) changes nothing', () => {
    fc.assert(
      fc.property(dayArb, rulesArb, (day, rules) => {
        const once = tallyVotes(inputOf(day, rules));
        const twice = tallyVotes(inputOf(day, rules, { posts: [...day.posts, ...day.posts] }));
        expect(twice).toEqual(once);
      }),
    );
  });

  it('only post order matters: shuffled input gives the same result', () => {
    fc.assert(
      fc.property(
        dayArb.chain((day) => fc.tuple(fc.constant(day), shuffledArb(day.posts), shuffledArb(day.events))),
        rulesArb,
        ([day, posts, events], rules) => {
          expect(tallyVotes(inputOf(day, rules, { posts, events }))).toEqual(tallyVotes(inputOf(day, rules)));
        },
      ),
    );
  });

  it('a post after the deadline never changes the result', () => {
    fc.assert(
      fc.property(dayArb, fc.nat(12), fc.nat(20), rulesArb, (day, author, target, rules) => {
        const deadline = day.lastPost;
        const base = tallyVotes(inputOf(day, rules, { dayEndPost: deadline }));
        const name = day.names[author % day.names.length] ?? hostName;
        const late = { id: 'late', number: deadline + 1, author: name, postedAt: null, body: bodyOf({ kind: 'vote', target }, day.names) };
        const after = tallyVotes(inputOf(day, rules, { dayEndPost: deadline, posts: [...day.posts, late] }));
        expect(published(after)).toEqual(published(base));
        expect(after.history.filter((r) => r.post > deadline).every((r) => !r.counted && r.effect === 'none')).toBe(true);
      }),
    );
  });

  it('the result is plain JSON', () => {
    fc.assert(
      fc.property(dayArb, rulesArb, (day, rules) => {
        const t = tallyVotes(inputOf(day, rules));
        expect(JSON.parse(JSON.stringify(t))).toEqual(t);
      }),
    );
  });
});

/*
 * Model-based test: the real tally against a deliberately simpler model, a
 * plain voter → target map with a set of the living. Rules without hammer,
 * lock or 50% rule, so the model needs no thresholds.
 */
interface Model {
  votes: Map<number, number | 'nl'>;
  alive: Set<number>;
  closed: boolean;
}

interface Real {
  posts: TallyInput['posts'][number][];
  events: NonNullable<TallyInput['events']>[number][];
  accounts: { name: string; fromPost?: number }[][];
  deadline: number | undefined;
}

const players = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
const plainRules: VoteRules = { ...defaultVoteRules, lock: false, fiftyPercentRule: 'off' };

function currentAccount(real: Real, slot: number): string {
  const list = real.accounts[slot] ?? [];
  return list[list.length - 1]?.name ?? '';
}

function post(real: Real, slot: number, text: string): void {
  const number = real.posts.length + 1;
  real.posts.push({
    id: `p${number}`,
    number,
    author: currentAccount(real, slot),
    postedAt: null,
    body: [{ type: 'text', text, bold: true }],
  });
}

function checkAgainst(model: Model, real: Real): void {
  const t = tallyVotes({
    posts: real.posts,
    roster: { slots: real.accounts.map((accounts, i) => ({ id: `s${i}`, accounts })), hosts: [] },
    alive: players.map((_p, i) => `s${i}`),
    rules: plainRules,
    dayStartPost: 1,
    ...(real.deadline === undefined ? {} : { dayEndPost: real.deadline }),
    events: real.events,
  });
  const actual = new Map<number, number | 'nl'>();
  for (const w of t.wagons)
    for (const v of w.votes) actual.set(Number(v.slotId.slice(1)), w.target.kind === 'no-lynch' ? 'nl' : Number(w.target.slotId.slice(1)));
  expect([...actual.entries()].sort()).toEqual([...model.votes.entries()].sort());
  expect(new Set(t.alive.map((s) => Number(s.slice(1))))).toEqual(model.alive);
}

class VoteCommand implements fc.Command<Model, Real> {
  constructor(
    readonly voter: number,
    readonly target: number | 'nl',
  ) {}
  check = (): boolean => true;
  run(model: Model, real: Real): void {
    post(real, this.voter, `Vote: ${this.target === 'nl' ? 'No Lynch' : currentAccount(real, this.target)}`);
    const targetAlive = this.target === 'nl' || model.alive.has(this.target);
    if (!model.closed && model.alive.has(this.voter) && targetAlive) model.votes.set(this.voter, this.target);
    checkAgainst(model, real);
  }
  toString = (): string => `vote(${this.voter} → ${this.target})`;
}

class UnvoteCommand implements fc.Command<Model, Real> {
  constructor(readonly voter: number) {}
  check = (): boolean => true;
  run(model: Model, real: Real): void {
    post(real, this.voter, 'Unvote');
    if (!model.closed && model.alive.has(this.voter)) model.votes.delete(this.voter);
    checkAgainst(model, real);
  }
  toString = (): string => `unvote(${this.voter})`;
}

function dropSlot(model: Model, slot: number): void {
  model.votes.delete(slot);
  for (const [voter, target] of [...model.votes]) if (target === slot) model.votes.delete(voter);
}

class KillCommand implements fc.Command<Model, Real> {
  constructor(readonly slot: number) {}
  check = (model: Readonly<Model>): boolean => !model.closed;
  run(model: Model, real: Real): void {
    real.events.push({ kind: 'death', slotId: `s${this.slot}`, atPost: real.posts.length });
    if (model.alive.has(this.slot)) dropSlot(model, this.slot);
    model.alive.delete(this.slot);
    checkAgainst(model, real);
  }
  toString = (): string => `kill(${this.slot})`;
}

class ReplaceCommand implements fc.Command<Model, Real> {
  constructor(readonly slot: number) {}
  check = (model: Readonly<Model>): boolean => !model.closed;
  run(model: Model, real: Real): void {
    const list = real.accounts[this.slot];
    if (list === undefined) return;
    list.push({ name: `${players[this.slot] ?? 'x'}_${list.length}`, fromPost: real.posts.length + 1 });
    // Seed 001 defaults: the replaced player's vote and the votes on the slot are void.
    if (model.alive.has(this.slot)) dropSlot(model, this.slot);
    checkAgainst(model, real);
  }
  toString = (): string => `replace(${this.slot})`;
}

class DeadlineCommand implements fc.Command<Model, Real> {
  check = (model: Readonly<Model>): boolean => !model.closed;
  run(model: Model, real: Real): void {
    real.deadline = real.posts.length;
    model.closed = true;
    checkAgainst(model, real);
  }
  toString = (): string => 'deadline';
}

describe('tallyVotes against a plain voter → target map (fc.commands)', () => {
  it('agrees after every vote, unvote, kill, replacement and deadline', () => {
    const slot = fc.nat(players.length - 1);
    const commands = [
      fc.tuple(slot, fc.oneof(slot, fc.constant<'nl'>('nl'))).map(([v, t]) => new VoteCommand(v, t)),
      slot.map((v) => new UnvoteCommand(v)),
      slot.map((s) => new KillCommand(s)),
      slot.map((s) => new ReplaceCommand(s)),
      fc.constant(new DeadlineCommand()),
    ];
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 30 }), (cmds) => {
        const model: Model = { votes: new Map(), alive: new Set(players.map((_p, i) => i)), closed: false };
        const real: Real = { posts: [], events: [], accounts: players.map((name) => [{ name }]), deadline: undefined };
        fc.modelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 200 },
    );
  });
});
