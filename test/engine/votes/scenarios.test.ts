/**
 * Scenario tests written from the rules' own text: seed 001 (the forum rule
 * template) rules 6 to 8, and the mafiascum practice the replay relies on.
 */
import { describe, expect, it } from 'vitest';
import { defaultVoteRules, mafiascumVoteRules, voteCountAt, changesSince } from '../../../src/engine';
import { refusals, scenario } from './dsl';

const five = 'players: alice, bob, carol, dave, erin';
const seven = 'players: alice, bob, carol, dave, erin, frank, gina';

describe('seed 001 rule 6: votes and unvotes need to be bolded', () => {
  it('counts "Vote: Dredd" in bold and not the same words in plain text', () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      carol: Vote: bob`);
    expect(s.wagons).toEqual({ bob: ['alice'] });
    expect(refusals(s)).toEqual(['carol: vote/not-bold']);
  });

  it('an unvote that is not bolded does not count', () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      alice: Unvote: bob`);
    expect(s.wagons).toEqual({ bob: ['alice'] });
  });

  it('"V: Dredd" and "UV" are not votes: the whole word is needed', () => {
    const s = scenario(`${five}
      alice: [b]V: bob[/b]
      carol: [b]Vote: dave[/b]
      carol: [b]UV: dave[/b]`);
    expect(s.wagons).toEqual({ dave: ['carol'] });
    expect(refusals(s)).toEqual(['alice: vote/abbreviated', 'carol: vote/abbreviated']);
  });

  it('"Un vote" and "Unvote" both withdraw, in any case, with or without the colon', () => {
    const s = scenario(`${five}
      alice: [b]vote bob[/b]
      carol: [b]VOTE: bob[/b]
      alice: [b]Un vote[/b]
      carol: [b]unvote: bob[/b]`);
    expect(s.wagons).toEqual({});
    expect(s.tally.notVoting).toHaveLength(5);
  });

  it("a vote inside a quote is the quoted player's words, not the poster's", () => {
    const s = scenario(`${five}
      alice: [quote=bob][b]Vote: carol[/b][/quote]I disagree`);
    expect(s.wagons).toEqual({});
    expect(refusals(s)).toEqual(['alice: vote/in-quote']);
  });
});

describe('seed 001 rule 7: majority and the lock', () => {
  it('with seven alive a lynch takes half + 1 rounded down = 4 votes; at 4 it is a hammer, the fifth vote locks', () => {
    const s = scenario(`${seven}
      alice: [b]Vote: gina[/b]
      bob: [b]Vote: gina[/b]
      carol: [b]Vote: gina[/b]
      dave: [b]Vote: gina[/b]
      erin: [b]Vote: gina[/b]
      alice: [b]Unvote[/b]
      deadline`);
    expect(s.tally.threshold).toBe(4);
    expect(s.hammer).toEqual({ post: 4, target: 'gina' });
    expect(s.tally.lock?.post).toBe(5);
    expect(s.wagons.gina).toEqual(['alice', 'bob', 'carol', 'dave', 'erin']);
    expect(refusals(s)).toEqual(['alice: vote/after-lock']);
    expect(s.outcome).toBe('gina');
  });

  it('a wagon at the threshold without the extra vote is not locked: its voters may still leave', () => {
    const s = scenario(`${seven}
      alice: [b]Vote: gina[/b]
      bob: [b]Vote: gina[/b]
      carol: [b]Vote: gina[/b]
      dave: [b]Vote: gina[/b]
      dave: [b]Unvote[/b]
      deadline`);
    expect(s.tally.lock).toBeNull();
    expect(s.outcome).toBe('no majority');
    expect(s.tally.wagons[0]?.lMinus).toBe(1);
  });

  it('L-n counts down for every wagon', () => {
    const s = scenario(`${seven}
      alice: [b]Vote: gina[/b]
      bob: [b]Vote: gina[/b]
      carol: [b]Vote: frank[/b]`);
    expect(s.tally.wagons.map((w) => [s.name(w.target.kind === 'slot' ? w.target.slotId : ''), w.lMinus])).toEqual([
      ['gina', 2],
      ['frank', 3],
    ]);
  });
});

