/**
 * 004 L150 "Если голос дан до объявления о начале выборов или голосования, он
 * не засчитывается", on a post: the host set the vote's opening by hand
 * (`vote/opening-set` in the game's log); the worker's count of the thread
 * refuses a vote posted before it, and the content script's badge row on that
 * post says why ("posted before the vote opened"), while a later vote is
 * badged as counted.
 */
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { contextFromGame, countFromPosts } from '../../extension/background/count-view';
import { BadgeRow } from '../../extension/content/badges';
import { translatorFor } from '../../extension/shared/catalogs';
import type { GameRecord, PostVerdictView } from '../../extension/shared/protocol';
import { rulesets } from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';

const names = ['Amy', 'Bob', 'Cat', 'Dan', 'Eve'];
const at = (minute: number): number => Date.UTC(2026, 10, 20, 18, minute);
const post = (number: number, author: string, body: BodyNode[]): ForumPost => ({
  id: String(900 + number),
  number,
  author,
  postedAt: at(number),
  body,
});
const green = (text: string): BodyNode[] => [{ type: 'text', text, color: 'green' }];
const plain = (text: string): BodyNode[] => [{ type: 'text', text }];

const posts: ForumPost[] = [
  post(0, 'Host', plain(`Players: ${names.join(', ')}. Day 1 begins.`)),
  post(1, 'Amy', plain('Hello all, who do we elect?')),
  // Before the opening the host set (18:03:30 UTC): refused.
  post(2, 'Amy', green('Bob')),
  // After it: counted.
  post(4, 'Cat', green('Bob')),
];

const game = (events: GameRecord['events']): GameRecord => ({
  id: 'g-opening',
  threadKey: 'https://forum.example|8',
  title: 'Mafia 004',
  ruleset: { presetId: 'russian-004', data: rulesets['russian-004'] },
  roster: { hosts: ['Host'], slots: names.map((name, i) => ({ id: `s${i}`, accounts: [{ name }] })) },
  rosterSource: 'the player list in post #0',
  players: [],
  phases: { firstPhase: 'day' },
  timeZone: 'Europe/Moscow',
  events,
  dialect: 'bbcode',
  createdAt: 0,
  updatedAt: 0,
});

const badgesOn = (record: GameRecord, number: number): string[] => {
  const result = countFromPosts(posts, { context: contextFromGame(record) });
  if (!result.ok) throw new Error(result.reason);
  const verdict: PostVerdictView | undefined = result.count.posts.find((p) => p.post === number);
  const el = document.createElement('div');
  render(h(BadgeRow, { number, shown: number, verdict, selected: false, onCountAsOf: () => undefined, t: translatorFor('en') }), el);
  return [...el.querySelectorAll<HTMLElement>('[data-testid="gavel-badge"]')].map((b) => b.textContent);
};

describe('the badge of a vote posted before the vote opened (004 L150)', () => {
  it('says "posted before the vote opened" on the early post, once the host set the opening', () => {
    const set = game([{ type: 'vote/opening-set', day: 1, at: at(3) + 30_000 }]);
    expect(badgesOn(set, 2).join(' | ')).toContain('posted before the vote opened');
    expect(badgesOn(set, 4).join(' | ')).not.toContain('posted before the vote opened');
    expect(badgesOn(set, 4).join(' | ')).toContain('Bob');
    // Without the host's time (and no announcement read), the same post is not refused for it.
    expect(badgesOn(game([]), 2).join(' | ')).not.toContain('posted before the vote opened');
  });
});
