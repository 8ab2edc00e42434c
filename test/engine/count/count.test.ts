import { describe, expect, it } from 'vitest';
import {
  countThread,
  countRulesFor,
  mafiascumRuleset,
  mafiascumVoteRules,
  rulesets,
  slotName,
  voteRulesOf,
  type BodyNode,
  type CountGame,
  type ForumPost,
  type GameEvent,
  type ThreadCount,
} from '../../../src/engine';

const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });

/** A thread written in order: each post takes the next number from 0. */
function thread(...posts: [author: string, body: BodyNode[]][]): ForumPost[] {
  return posts.map(([author, body], number) => ({
    id: `p${number}`,
    number,
    author,
    postedAt: Date.UTC(2026, 10, 20, 9, number),
    body,
  }));
}

function counted(result: ReturnType<typeof countThread>): ThreadCount {
  if (!result.ok) throw new Error(`not counted: ${result.problem.code}`);
  return result;
}

describe('which vote rules a ruleset uses', () => {
  it('reads them from the voting section, not from the game’s name', () => {
    const r004 = voteRulesOf(rulesets['russian-004']);
    expect(r004?.grammar).toMatchObject({ greenFontVotes: true, severalVotesInPost: 'first' });
    expect(r004).toMatchObject({ threshold: { kind: 'plurality' }, lock: false, voteWithoutUnvote: 'void' });
    expect(voteRulesOf(rulesets['forum-template-001'])).toMatchObject({
      threshold: { kind: 'majority' },
      lock: true,
      hammerEndsDay: false,
    });
    expect(voteRulesOf(rulesets['detective-conan-003'])?.lock).toBe(false);
    // 000 votes on the host's form: nothing in the thread is a vote.
    expect(voteRulesOf(rulesets['mafia-1923-000'])).toBeNull();
    const mafiascum = countRulesFor('mafiascum');
    expect(mafiascum && voteRulesOf(mafiascum.ruleset)).toMatchObject({ hammerEndsDay: true, lock: false, replacementKeepsVote: true });
    // The same rules the corpus replay was measured with.
    expect(voteRulesOf(mafiascumRuleset)).toEqual(mafiascumVoteRules);
    expect(countRulesFor('004')?.ruleset.id).toBe('russian-004');
    expect(countRulesFor('no-such-rules')).toBeUndefined();
  });

  it('lays the host’s grammar over the ruleset’s', () => {
    const rules = voteRulesOf(rulesets['russian-004'], { grammar: { acceptAbbreviations: true } });
    expect(rules?.grammar).toMatchObject({ greenFontVotes: true, acceptAbbreviations: true });
  });
});