describe('seed 001 rule 8: the 50% rule', () => {
  it('calls the game when the town can no longer reach a majority on its own, and reports the parity question', () => {
    const s = scenario(
      `players: alice, bob, carol, dave
      alice: [b]Vote: bob[/b]`,
      { mafia: ['carol', 'dave'] },
    );
    expect(s.outcome).toBe('game called');
    expect(s.tally.ambiguities.map((a) => a.id)).toContain('001/fifty-percent-parity');
    expect(refusals(s)).toEqual(['alice: vote/game-called']);
  });

  it('with the "mafia outnumber the town" reading, parity does not call the game', () => {
    const s = scenario(
      `players: alice, bob, carol, dave
      alice: [b]Vote: bob[/b]`,
      { mafia: ['carol', 'dave'], rules: { ...defaultVoteRules, fiftyPercentRule: 'mafia-outnumber-town' } },
    );
    expect(s.outcome).toBe('in progress');
  });

  it('a day kill that brings the mafia to parity calls the game from that post on', () => {
    const s = scenario(
      `players: alice, bob, carol, dave, erin
      alice: [b]Vote: bob[/b]
      kill alice
      bob: [b]Vote: carol[/b]`,
      { mafia: ['dave', 'erin'] },
    );
    expect(s.outcome).toBe('game called');
  });
});

describe("a new vote without an unvote, where the rules make it void (voteWithoutUnvote: 'void')", () => {
  it('an unvote earlier in the same post lets the new vote stand; a bare second vote is void', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      alice: [b]unvote, vote carol[/b]
      dave: [b]Vote: bob[/b]
      dave: [b]Vote: erin[/b]`,
      { rules: { ...defaultVoteRules, voteWithoutUnvote: 'void' } },
    );
    expect(s.wagons).toEqual({ carol: ['alice'], bob: ['dave'] });
    expect(refusals(s)).toEqual(['dave: vote/already-voting']);
  });

  it('one unvote in a post covers the votes after it in that post: the last of them stands', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      alice: [b]unvote[/b] then [b]vote carol[/b] no wait [b]vote erin[/b]`,
      { rules: { ...defaultVoteRules, voteWithoutUnvote: 'void' } },
    );
    expect(s.wagons).toEqual({ erin: ['alice'] });
    expect(refusals(s)).toEqual([]);
  });
});

describe('mafiascum practice: the hammer ends the day', () => {
  it('the post that brings a wagon to majority is the hammer; later votes are after the day', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: erin[/b]
      bob: [vote]erin[/vote]
      carol: [b]unvote, vote erin[/b]
      dave: [b]Vote: alice[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toEqual({ post: 3, target: 'erin' });
    expect(s.outcome).toBe('erin');
    expect(refusals(s)).toEqual(['dave: vote/after-day-end']);
  });

  it('No Lynch is a wagon; "one less for no lynch" lowers only its threshold', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: No Lynch[/b]
      bob: [b]vote: NL[/b]`,
      { rules: { ...mafiascumVoteRules, noLynchOneLess: true } },
    );
    expect(s.outcome).toBe('NO LYNCH');
    expect(s.hammer?.post).toBe(2);
  });

  it('without that note the same two votes are not enough', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: No Lynch[/b]
      bob: [b]vote: pass[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.hammer).toBeNull();
  });

  it('a vote of weight 0 shows on the wagon but adds nothing; a negative vote takes one away', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: erin[/b]
      bob: [b]Vote: erin[/b]
      carol: [b]Vote: erin[/b]`,
      { rules: mafiascumVoteRules, weights: { alice: 0, bob: -1 } },
    );
    expect(s.wagons).toEqual({ erin: ['alice', 'bob', 'carol'] });
    expect(s.tally.wagons[0]?.total).toBe(0);
    expect(s.tally.wagons[0]?.lMinus).toBe(3);
    expect(s.hammer).toBeNull();
  });

  it('a doublevoter counts twice', () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: erin[/b]
      bob: [b]Vote: erin[/b]`,
      { rules: mafiascumVoteRules, weights: { alice: 2 } },
    );
    expect(s.hammer).toEqual({ post: 2, target: 'erin' });
  });
});

describe('deaths, replacements and resets in the middle of a day', () => {
  it("a day-killed player's vote and the votes on him are void; a later vote for him is refused", () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      bob: [b]Vote: carol[/b]
      kill bob
      dave: [b]Vote: bob[/b]
      bob: [b]Vote: erin[/b]`);
    expect(s.wagons).toEqual({});
    expect(refusals(s)).toEqual(['dave: vote/target-dead', 'bob: vote/voter-dead']);
    expect(s.tally.history.filter((r) => r.voidedBy !== undefined).map((r) => r.voidedBy)).toEqual(['target-died', 'voter-died']);
    expect(s.tally.threshold).toBe(3);
  });

  it("a replaced player's vote is struck and his old account no longer votes (seed 001 defaults)", () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      replace alice by amy
      alice: [b]Vote: carol[/b]
      amy: [b]Vote: dave[/b]`);
    expect(s.wagons).toEqual({ dave: ['amy'] });
    expect(refusals(s)).toEqual(['alice: vote/voter-replaced']);
  });

  it("on mafiascum the replacement keeps the slot's vote", () => {
    const s = scenario(
      `${five}
      alice: [b]Vote: bob[/b]
      replace alice by amy`,
      { rules: mafiascumVoteRules },
    );
    expect(s.wagons).toEqual({ bob: ['amy'] });
  });

  it('a vote for the old name of a replaced slot is a vote for the slot', () => {
    const s = scenario(
      `${five}
      replace bob by bobby
      alice: [b]Vote: bob[/b]`,
      { rules: mafiascumVoteRules },
    );
    expect(s.wagons).toEqual({ bobby: ['alice'] });
  });

  it('a host reset voids every standing vote', () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      carol: [b]Vote: bob[/b]
      reset
      dave: [b]Vote: erin[/b]`);
    expect(s.wagons).toEqual({ erin: ['dave'] });
  });
});

