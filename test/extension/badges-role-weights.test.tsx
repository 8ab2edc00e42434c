/**
 * Issue 19: a vote whose weight a role changes (a Voteless player's 0, a
 * Doublevoter's 2) says so on the post's badge, in the host's language.
 */
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { BadgeRow } from '../../extension/content/badges';
import { translatorFor } from '../../extension/shared/catalogs';
import type { PostVerdictView } from '../../extension/shared/protocol';

const verdict = (weight?: number): PostVerdictView => ({
  post: 3,
  postId: 'p3',
  author: 'Bob',
  phase: 'Day 1',
  votes: [
    {
      action: 'vote',
      text: 'Vote: Gus',
      written: 'Gus',
      counted: true,
      target: 'Gus',
      reason: null,
      code: null,
      ...(weight === undefined ? {} : { weight }),
    },
  ],
  marks: [],
});

function badgeText(v: PostVerdictView, language: 'en' | 'ru'): string[] {
  const el = document.createElement('div');
  render(h(BadgeRow, { number: 3, shown: 3, verdict: v, selected: false, onCountAsOf: () => undefined, t: translatorFor(language) }), el);
  return [...el.querySelectorAll<HTMLElement>('[data-testid="gavel-badge"]')].map((b) => b.textContent);
}

describe('the badge of a vote a role weighs', () => {
  it('a Voteless player’s vote ("may post votes, but they count nothing") is shown counted at 0', () => {
    expect(badgeText(verdict(0), 'en')).toEqual(["counted: vote for Gus, worth 0 by the voter's role"]);
    expect(badgeText(verdict(0), 'ru')).toEqual(['засчитано: голос за Gus, по роли голосующего стоит 0']);
  });

  it('a plain vote keeps its plain badge', () => {
    expect(badgeText(verdict(), 'en')).toEqual(['counted: vote for Gus']);
  });
});
