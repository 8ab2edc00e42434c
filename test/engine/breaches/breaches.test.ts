import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  breachRules000,
  breachRules001,
  breachRules003,
  breachRules004,
  breachRulesFor,
  breachRulesMafiascum,
  buildLedger,
  rulesets,
  composePhases,
  defaultVoteGrammar,
  defaultVoteRules,
  extractVotes,
  findBreaches,
  clockPhaseEvents,
  phasesFromEvents,
  type Breach,
  type BreachInput,
  type BreachRules,
  type ForumPost,
  type Phase,
  type Roster,
  type VoteRules,
  type VotesOf,
} from '../../../src/engine';
import { post, thread } from './script';

const roster: Roster = {
  hosts: ['Host'],
  slots: [
    { id: 's1', accounts: [{ name: 'alice' }] },
    { id: 's2', accounts: [{ name: 'bob' }] },
    { id: 's3', accounts: [{ name: 'carol' }, { name: 'dave', fromPost: 6 }] },
  ],
};

const votes001: VotesOf = (p) => extractVotes(p, defaultVoteRules);
const long = 'I have been reading the thread carefully and I think the quiet players deserve a closer look today.';

function phasesOf(posts: readonly ForumPost[], firstPhase: 'day' | 'night' = 'day'): Phase[] {
  const r = composePhases({ firstPhase }, posts, roster.hosts);
  if (!r.ok) throw new Error(r.detail);
  return r.phases;
}

function run(
  lines: readonly string[],
  rules: BreachRules,
  extra: Partial<BreachInput> = {},
  votesOf: VotesOf | undefined = votes001,
): Breach[] {
  const posts = thread(lines);
  return findBreaches({ posts, roster, phases: phasesOf(posts), ...extra }, rules, votesOf === undefined ? {} : { votesOf });
}