describe('who may vote', () => {
  it('host posts, outsiders and votes after the deadline never count, each with its reason', () => {
    const s = scenario(`${five}
      mod: [b]Vote: bob[/b]
      lurker: [b]Vote: bob[/b]
      deadline
      alice: [b]Vote: bob[/b]`);
    expect(s.wagons).toEqual({});
    expect(refusals(s)).toEqual(['mod: vote/voter-host', 'lurker: vote/voter-not-in-game', 'alice: vote/after-day-end']);
  });

  it('names nobody can tell apart are refused as ambiguous, never guessed', () => {
    const s = scenario(`players: Mute, Mutant, carol
      carol: [b]Vote: mut[/b]`);
    expect(refusals(s)).toEqual(['carol: vote/ambiguous-name']);
    expect(s.tally.history[0]?.candidates).toHaveLength(2);
  });

  it('a loose abbreviation fitting a living and a dead player: refused by default, the living one under prefer-living, and reported', () => {
    const script = `players: captaineddie, Cheery Dog, Revenus
      Revenus: [b]Vote: CE[/b]`;
    const strict = scenario(script, { dead: ['Cheery Dog'] });
    expect(refusals(strict)).toEqual(['Revenus: vote/ambiguous-name']);
    const lenient = scenario(script, { dead: ['Cheery Dog'], rules: { ...defaultVoteRules, ambiguousLooseNames: 'prefer-living' } });
    expect(lenient.wagons).toEqual({ captaineddie: ['Revenus'] });
    expect(lenient.tally.ambiguities.map((a) => a.id)).toEqual(['names/ambiguous-living-preferred']);
  });

  it('the exact name of a dead player stays that player even under prefer-living', () => {
    const s = scenario(
      `players: Mute, Mutes, carol
      carol: [b]Vote: Mute[/b]`,
      { dead: ['Mute'], rules: { ...defaultVoteRules, ambiguousLooseNames: 'prefer-living' } },
    );
    expect(refusals(s)).toEqual(['carol: vote/target-dead']);
  });

  it('posts during the night never count', () => {
    const s = scenario(`${five}
      alice: [b]Vote: bob[/b]
      night
      carol: [b]Vote: bob[/b]`);
    expect(refusals(s)).toEqual(['carol: vote/during-night']);
  });
});

describe('the count as of any post and the changes since a published count', () => {
  const script = `${five}
    alice: [b]Vote: bob[/b]
    carol: [b]Vote: bob[/b]
    alice: [b]Unvote, Vote: carol[/b]
    kill carol
    dave: [b]Vote: erin[/b]`;

  it('rebuilds each earlier count from the history', () => {
    const s = scenario(script);
    const after2 = voteCountAt(s.tally, s.input.rules, 2);
    expect(after2.wagons.map((w) => w.votes.map((v) => s.name(v.slotId)))).toEqual([['alice', 'carol']]);
    // carol dies in post 3 (the kill is recorded at that post): her vote and alice's vote on her stop standing there.
    const after3 = voteCountAt(s.tally, s.input.rules, 3);
    expect(after3.wagons).toEqual([]);
    expect(after3.notVoting).toHaveLength(4);
    const after4 = voteCountAt(s.tally, s.input.rules, 4);
    expect(after4.wagons.map((w) => w.votes.map((v) => s.name(v.slotId)))).toEqual([['dave']]);
    expect(after4.threshold).toBe(3);
  });

  it('lists what changed after post 2', () => {
    const s = scenario(script);
    const { changes, voided } = changesSince(s.tally, 2);
    expect(changes.map((r) => `${r.author} ${r.action} #${r.post}`)).toEqual(['alice unvote #3', 'alice vote #3', 'dave vote #4']);
    expect(voided.map((r) => `${r.author} #${r.post} ${r.voidedBy ?? ''}`)).toEqual(['carol #2 voter-died', 'alice #3 target-died']);
  });
});
