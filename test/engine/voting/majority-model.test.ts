import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyEvent, deriveState, majorityOf, rulesets, tallyDay, type GameState } from '../../../src/engine';

/**
 * Model-based test of the 003 majority count (the game model's own count,
 * which knows statuses): random Vote / Unvote / Arrest / Kill commands
 * against a deliberately simple model, a plain voter → target map.
 */
const ruleset = rulesets['detective-conan-003'];
const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

interface Model {
  votes: Map<string, string>;
  out: Set<string>;
  dead: Set<string>;
}
interface Real {
  state: GameState;
  n: number;
}

const push = (real: Real, event: Parameters<typeof applyEvent>[1]): void => {
  real.state = applyEvent(real.state, event, real.n++);
};

class VoteCommand implements fc.Command<Model, Real> {
  constructor(
    readonly voter: string,
    readonly target: string,
  ) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    push(r, { type: 'vote/cast', voter: this.voter, ballot: 'lynch', target: this.target });
    // A vote for someone already dead changes nothing; a vote by someone dead never counts.
    if (!m.dead.has(this.target)) m.votes.set(this.voter, this.target);
  }
  toString = (): string => `${this.voter} votes ${this.target}`;
}
class UnvoteCommand implements fc.Command<Model, Real> {
  constructor(readonly voter: string) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    push(r, { type: 'vote/withdraw', voter: this.voter, ballot: 'lynch' });
    m.votes.delete(this.voter);
  }
  toString = (): string => `${this.voter} unvotes`;
}
class ArrestCommand implements fc.Command<Model, Real> {
  constructor(readonly who: string) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    push(r, { type: 'status/add', slotId: this.who, status: 'arrested' });
    m.out.add(this.who);
  }
  toString = (): string => `arrest ${this.who}`;
}
class KillCommand implements fc.Command<Model, Real> {
  constructor(readonly who: string) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    push(r, { type: 'player/die', slotId: this.who, cause: 'day kill' });
    m.dead.add(this.who);
  }
  toString = (): string => `kill ${this.who}`;
}

const id = fc.constantFrom(...ids);
const commands = [
  fc.tuple(id, id).map(([v, t]) => new VoteCommand(v, t)),
  id.map((v) => new UnvoteCommand(v)),
  id.map((v) => new ArrestCommand(v)),
  id.map((v) => new KillCommand(v)),
];

describe('003 majority count against a plain voter → target model', () => {
  it('counts exactly the standing votes of players who may vote, for living targets who may be voted', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        const setup = deriveState([
          {
            type: 'game/setup',
            players: ids.map((slotId, i) => ({
              slotId,
              name: slotId,
              faction: i < 2 ? 'bo' : 'town',
              role: i < 2 ? 'bo-member' : 'townsfolk',
            })),
          },
          { type: 'phase/start', phase: { kind: 'day', number: 1 } },
        ]);
        const model: Model = { votes: new Map(), out: new Set(), dead: new Set() };
        const real: Real = { state: setup, n: 2 };
        fc.modelRun(() => ({ model, real }), cmds);

        const tally = tallyDay(real.state, ruleset);
        const barred = (x: string): boolean => model.dead.has(x) || model.out.has(x);
        const expected = new Map<string, number>();
        for (const [voter, target] of model.votes) {
          if (barred(voter) || model.dead.has(target)) continue;
          expected.set(target, (expected.get(target) ?? 0) + 1);
        }
        expect(new Map(tally.totals.map((t) => [t.target, t.total]))).toEqual(expected);
        const eligible = ids.filter((x) => !barred(x)).length;
        expect(tally.majority).toBe(majorityOf(eligible));
        const top = Math.max(0, ...expected.values());
        expect(tally.deaths.length > 0).toBe(top >= majorityOf(eligible));
      }),
      { numRuns: 300 },
    );
  });
});