describe('counting a forum-template thread with no game set up', () => {
  const posts = thread(
    ['Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')],
    ['Alice', lines(bold('Vote: Bob'))], // 1
    ['Carol', lines({ type: 'quote', author: 'Alice', children: [bold('Vote: Bob')] }, 'Agreed.', bold('Vote: Bob'))], // 2
    ['Dave', lines(bold('V: Alice'))], // 3
    ['Eve', lines(bold('Vote: Bob'))], // 4: the hammer, 3 of 5
    ['Host', lines('Bob has been lynched! He was a Mafia Goon.', 'Night 1 begins.')], // 5
    ['Alice', lines('Quiet night, everyone.')], // 6
    ['Host', lines('Day 2 begins.', 'Carol was killed in the night.')], // 7
    ['Carol', lines('I am dead but I have thoughts.')], // 8
    ['Dave', lines(bold('Vote: Alice'))], // 9
    ['Alice', lines(bold('Vote: Dave'))], // 10
  );

  it('splits the days and nights and knows who is alive on each day', () => {
    const c = counted(countThread(posts));
    expect(c.rosterFrom).toMatchObject({ kind: 'player-list', post: 0 });
    expect(c.phases.map((p) => `${p.kind} ${p.number}`)).toEqual(['day 1', 'night 1', 'day 2']);
    const names = (ids: readonly string[]) => ids.map((id) => slotName(c.roster, id));
    expect(c.days.map((d) => [d.phase.number, d.startPost, d.endPost, names(d.aliveAtStart)])).toEqual([
      [1, 1, 4, ['Alice', 'Bob', 'Carol', 'Dave', 'Eve']],
      [2, 7, null, ['Alice', 'Dave', 'Eve']],
    ]);
    // Day 1 ended with Bob's wagon at the threshold: he was lynched.
    const bob = c.roster.slots.find((s) => s.accounts[0]?.name === 'Bob')?.id;
    expect(c.days[0]?.tally.outcome).toEqual({ kind: 'lynch', slotIds: [bob] });
    expect(c.days[0]?.tally.hammer?.post).toBe(4);
    expect(c.days[1]?.tally).toMatchObject({ system: 'majority', threshold: 2, outcome: { kind: 'in-progress' } });
  });

  it('gives each post a verdict as codes, never words', () => {
    const c = counted(countThread(posts));
    const verdict = (n: number) => c.verdicts.find((v) => v.post === n);
    expect(verdict(1)?.votes).toEqual([
      {
        action: 'vote',
        text: 'Vote: Bob',
        written: 'Bob',
        counted: true,
        target: { kind: 'slot', slotId: expect.any(String) },
        reason: null,
      },
    ]);
    expect(verdict(2)?.votes.map((v) => v.reason)).toEqual(['vote/in-quote', null]);
    expect(verdict(3)?.votes.map((v) => v.reason)).toEqual(['vote/abbreviated']);
    expect(verdict(6)?.marks).toContainEqual({ kind: 'night-post', breach: 'post/at-night' });
    expect(verdict(8)?.marks).toEqual([
      { kind: 'inactive', phase: { kind: 'day', number: 1 }, counted: 0, required: 3 },
      { kind: 'dead-poster', breach: 'post/dead-player' },
    ]);
    expect(verdict(0)).toBeUndefined();
    expect(c.breaches.map((b) => b.reason)).toContain('vote/grammar');
  });

  it('counts as of a post the host picks, on the day that post is in', () => {
    const c = counted(countThread(posts, { asOfPost: 2 }));
    expect(c.current).toMatchObject({ day: { phase: { number: 1 } }, countedUpTo: 2, asOfPost: 2, chosen: true });
    expect(c.current?.tally.wagons.map((w) => [w.total, w.lMinus])).toEqual([[2, 1]]);
    expect(c.current?.tally.hammer).toBeNull();
    expect(c.voteCountPost?.text.split('\n')[0]).toBe('[b]Vote count, Day 1[/b] (as of post #2)');
    // The latest count is Day 2's.
    const latest = counted(countThread(posts, { dialect: 'markdown' }));
    expect(latest.current).toMatchObject({ day: { phase: { number: 2 } }, countedUpTo: 10, chosen: false });
    expect(latest.voteCountPost?.text).toContain('With 3 alive, it takes 2 to lynch.');
  });

  it('runs Day 1 from the post after the opening post until the host announces a phase', () => {
    const early = thread(['Host', lines('Players:', 'Alice', 'Bob', 'Carol')], ['Alice', lines(bold('Vote: Bob'))]);
    const c = counted(countThread(early));
    expect(c.phasesFrom).toEqual({ kind: 'day-one-assumed', from: 1 });
    expect(c.current?.tally.wagons.map((w) => w.total)).toEqual([1]);
    // A game that starts at night has no day to count during Night 1.
    const night: CountGame = { roster: c.roster, ruleset: rulesets['detective-conan-003'], phases: { firstPhase: 'night' } };
    expect(counted(countThread(early, { game: night })).current).toBeNull();
  });

  it('says why it cannot count, as a code', () => {
    expect(countThread([])).toEqual({ ok: false, problem: { code: 'count/no-posts' } });
    expect(countThread(thread(['Host', lines('Sign-ups: post /in.')]))).toEqual({
      ok: false,
      problem: { code: 'count/no-player-list', post: 0 },
    });
  });
});

