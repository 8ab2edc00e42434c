/**
 * A breach rule in words: each breach names the rule it applies with its
 * figures as engine messages (codes with arguments), never English prose, so
 * every reader words it in its own language.
 */
import { describe, expect, it } from 'vitest';
import {
  breachRules001,
  breachRules004,
  breachRulesUnjudged,
  findBreaches,
  ruleTerms,
  thresholdTerms,
  type Breach,
  type BreachRules,
} from '../../../src/engine/breaches';
import { composePhases } from '../../../src/engine/phases';
import type { ForumPost, Roster } from '../../../src/engine/types';

const terms = (rules: BreachRules, reason: Breach['reason']): unknown[] =>
  ruleTerms(rules, reason).map((m) => [m.code, m.count ?? null, ...m.args.map((a) => a.value)]);

describe('the rule a breach applies, with its figures', () => {
  it("says the template's activity rule: three posts a day of 40 characters, votes and quotes left out", () => {
    expect(terms(breachRules001, 'activity/too-few-posts')).toEqual([
      ['breach-rule/min-posts-day', 3],
      ['breach-rule/min-chars', 40],
      ['breach-rule/leave-out-votes-quotes', null],
    ]);
  });

  it("says 004's wall: one before the vote, 200 characters, the last 15 minutes not counting", () => {
    expect(terms(breachRules004, 'activity/no-wall-before-vote')).toEqual([
      ['breach-rule/min-posts-before-vote', 1],
      ['breach-rule/min-chars', 200],
      ['breach-rule/late-posts', null, 15],
      ['breach-rule/leave-out-votes-quotes', null],
    ]);
    expect(terms(breachRules004, 'post/dead-player')).toEqual([
      ['breach-rule/last-words-until-vote', 1],
      ['breach-rule/last-words-colour', null, 'blue'],
    ]);
    expect(terms(breachRules004, 'post/edited')).toEqual([['breach-rule/edit-vote', null]]);
  });

  it('follows a changed figure', () => {
    const rules = { ...breachRules001, inactivity: { ...breachRules001.inactivity, minPosts: 5, minChars: 0, excludeQuoteOnly: false } };
    expect(terms(rules, 'activity/too-few-posts')).toEqual([
      ['breach-rule/min-posts-day', 5],
      ['breach-rule/leave-out-votes', null],
    ]);
  });

  it('says the thresholds, or that there are none', () => {
    expect(thresholdTerms({ warningsPerStrike: 3, strikesToModKill: 2, strikesToExile: null }).map((m) => [m.code, m.count])).toEqual([
      ['breach-rule/warnings-per-strike', 3],
      ['breach-rule/strikes-mod-kill', 2],
    ]);
    expect(thresholdTerms(breachRules001.thresholds).map((m) => m.code)).toEqual(['breach-rule/no-thresholds']);
  });
});

describe('breaches as messages', () => {
  const roster: Roster = { hosts: ['Host'], slots: ['Amy', 'Bob'].map((name) => ({ id: name, accounts: [{ name }] })) };
  const at = (n: number): number => Date.UTC(2026, 10, 20, 9, n);
  const posts: ForumPost[] = [
    { id: 'a', number: 0, author: 'Host', postedAt: at(0), body: [{ type: 'text', text: 'Day 1 begins.' }] },
    { id: 'b', number: 1, author: 'Amy', postedAt: at(1), body: [{ type: 'text', text: 'hi' }], edited: { at: at(5), by: 'Amy' } },
    { id: 'c', number: 2, author: 'Host', postedAt: at(10), body: [{ type: 'text', text: 'Night 1 begins.' }] },
    { id: 'd', number: 3, author: 'Bob', postedAt: at(11), body: [{ type: 'text', text: 'oops' }] },
  ];
  const composed = composePhases({ firstPhase: 'day' }, posts, roster.hosts);
  if (!composed.ok) throw new Error(composed.detail);

  it('carry what was found and the rule as codes, the moment of an edit as a time, not ISO text', () => {
    const found = findBreaches({ posts, roster, phases: composed.phases }, breachRules001);
    const edit = found.find((b) => b.reason === 'post/edited');
    expect(edit?.findings.map((m) => m.code)).toEqual(['breach/edited-at', 'breach/edit-vote-unknown']);
    expect(edit?.findings[0]?.args).toEqual([{ kind: 'time', value: at(5) }]);
    const night = found.find((b) => b.reason === 'post/at-night');
    expect(night?.findings).toEqual([{ code: 'breach/posted-in-closed', args: [{ kind: 'phase', value: { kind: 'night', number: 1 } }] }]);
    const inactive = found.filter((b) => b.reason === 'activity/too-few-posts');
    expect(inactive.map((b) => [b.slot, b.findings[0]?.code, b.findings[0]?.count])).toEqual([
      ['Amy', 'breach/posts-counted', 0],
      ['Bob', 'breach/posts-counted', 0],
    ]);
    for (const b of found) expect(b.terms.length, b.id).toBeGreaterThan(0);
  });

  it('judge nothing but list edits, with no sanction, when no game is set up', () => {
    const found = findBreaches({ posts, roster, phases: composed.phases }, breachRulesUnjudged);
    expect(found.map((b) => `${b.reason} ${b.sanction}`)).toEqual(['post/edited none']);
  });
});