const summary = (bs: readonly Breach[]): string[] =>
  bs.map((b) => `${b.reason} ${b.account}${b.post === null ? '' : `#${String(b.post.number)}`} ${b.sanction}`);

/** 001 without the activity minimum, to look at one rule at a time. */
const only001 = (overrides: Partial<BreachRules>): BreachRules => ({
  ...breachRules001,
  inactivity: { ...breachRules001.inactivity, enabled: false },
  ...overrides,
});

describe('night posting (001 rule 2)', () => {
  const lines = [
    '0 Host: Day 1 begins.',
    '1 alice: morning',
    '2 Host: Day 1 has ended. Night 1 begins.',
    '3 alice: oops, is it night?',
    '4 Host: yes it is night, alice',
    '5 bob: ...',
    '6 alice: sorry again',
    '7 Host: Day 2 begins.',
    '8 alice: back in the day',
  ];

  it("flags players' night posts with the post and escalates a repeat to a mod kill; the host may post", () => {
    const bs = run(lines, only001({}));
    expect(summary(bs)).toEqual([
      'post/at-night alice#3 host-decides',
      'post/at-night bob#5 host-decides',
      'post/at-night alice#6 mod-kill',
    ]);
    expect(bs[0]).toMatchObject({
      id: 'post/at-night@p3',
      slot: 's1',
      phase: { kind: 'night', number: 1 },
      occurrence: 1,
      post: { id: 'p3', permalink: 'https://forum.example/p3' },
    });
    const ledger = buildLedger(bs, roster, breachRules001);
    expect(ledger.players.map((p) => [p.name, p.status])).toEqual([
      ['alice', 'mod-kill-due'],
      ['bob', 'warned'],
      ['dave', 'clear'],
    ]);
  });

  it('counts the buffer between a day\'s end and the night\'s start as night under "after-day-end"', () => {
    const bs = run(
      [
        '0 Host: Day 1 begins.',
        '1 Host: Day 1 is over.',
        '2 alice: quick, before night starts',
        '3 Host: Night 1 begins.',
        '4 Host: Day 2 begins.',
      ],
      only001({}),
    );
    expect(summary(bs)).toEqual(['post/at-night alice#2 host-decides']);
  });

  it('is no breach under 004, where the thread stays open at night (L148)', () => {
    expect(run(lines, { ...breachRules004, inactivity: { ...breachRules004.inactivity, enabled: false } })).toEqual([]);
  });
});

describe('edited posts', () => {
  it('001 rule 3: any edit is a mod kill, with its time; whether a vote changed is unknown without an earlier version', () => {
    const bs = run(['0 Host: Day 1 begins.', '1 alice 2026-05-01 10:00: I like bob [edited 10:03]'], only001({}));
    expect(bs).toHaveLength(1);
    expect(bs[0]).toMatchObject({
      reason: 'post/edited',
      sanction: 'mod-kill',
      edit: { at: Date.parse('2026-05-01T10:03:00Z'), voteChanged: 'unknown' },
    });
  });

  it('counts an edit in the same minute as the post when there is no grace period, and lets it stand within one', () => {
    const lines = [
      '0 Host: Day 1 begins.',
      '1 alice 2026-05-01 10:00: I like bob [edited 10:00]',
      '2 bob 2026-05-01 10:00: me too [edited 10:05]',
    ];
    expect(summary(run(lines, only001({})))).toEqual(['post/edited alice#1 mod-kill', 'post/edited bob#2 mod-kill']);
    const grace = only001({ edits: { ...breachRules001.edits, graceSeconds: 120 } });
    expect(summary(run(lines, grace))).toEqual(['post/edited bob#2 mod-kill']);
  });

  it('compares with an earlier version when one is known', () => {
    const lines = ['0 Host: Day 1 begins.', '1 alice: **Vote: carol** [edited]'];
    const changed = run(lines, only001({}), { previousVersions: [post('1 alice: **Vote: bob**')] });
    expect(changed[0]?.edit?.voteChanged).toBe('yes');
    const same = run(lines, only001({}), { previousVersions: [post('1 alice: **Vote: carol** typo')] });
    expect(same[0]?.edit?.voteChanged).toBe('no');
  });

  it('lets an edit by the host stand', () => {
    const posts = thread(['0 Host: Day 1 begins.', '1 alice: hello']);
    const edited: ForumPost = { ...(posts[1] as ForumPost), edited: { by: 'Host' } };
    expect(findBreaches({ posts: [posts[0] as ForumPost, edited], roster, phases: phasesOf(posts) }, only001({}))).toEqual([]);
  });

  it('004: only an edit that changes a vote (votes cannot be changed, L150)', () => {
    const rules: BreachRules = {
      ...breachRules004,
      inactivity: { ...breachRules004.inactivity, enabled: false },
      voteTiming: { ...breachRules004.voteTiming, enabled: false },
    };
    const lines = ['0 Host: Day 1 begins.', '1 alice: my wall about everyone [edited]', '2 bob: **Vote: carol** [edited]'];
    const bs = run(lines, rules, { previousVersions: [post('1 alice: my wal about everyone'), post('2 bob: **Vote: alice**')] });
    expect(summary(bs)).toEqual(['post/edited bob#2 not-counted']);
    expect(bs[0]?.edit?.voteChanged).toBe('yes');
  });
});

describe('inactivity (001 rule 13)', () => {
  it('counts contributive posts per slot per day, leaving out vote-only and quote-only posts', () => {
    const rules: BreachRules = { ...breachRules001, inactivity: { ...breachRules001.inactivity, minPosts: 2 } };
    const bs = run(
      [
        '0 Host: Day 1 begins.',
        `1 alice: ${long}`,
        `2 alice: ${long} **Vote: bob**`,
        '3 bob: **Vote: alice**',
        `4 bob: [q]${long}[/q]`,
        `5 bob: ${long}`,
        `6 dave: ${long}`,
        '7 Host: Day 1 has ended.',
      ],
      rules,
    );
    const b = bs.find((x) => x.reason === 'activity/too-few-posts');
    expect(summary(bs)).toEqual(['activity/too-few-posts bob mod-kill', 'activity/too-few-posts dave mod-kill']);
    expect(b).toMatchObject({ slot: 's2', post: null, phase: { kind: 'day', number: 1 }, activity: { counted: [5], required: 2 } });
  });

  it("counts a slot's posts by both holders when it is replaced mid-day, and flags the replaced player who keeps posting", () => {
    const rules: BreachRules = { ...breachRules001, inactivity: { ...breachRules001.inactivity, minPosts: 2 } };
    const bs = run(
      [
        '0 Host: Day 1 begins.',
        `1 alice: ${long}`,
        `2 alice: ${long}`,
        `3 bob: ${long}`,
        `4 bob: ${long}`,
        `5 carol: ${long}`,
        `6 dave: ${long}`,
        `7 carol: ${long}`,
        '8 Host: Day 1 has ended.',
      ],
      rules,
    );
    expect(summary(bs)).toEqual(['post/replaced-out carol#7 host-decides']);
  });

  it('does not judge a day that is still running', () => {
    expect(run(['0 Host: Day 1 begins.', '1 alice: hi'], breachRules001)).toEqual([]);
  });

  it('004 (L136): a wall before the 21:00 vote; one in the last 15 minutes does not count: "не допускается на голосование"; inactive all day: "принудительный автоголос"', () => {
    const r = clockPhaseEvents({
      timeZone: 'Europe/Moscow',
      firstDate: '2026-04-01',
      firstPhase: 'day',
      day: { start: '08:00', end: '22:00', voteOpens: '21:00' },
      night: { start: '22:00', end: '08:00' },
      phases: 2,
    });
    if (!r.ok) throw new Error(r.detail);
    const phases = phasesFromEvents(r.events, 'day');
    const wall = long.repeat(3);
    // Moscow is UTC+3: 21:00 local is 18:00 UTC.
    const posts = thread([
      `1 alice 2026-04-01 12:00: ${wall}`,
      `2 bob 2026-04-01 17:50: ${wall}`,
      `3 carol 2026-04-01 18:10: ${wall}`,
      `4 carol 2026-04-01 10:00: ${wall}`,
    ]);
    const rules: BreachRules = { ...breachRules004, voteTiming: { ...breachRules004.voteTiming, enabled: false } };
    const bs = findBreaches({ posts, roster, phases, now: Date.parse('2026-04-02T06:00:00Z') }, rules, { votesOf: votes001 });
    // bob posted (a late wall) but has no wall: not admitted to the vote, his vote not counted; he was not inactive all day.
    expect(summary(bs)).toEqual(['activity/no-wall-before-vote bob not-counted']);
    // Without bob's post he was inactive all day: his vote counts against himself.
    const silent = findBreaches(
      { posts: posts.filter((p) => p.author !== 'bob'), roster, phases, now: Date.parse('2026-04-02T06:00:00Z') },
      rules,
      {
        votesOf: votes001,
      },
    );
    expect(summary(silent)).toEqual(['activity/no-wall-before-vote bob vote-against-self']);
  });
});

describe('dead players, replaced players and non-players', () => {
  it("001 rule 5: a dead player's post is a breach from the post that announced the death", () => {
    const bs = run(
      ['0 Host: Day 1 begins.', '1 bob: hi', '2 Host: bob was lynched. Day 1 has ended.', '3 bob: gg'],
      only001({ nightPosting: { ...breachRules001.nightPosting, enabled: false } }),
      {
        deaths: [{ slot: 's2', phase: { kind: 'day', number: 1 }, post: 2 }],
      },
    );
    expect(summary(bs)).toEqual(['post/dead-player bob#3 host-decides']);
  });

  it('004 (L137): one last word in blue after a night death, before the vote opens; more is a breach', () => {
    const lines = [
      '0 Host: Day 1 begins.',
      '1 Host: Day 1 has ended. Night 1 begins.',
      '2 Host: Day 2 begins. alice was killed.',
      '3 alice: {blue}carol is the maniac{/}',
      '4 alice: {blue}and one more thing{/}',
      '5 Host: Voting is now open',
      '6 Host: Day 2 has ended.',
    ];
    const rules: BreachRules = { ...breachRules004, inactivity: { ...breachRules004.inactivity, enabled: false } };
    const deaths = [{ slot: 's1', phase: { kind: 'night' as const, number: 1 } }];
    expect(summary(run(lines, rules, { deaths }))).toEqual(['post/dead-player alice#4 host-decides']);
    const plain = lines.map((l) => l.replace('{blue}carol is the maniac{/}', 'carol is the maniac'));
    // The plain post is a breach; the blue one after it is still her last word.
    expect(run(plain, rules, { deaths }).map((b) => `${String(b.post?.number)} ${b.detail}`)).toEqual([
      expect.stringMatching(/^3 .*colour/u),
    ]);
    const late = [
      '0 Host: Day 1 begins.',
      '1 Host: Day 1 has ended. Night 1 begins.',
      '2 Host: Day 2 begins. alice was killed.',
      '3 Host: Voting is now open',
      '4 alice: {blue}too late{/}',
    ];
    expect(run(late, rules, { deaths }).map((b) => b.detail)).toEqual([expect.stringContaining('too late')]);
  });

  it('leaves the thread open once the host has ended the game', () => {
    const lines = ['0 Host: Day 1 begins.', '1 Host: bob was lynched. Town wins!', '2 bob: gg', '3 mallory: well played'];
    const deaths = [{ slot: 's2', phase: { kind: 'day' as const, number: 1 }, post: 1 }];
    expect(summary(run(lines, only001({}), { deaths }))).toEqual([
      'post/dead-player bob#2 host-decides',
      'post/non-player mallory#3 host-decides',
    ]);
    expect(run(lines, only001({}), { deaths, gameOverAtPost: 1 })).toEqual([]);
  });

  it('flags a post by someone not in the game, and by a replacement before taking the slot', () => {
    const bs = run(['0 Host: Day 1 begins.', '1 mallory: who is scum here?', '2 dave: hi, I will replace carol soon'], only001({}));
    expect(summary(bs)).toEqual(['post/non-player mallory#1 host-decides', 'post/non-player dave#2 host-decides']);
    expect(bs.every((b) => b.slot === null)).toBe(true);
    const ledger = buildLedger(bs, roster, breachRules001);
    expect(ledger.players.filter((p) => p.slot === null).map((p) => p.name)).toEqual(['dave', 'mallory']);
  });

  it("003: the dead may not influence the game; non-players and night posts are not its rules' business beyond that", () => {
    const bs = run(
      [
        '0 Host: Day 1 begins.',
        '1 Host: Day 1 has ended. Night 1 begins.',
        '2 bob: night thoughts',
        '3 Host: Day 2 begins, alice died.',
        '4 alice: it was bob',
      ],
      breachRules003,
      {
        deaths: [{ slot: 's1', phase: { kind: 'night', number: 1 } }],
      },
    );
    expect(summary(bs)).toEqual(['post/dead-player alice#4 host-decides']);
  });
});

describe('votes out of time and bad votes', () => {
  const green: VoteRules = { ...defaultVoteRules, grammar: { ...defaultVoteGrammar, greenFontVotes: true } };

  it('004 (L150): a vote before the host opens the vote does not count', () => {
    const rules: BreachRules = { ...breachRules004, inactivity: { ...breachRules004.inactivity, enabled: false } };
    const bs = run(
      ['0 Host: Day 1 begins.', '1 alice: {green}bob{/}', '2 Host: Voting is now open', '3 bob: {green}alice{/}'],
      rules,
      {},
      (p) => extractVotes(p, green),
    );
    expect(summary(bs)).toEqual(['vote/before-open alice#1 not-counted']);
  });

  it('001: a vote after the day ended does not count (and the post is a night post)', () => {
    const bs = run(['0 Host: Day 1 begins.', '1 Host: Day 1 has ended. Night 1 begins.', '2 alice: **Vote: bob**'], only001({}));
    expect(summary(bs)).toEqual(['post/at-night alice#2 host-decides', 'vote/after-day-end alice#2 not-counted']);
  });

  it('001 rule 6: "V:" and an unbolded vote break the grammar', () => {
    const bs = run(['0 Host: Day 1 begins.', '1 alice: **V: bob**', '2 bob: Vote: alice', '3 carol: **Vote: alice**'], only001({}));
    expect(summary(bs)).toEqual(['vote/grammar alice#1 not-counted', 'vote/grammar bob#2 not-counted']);
    expect(bs[0]?.detail).toContain('vote/abbreviated');
  });

  it('000: own family, self, outside the family and not voting are improper; two exile, a jailed player is excused', () => {
    const families = { s1: 'Corleone', s2: 'Corleone', s3: 'Tattaglia' };
    const posts: ForumPost[] = [];
    const phases: Phase[] = [
      { kind: 'day', number: 1, start: { at: 0 }, end: { at: 10 } },
      { kind: 'day', number: 2, start: { at: 20 }, end: { at: 30 } },
    ];
    const bs = findBreaches(
      {
        posts,
        roster,
        phases,
        now: 100,
        families,
        ballots: [
          { slot: 's1', day: 1, family: 'Corleone', individual: 's2' },
          { slot: 's2', day: 1, family: 'Tattaglia', individual: 's2' },
          { slot: 's3', day: 1, family: 'Corleone', individual: null },
          { slot: 's2', day: 2, family: 'Tattaglia', individual: 's3' },
        ],
        excusedFromVoting: [{ slot: 's3', day: 2 }],
      },
      breachRules000,
    );
    expect(bs.map((b) => `${b.reason} ${b.slot ?? ''} day${String(b.phase?.number)}`)).toEqual([
      'vote/own-family s1 day1',
      'vote/self s2 day1',
      'vote/missing s1 day2',
      'vote/outside-family s2 day2',
    ]);
    const ledger = buildLedger(bs, roster, breachRules000);
    expect(ledger.players.map((p) => [p.slot, p.strikes, p.status])).toEqual([
      ['s1', 2, 'exiled'],
      ['s2', 2, 'exiled'],
      ['s3', 0, 'clear'],
    ]);
  });
});

describe('the rules as data', () => {
  it('has breach rules for every ruleset that names them', () => {
    for (const ruleset of Object.values(rulesets)) {
      const name = ruleset.references?.breachRules;
      expect(name, ruleset.id).toBeDefined();
      // A seed's preset names its own seed's rules (`russian-004`, `russian-004-extended`); the forum standard names 001's forum rules.
      expect(breachRulesFor(name ?? '')?.id, ruleset.id).toBe(/-(\d{3})(?:-|$)/u.exec(ruleset.id)?.[1] ?? name);
    }
    expect(breachRulesFor('mafiascum')).toBe(breachRulesMafiascum);
    expect(breachRulesFor('999')).toBeUndefined();
  });

  it('is plain JSON', () => {
    for (const rules of [breachRules000, breachRules001, breachRules003, breachRules004, breachRulesMafiascum]) {
      expect(JSON.parse(JSON.stringify(rules))).toEqual(rules);
    }
  });
});

describe('the ledger', () => {
  it("keeps a pardoned breach, marked with the host's note, and no longer counts it", () => {
    const bs = run(['0 Host: Day 1 begins.', '1 alice 2026-05-01 10:00: I like bob [edited 10:01]'], only001({}));
    const ledger = buildLedger(bs, roster, breachRules001, [
      { breachId: 'post/edited@p1', note: 'fixed a typo within a minute, allowed' },
      { breachId: 'post/edited@p999', note: 'typo' },
    ]);
    const alice = ledger.players[0];
    expect(alice?.entries).toEqual([
      expect.objectContaining({ id: 'post/edited@p1', pardoned: true, pardonNote: 'fixed a typo within a minute, allowed' }),
    ]);
    expect(alice?.status).toBe('clear');
    expect(ledger.unmatchedPardons).toEqual(['post/edited@p999']);
  });

  it('turns warnings into strikes and strikes into a mod kill where the thresholds say so', () => {
    const rules: BreachRules = {
      ...only001({}),
      nightPosting: { ...breachRules001.nightPosting, sanction: 'warning', repeat: 'warning' },
      thresholds: { warningsPerStrike: 2, strikesToModKill: 2, strikesToExile: null },
    };
    const night = [
      '0 Host: Day 1 begins.',
      '1 Host: Day 1 has ended. Night 1 begins.',
      '2 alice: a',
      '3 alice: b',
      '4 alice: c',
      '5 alice: d',
      '6 bob: e',
    ];
    const ledger = buildLedger(run(night, rules), roster, rules);
    expect(ledger.players.map((p) => [p.name, p.warnings, p.strikes, p.status])).toEqual([
      ['alice', 4, 2, 'mod-kill-due'],
      ['bob', 1, 0, 'warned'],
      ['dave', 0, 0, 'clear'],
    ]);
  });
});

describe('the thread script', () => {
  it('is strict: a malformed line or unbalanced markup is a mistake in the test', () => {
    expect(() => post('alice: no number')).toThrow(/bad script line/u);
    expect(() => post('1 alice: **unclosed')).toThrow(/unclosed markup/u);
    expect(() => post('1 alice: [/q]')).toThrow(/unbalanced quote/u);
    expect(post('3 bob 2026-01-02 03:04: **Vote: x** [edited 03:05]')).toMatchObject({
      number: 3,
      author: 'bob',
      postedAt: Date.parse('2026-01-02T03:04:00Z'),
      edited: { at: Date.parse('2026-01-02T03:05:00Z') },
    });
  });
});

describe('properties', () => {
  const authors = ['Host', 'alice', 'bob', 'carol', 'dave', 'mallory'];
  const texts = [
    'Day 1 begins.',
    'Day 1 has ended. Night 1 begins.',
    'Day 2 begins.',
    '**Vote: bob**',
    '**V: alice**',
    long,
    'hi',
    '[q]x[/q]',
  ];
  const threadArb = fc
    .array(fc.record({ author: fc.constantFrom(...authors), text: fc.constantFrom(...texts), edited: fc.boolean() }), { maxLength: 30 })
    .map((rows) => rows.map((r, i) => post(`${String(i)} ${r.author}: ${r.text}${r.edited ? ' [edited]' : ''}`)));
  const rulesArb = fc.constantFrom(breachRules000, breachRules001, breachRules003, breachRules004);

  it("a pardon never makes a player's standing worse, and pardoning everything clears everyone", () => {
    const rank = { clear: 0, warned: 1, 'mod-kill-due': 2, exiled: 3 } as const;
    fc.assert(
      fc.property(threadArb, rulesArb, fc.array(fc.nat(), { maxLength: 10 }), (posts, rules, picks) => {
        const bs = findBreaches({ posts, roster, phases: phasesOf(posts) }, rules, { votesOf: votes001 });
        const some = picks.flatMap((i) => (bs.length === 0 ? [] : [{ breachId: bs[i % bs.length]?.id ?? '', note: 'ok' }]));
        const before = buildLedger(bs, roster, rules);
        const after = buildLedger(bs, roster, rules, some);
        const all = buildLedger(
          bs,
          roster,
          rules,
          bs.map((b) => ({ breachId: b.id, note: 'all' })),
        );
        return (
          before.players.every((p, i) => rank[p.status] >= rank[after.players[i]?.status ?? 'clear']) &&
          all.players.every((p) => p.status === 'clear' && p.entries.every((e) => e.pardoned)) &&
          after.players.flatMap((p) => p.entries).length === bs.length
        );
      }),
      { numRuns: 150 },
    );
  });

  it('never charges the host, is JSON plain data, and does not depend on the order posts come in', () => {
    fc.assert(
      fc.property(threadArb, rulesArb, fc.integer(), (posts, rules, seed) => {
        const phases = phasesOf(posts);
        const input = { posts, roster, phases, deaths: [{ slot: 's2', phase: { kind: 'day' as const, number: 1 } }] };
        const bs = findBreaches(input, rules, { votesOf: votes001 });
        const shuffled = [...posts].sort((a, b) => ((a.number * 7919 + seed) % 31) - ((b.number * 7919 + seed) % 31));
        const again = findBreaches({ ...input, posts: shuffled }, rules, { votesOf: votes001 });
        const ledger = buildLedger(bs, roster, rules);
        return (
          bs.every((b) => b.account !== 'Host') &&
          JSON.stringify(again) === JSON.stringify(bs) &&
          JSON.stringify(JSON.parse(JSON.stringify(ledger))) === JSON.stringify(ledger) &&
          new Set(bs.map((b) => b.id)).size === bs.length
        );
      }),
      { numRuns: 200 },
    );
  });
});