describe('a 004 day: green-font votes and weighted plurality', () => {
  // Five reds (Ivan the Judge among them) and two blacks.
  const setup: GameEvent = {
    type: 'game/setup',
    players: [
      { slotId: 'ivan', name: 'Ivan', faction: 'red', role: 'judge' },
      { slotId: 'olga', name: 'Olga', faction: 'red', role: 'citizen' },
      { slotId: 'masha', name: 'Masha', faction: 'red', role: 'citizen' },
      { slotId: 'anna', name: 'Anna', faction: 'red', role: 'doctor' },
      { slotId: 'dima', name: 'Dima', faction: 'red', role: 'citizen' },
      { slotId: 'boris', name: 'Boris', faction: 'mafia', role: 'mafia' },
      { slotId: 'petr', name: 'Petr', faction: 'maniac', role: 'maniac' },
    ],
  };
  const game: CountGame = {
    roster: {
      hosts: ['Host'],
      slots: ['Ivan', 'Olga', 'Masha', 'Anna', 'Dima', 'Boris', 'Petr'].map((name) => ({ id: name.toLowerCase(), accounts: [{ name }] })),
    },
    ruleset: rulesets['russian-004'],
    phases: {
      firstPhase: 'day',
      markers: [],
      marks: [
        { post: 1, kind: 'day', number: 1, event: 'start' },
        { post: 3, kind: 'night', number: 1, event: 'start' },
        { post: 4, kind: 'day', number: 2, event: 'start' },
        { post: 10, kind: 'night', number: 2, event: 'start' },
      ],
    },
    events: [
      setup,
      { type: 'phase/start', phase: { kind: 'day', number: 1 } },
      { type: 'phase/start', phase: { kind: 'night', number: 1 } },
      { type: 'phase/start', phase: { kind: 'day', number: 2 } },
    ],
  };
  const posts = thread(
    ['Host', lines('Welcome to the town.')], // 0
    ['Host', lines('Day 1: the mayor election.')], // 1
    ['Olga', lines('No mayor for me today.')], // 2
    ['Host', lines('Night 1.')], // 3
    ['Host', lines('Day 2. The vote is open: write your vote in green.')], // 4
    ['Boris', lines('Ivan, obviously.', green('Ivan'))], // 5
    ['Petr', lines(green('Ivan'))], // 6
    ['Olga', lines(green('Ivan'))], // 7
    ['Ivan', lines(green('Boris'))], // 8: the Judge's vote weighs 6, capped at max(R-1, B) = 4
    ['Olga', lines(bold('Vote: Boris'))], // 9: a vote cannot be changed
    ['Host', lines('Night 2.')], // 10
  );

  it('counts the green-font votes with their weights and lynches the heaviest wagon, not the most voters', () => {
    const c = counted(countThread(posts, { game, asOfPost: 9 }));
    const day2 = c.days.find((d) => d.phase.number === 2);
    expect(day2?.tally.system).toBe('weighted-plurality');
    expect(day2?.tally.wagons.map((w) => [w.target, w.total, w.votes.map((v) => [v.slotId, v.weight, v.counted])])).toEqual([
      [{ kind: 'slot', slotId: 'boris' }, 4, [['ivan', 6, 4]]],
      [
        { kind: 'slot', slotId: 'ivan' },
        3,
        [
          ['boris', 1, 1],
          ['petr', 1, 1],
          ['olga', 1, 1],
        ],
      ],
    ]);
    // Three of seven on Ivan would be no majority under the forum template; here Boris dies.
    expect(day2?.tally.outcome).toEqual({ kind: 'lynch', slotIds: ['boris'] });
    expect(day2?.tally.threshold).toBeNull();
    expect(day2?.tally.systemTally?.explanations.join(' ')).toMatch(/capped at 4/u);
    expect(c.verdicts.find((v) => v.post === 9)?.votes.map((v) => v.reason)).toEqual(['vote/already-voting']);
    // Day 1 was the mayor election, counted on its own ballot.
    expect(c.days[0]?.tally.systemTally?.ballot).toBe('election');
    expect(c.current?.tally.notVoting).toEqual(['masha', 'anna', 'dima']);
    // A 004 game's vote count is Russian, with the plural the count takes.
    expect(c.voteCountPost?.text).toContain('[b]Boris[/b] (4 голоса): Ivan');
    expect(c.voteCountPost?.text).toContain('Решает наибольший вес голосов к концу голосования.');
  });

  it('shows the count running before the day ends', () => {
    const c = counted(countThread(posts, { game, asOfPost: 7 }));
    expect(c.current?.tally.outcome).toEqual({ kind: 'in-progress' });
    expect(c.current?.tally.wagons.map((w) => [w.target, w.total])).toEqual([[{ kind: 'slot', slotId: 'ivan' }, 3]]);
  });
});

describe('a 000 day: the family court from the form’s ballots', () => {
  const familyCourt = rulesets['mafia-1923-000'].voting;
  if (familyCourt.kind !== 'family-court') throw new Error('000 votes in family court');
  const families = { al: 'Corleone', sal: 'Corleone', bo: 'Barzini', ben: 'Barzini', bea: 'Barzini', tom: 'Tattaglia' };
  const game: CountGame = {
    roster: {
      hosts: ['Host'],
      slots: Object.keys(families).map((id) => ({ id, accounts: [{ name: `${id.charAt(0).toUpperCase()}${id.slice(1)}` }] })),
    },
    // "The three (this number is subject to change) families": one goes to court in this game.
    ruleset: { ...rulesets['mafia-1923-000'], voting: { ...familyCourt, courtSize: 1 } },
    phases: {
      firstPhase: 'night',
      markers: [],
      marks: [
        { post: 1, kind: 'night', number: 1, event: 'start' },
        { post: 2, kind: 'day', number: 1, event: 'start' },
        { post: 5, kind: 'night', number: 2, event: 'start' },
      ],
    },
    deaths: [],
    families,
    ballots: [
      { slot: 'al', day: 1, family: 'Barzini', individual: 'sal' },
      { slot: 'sal', day: 1, family: 'Barzini', individual: 'al' },
      { slot: 'bo', day: 1, family: 'Corleone', individual: 'ben' },
      { slot: 'ben', day: 1, family: 'Tattaglia', individual: 'bea' },
      { slot: 'bea', day: 1, family: 'Corleone', individual: 'ben' },
      // Alone in his family: no individual vote to cast.
      { slot: 'tom', day: 1, family: 'Barzini', individual: null },
    ],
  };
  const posts = thread(
    ['Host', lines('Mafia 1923 begins.')],
    ['Host', lines('Night 1.')],
    ['Host', lines('Day 1: send your family and individual votes on the form.')],
    ['Al', lines('Vote: Ben')], // 3: chat; votes here are not votes
    ['Ben', lines('I am innocent!')],
    ['Host', lines('Night 2.')],
  );

  it('sends the most-voted family to court, where its most-voted member dies', () => {
    const c = counted(countThread(posts, { game }));
    expect(c.voteRules).toBeNull();
    const day = c.days[0];
    expect(day?.tally).toMatchObject({
      system: 'family-court',
      families: [
        { target: 'Barzini', total: 3 },
        { target: 'Corleone', total: 2 },
        { target: 'Tattaglia', total: 1 },
      ],
      court: ['Barzini'],
      outcome: { kind: 'lynch', slotIds: ['ben'] },
      byPost: null,
    });
    expect(day?.tally.wagons[0]).toMatchObject({ target: { kind: 'slot', slotId: 'ben' }, total: 2 });
    // The chat post's "Vote: Ben" is not read as a vote in 000.
    expect(c.verdicts.find((v) => v.post === 3)?.votes ?? []).toEqual([]);
    expect(c.voteCountPost?.text).toContain('Barzini: 3');
  });
});

describe('posters linked to their slots before counting', () => {
  // The host typed "Jilyne" for jilynne1991: every vote of hers was "not in the game".
  const posts = thread(
    ['Host', lines('Players:', 'Alice', 'Bob', 'Jilyne', 'Dave', 'Eve', '', 'Day 1 begins.')],
    ['jilynne1991', lines('Hello all.')], // 1
    ['Alice', lines(bold('Vote: Bob'))], // 2
    ['jilynne1991', lines(bold('Vote: Bob'))], // 3
    ['Dave', lines('Hmm.')], // 4
    ['jilynne1991', lines('Bob is scum.')], // 5
    ['Eve', lines(bold('Vote: Bob'))], // 6: the hammer, 3 of 5
  );

  it('counts the votes of a misspelt roster entry and says which link it applied', () => {
    const c = counted(countThread(posts));
    expect(c.accountLinks.applied).toEqual([
      {
        account: 'jilynne1991',
        slotId: 'slot-3',
        posts: 3,
        firstPost: 1,
        lastPost: 5,
        evidence: [{ kind: 'edit-distance', name: 'Jilyne', distance: 1 }],
      },
    ]);
    const bob = c.current?.tally.wagons.find((w) => w.target.kind === 'slot' && w.target.slotId === 'slot-2');
    expect(bob?.votes.map((v) => v.slotId)).toEqual(['slot-1', 'slot-3', 'slot-5']);
    expect(c.current?.tally.hammer).toMatchObject({ post: 6 });
    // The slot keeps the name the host gave it.
    expect(slotName(c.roster, 'slot-3')).toBe('Jilyne');
  });

  it('refuses them as before when links are turned off, and then only suggests', () => {
    const off = counted(countThread(posts, { accountLinks: false }));
    expect(off.current?.tally.hammer).toBeNull();
    expect(off.verdicts.find((v) => v.post === 3)?.votes[0]?.reason).toBe('vote/voter-not-in-game');
    // A ruleset that turns renamed accounts off keeps strict authors: the link is only suggested.
    const template = rulesets['forum-template-001'];
    const preset = { ...template, voting: { ...template.voting, count: { ...template.voting.count, renamedAccounts: false } } };
    const strict = counted(countThread(posts, { preset }));
    expect(strict.accountLinks.applied).toEqual([]);
    expect(strict.accountLinks.suggested.map((s) => [s.account, s.slotId, s.reason])).toEqual([['jilynne1991', 'slot-3', 'link/off']]);
    expect(strict.current?.tally.hammer).toBeNull();
  });
});

describe('a thread counted from its opening post (issue 15)', () => {
  const opening = (...list: (string | BodyNode)[]): BodyNode[] => lines('Players:', ...list, '', 'Day 1 begins.');

  it('keeps a slot the list marks dead alive before that phase and dead from it, the name read without its notes', () => {
    const posts = thread(
      [
        'Host',
        [
          ...lines('Players:', 'Amy', 'Bob', ''),
          { type: 'text', text: 'Cat', struck: true },
          { type: 'text', text: ' - killed Night 1, Town Doctor' },
          ...lines('', 'Dan', 'Eve', '', 'Day 1 begins.'),
        ],
      ],
      ['Amy', lines(bold('Vote: Cat'))],
      ['Cat', lines(bold('Vote: Amy'))],
      ['Host', lines('Night 1 begins.')],
      ['Host', lines('Day 2 begins.')],
      ['Amy', lines(bold('Vote: Bob'))],
    );
    const c = counted(countThread(posts));
    expect(c.roster.slots.map((s) => s.accounts[0]?.name)).toEqual(['Amy', 'Bob', 'Cat', 'Dan', 'Eve']);
    expect(c.days.map((d) => d.aliveAtStart.map((id) => slotName(c.roster, id)))).toEqual([
      ['Amy', 'Bob', 'Cat', 'Dan', 'Eve'],
      ['Amy', 'Bob', 'Dan', 'Eve'],
    ]);
    // Cat's Day 1 vote counts: dead only from Night 1.
    expect(c.days[0]?.tally.wagons.map((w) => w.votes.map((v) => slotName(c.roster, v.slotId)))).toEqual([['Amy'], ['Cat']]);
    expect(c.days[1]?.tally.threshold).toBe(3);
  });

  it('takes a death the host announces (with its post) over the date the list gives', () => {
    const posts = thread(
      ['Host', opening('Amy', 'Bob', 'Cat - killed Night 3', 'Dan')],
      ['Host', lines('Night 1 begins.')],
      ['Host', lines('Day 2 begins. Cat was killed.')],
    );
    const c = counted(countThread(posts));
    expect(c.deaths.filter((d) => d.slot === 'slot-3')).toEqual([{ slot: 'slot-3', phase: { kind: 'night', number: 1 }, post: 2 }]);
  });

  it('gives the list problems and what the thread contradicts with where the roster came from', () => {
    const posts = thread(
      ['Host', opening('Amy', 'Bob', 'Roles have been sent by PM.', 'Cat')],
      ['Amy', lines('hi')],
      ['Bob', lines('hi')],
      ['Kat', lines('hi')],
      ['Kat', lines('hi')],
      ['Kat', lines('hi')],
    );
    const c = counted(countThread(posts));
    expect(c.rosterFrom).toEqual({
      kind: 'player-list',
      post: 0,
      source: 'the player list in post #0',
      problems: [
        { code: 'player-list/sentence', line: 'Roles have been sent by PM.' },
        { code: 'player-list/never-posts', name: 'Cat' },
        { code: 'player-list/not-listed', name: 'Kat', posts: 3 },
      ],
    });
  });

  it('takes the co-hosts the opening post names as hosts: their phase posts start days', () => {
    const posts = thread(
      ['Host', lines('Co-host: Helper', '', 'Players:', 'Amy', 'Bob', 'Cat')],
      ['Helper', lines('Day 1 begins.')],
      ['Amy', lines(bold('Vote: Bob'))],
    );
    const c = counted(countThread(posts));
    expect(c.roster.hosts).toEqual(['Host', 'Helper']);
    expect(c.days[0]?.startPost).toBe(1);
    expect(c.phasesFrom).toEqual({ kind: 'host-posts' });
  });
});

describe('a game with no host', () => {
  const roster = { hosts: [], slots: ['Amy', 'Bob', 'Cat'].map((name) => ({ id: name, accounts: [{ name }] })) };
  const posts = thread(['Host', lines('Day 1 begins.')], ['Amy', lines(bold('Vote: Bob'))]);

  it('is refused where the phases are read from the hosts’ posts, never counted as one long Day 1', () => {
    const result = countThread(posts, { game: { roster, ruleset: rulesets['forum-template-001'], phases: { firstPhase: 'day' } } });
    expect(result).toEqual({ ok: false, problem: { code: 'count/no-host' } });
  });

  it('is counted where the phases do not need a host: known day ends, or the host’s own marks', () => {
    const known = countThread(posts, {
      game: {
        roster,
        ruleset: rulesets['forum-template-001'],
        phases: { known: [{ kind: 'day', number: 1, start: { post: 0 }, end: null }] },
      },
    });
    expect(known.ok).toBe(true);
    const marked = countThread(posts, {
      game: {
        roster,
        ruleset: rulesets['forum-template-001'],
        phases: { firstPhase: 'day', marks: [{ post: 0, kind: 'day', number: 1, event: 'start' }] },
      },
    });
    expect(marked.ok).toBe(true);
  });
});
