/**
 * The thread panel and the badge rows on breaches (issue 16, parts 2 and 5):
 * with no game set up the panel judges no rule and says so; with a game each
 * breach says what was found and the rule it applies with its figures, in the
 * host's language; names are separate items; the host's posts are never
 * badged as votes; a post wears one badge per reason; the hammer post wears a
 * hammer; the copy button stays outside the scrolling body.
 */
import { h, render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { idlePanelActions, panelModelOf } from './panel-model';
import { contextFromGame, countFromPosts } from '../../extension/background/count-view';
import { wordBreaches } from '../../extension/background/handlers/thread';
import { BadgeRow, voteBadges } from '../../extension/content/badges';
import { createPanelState, Panel } from '../../extension/content/panel';
import { translatorFor } from '../../extension/shared/catalogs';
import type { GameRecord, PostVerdictView, VoteCountView } from '../../extension/shared/protocol';
import { rulesets } from '../../src/engine';
import type { BodyNode, ForumPost } from '../../src/model/post';

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const long = (topic: string): string => `${topic}: I have been reading the thread and I think we should talk about it more.`;

let n = 0;
const post = (author: string, body: BodyNode[], extra: Partial<ForumPost> = {}): ForumPost => {
  const number = n++;
  return { id: String(700 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body, ...extra };
};

const names = ['Amy', 'Bob', 'Cat, the Cook', 'Dan'];

/** Day 1: Cat posts once, Dan edits a post, Amy, Bob and Dan hammer Cat; the host's vote count heading; Night 1; Day 2. */
function thread(): ForumPost[] {
  n = 0;
  return [
    post('Host', lines('Players:', ...names, '', 'Day 1 begins.')),
    post('Amy', lines(long('One'))),
    post('Bob', lines(long('One'))),
    post('Cat, the Cook', lines('hi all')),
    post('Dan', lines(long('One')), { edited: { at: Date.UTC(2026, 10, 20, 14, 30), by: 'Dan' } }),
    post('Host', lines('Vote Count 1.1', 'No votes yet')),
    post(
      'Amy',
      lines(
        { type: 'quote', author: 'Bob', children: [bold('Vote: Dan')] },
        { type: 'quote', author: 'Bob', children: [bold('Vote: Dan')] },
        bold('Vote: Cat, the Cook'),
      ),
    ),
    post('Bob', lines(bold('Vote: Cat, the Cook'))),
    post('Dan', lines(bold('Vote: Cat, the Cook'))),
    post('Host', lines('Cat, the Cook has been lynched.', 'Night 1 begins.')),
    post('Host', lines('Day 2 begins.')),
  ];
}

const game: GameRecord = {
  id: 'g-panel',
  threadKey: 'https://forum.example|1',
  title: 'Mini',
  ruleset: { presetId: 'forum-template-001', data: rulesets['forum-template-001'] },
  roster: { hosts: ['Host'], slots: names.map((name, i) => ({ id: `s${i}`, accounts: [{ name }] })) },
  rosterSource: 'the player list in post #0',
  players: [],
  phases: { firstPhase: 'day' },
  timeZone: 'Europe/Moscow',
  events: [],
  dialect: 'bbcode',
  createdAt: 0,
  updatedAt: 0,
};

function counted(withGame: boolean, language: 'en' | 'ru' = 'en'): VoteCountView {
  const result = countFromPosts(thread(), withGame ? { context: contextFromGame(game) } : {});
  if (!result.ok) throw new Error(result.reason);
  return wordBreaches(result.count, translatorFor(language));
}

let host: HTMLElement | undefined;
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
});

function panel(count: VoteCountView, language: 'en' | 'ru' = 'en'): HTMLElement {
  host = document.createElement('div');
  document.body.append(host);
  const model = { ...panelModelOf(count, { posts: 11 }), t: translatorFor(language) };
  render(h(Panel, { model: createPanelState(model), actions: idlePanelActions }), host);
  return host;
}

const get = (root: ParentNode, id: string): HTMLElement => {
  const found = root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (found === null) throw new Error(`no ${id}`);
  return found;
};

describe('the thread panel with no game set up', () => {
  it('judges no rule: no mod kill, no inactivity, only the edit the forum shows, and it says why', () => {
    const count = counted(false);
    expect(count.judged).toBe(false);
    const root = panel(count);
    const breaches = get(root, 'gavel-breaches');
    expect(breaches.dataset['judged']).toBe('false');
    expect(get(root, 'gavel-unjudged').textContent).toMatch(/No game is set up for this thread, so Gavel judges no breach/);
    expect(root.textContent).not.toMatch(/mod kill|too few posts|inactive/i);
    const listed = [...breaches.querySelectorAll('[data-testid="gavel-breach"]')];
    expect(listed.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Dan']);
    // The edit's moment, in words (the browser's zone with no game): never a raw ISO time.
    expect(listed[0]?.textContent).toMatch(/Edited on 20 Nov 2026, \d\d:30\./);
    expect(root.textContent).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('says so in Russian too', () => {
    const root = panel(counted(false, 'ru'), 'ru');
    expect(get(root, 'gavel-unjudged').textContent).toMatch(/^Для этой темы не создана игра/);
    expect(root.textContent).not.toMatch(/модкилл/);
    expect(get(root, 'gavel-breaches').textContent).toMatch(/Пост отредактирован 20 нояб\. 2026 г\./);
  });
});

describe('the thread panel on a game', () => {
  it('says each breach with what was found and the rule with its figures, in the game time zone', () => {
    const root = panel(counted(true));
    // Amy's long post counts; her post of quotes and a vote does not.
    const amy = [...root.querySelectorAll<HTMLElement>('[data-testid="gavel-breach"]')].find(
      (li) => li.textContent.includes('Amy') && li.textContent.includes('too few posts'),
    );
    expect(amy?.querySelector('[data-testid="gavel-breach-finding"]')?.textContent).toBe('1 post counted during Day 1; 3 required.');
    expect(amy?.querySelector('[data-testid="gavel-breach-rule"]')?.textContent).toBe(
      "At least 3 posts each day. A post counts only with at least 40 characters of the player's own words. Votes and quotations are left out of a post's own words.",
    );
    // 14:30 UTC is 17:30 in Moscow, the game's zone.
    expect(root.textContent).toContain('Edited on 20 Nov 2026, 17:30.');
  });

  it('words the breaches in Russian, phases included', () => {
    const root = panel(counted(true, 'ru'), 'ru');
    const text = root.textContent;
    expect(text).toContain('За фазу «День 1» засчитан 1 пост; требуется: 3.');
    expect(text).toContain('Пост засчитывается, только если в нём не менее 40 знаков собственного текста игрока.');

    expect(text).not.toMatch(/Day 1|Night 1/);
  });

  it('lists those not voting as separate names, a comma in a name kept in one item', () => {
    n = 0;
    const posts = [post('Host', lines('Players:', ...names, '', 'Day 1 begins.')), post('Amy', lines(bold('Vote: Bob')))];
    const result = countFromPosts(posts, { context: contextFromGame(game) });
    if (!result.ok) throw new Error(result.reason);
    const root = panel(result.count);
    const items = [...get(root, 'gavel-not-voting-names').querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Bob', 'Cat, the Cook', 'Dan']);
    expect(get(root, 'gavel-not-voting').textContent).toMatch(/^Not voting \(3\):/);
  });

  it('keeps the copy button outside the scrolling body, so it stays in view with the breaches open', () => {
    const root = panel(counted(true));
    const copy = get(root, 'gavel-copy');
    expect(copy.closest('.body')).toBeNull();
    expect(copy.closest('.foot')?.parentElement?.classList.contains('panel')).toBe(true);
    expect(get(root, 'gavel-breaches').closest('.body')).not.toBeNull();
  });
});

describe('the badge rows', () => {
  const badgesOf = (verdict: PostVerdictView | undefined): { kind: string | undefined; text: string }[] => {
    const el = document.createElement('div');
    render(
      h(BadgeRow, {
        number: verdict?.post ?? 0,
        shown: verdict?.post ?? 0,
        verdict,
        selected: false,
        onCountAsOf: () => undefined,
        t: translatorFor('en'),
      }),
      el,
    );
    return [...el.querySelectorAll<HTMLElement>('[data-testid="gavel-badge"]')].map((b) => ({
      kind: b.dataset['kind'],
      text: b.textContent,
    }));
  };

  it("never badge the host's own posts as players' votes", () => {
    const count = counted(true);
    const heading = count.posts.find((p) => p.post === 5);
    expect(heading).toBeUndefined();
    expect(badgesOf(heading)).toEqual([]);
  });

  it('give one badge per reason on a post quoting the same vote twice', () => {
    const count = counted(true);
    const amy = count.posts.find((p) => p.post === 6);
    expect(amy?.votes.filter((v) => !v.counted).length).toBe(2);
    expect(badgesOf(amy)).toEqual([
      { kind: 'not-counted', text: 'not counted: “Vote: Dan”: inside a quote' },
      { kind: 'counted', text: 'counted: vote for Cat, the Cook' },
    ]);
    expect(voteBadges(amy?.votes ?? []).length).toBe(2);
  });

  it('put a hammer badge on the hammer post', () => {
    const count = counted(true);
    const dan = count.posts.find((p) => p.post === 8);
    expect(badgesOf(dan)).toContainEqual({ kind: 'hammer', text: 'hammer: Cat, the Cook' });
    expect(count.posts.filter((p) => p.marks.some((m) => m.kind === 'hammer')).map((p) => p.post)).toEqual([8]);
  });

  it('say the inactivity rule’s figures on an inactive player’s next post', () => {
    const verdict: PostVerdictView = {
      post: 12,
      postId: '712',
      author: 'Cat',
      phase: 'Day 2',
      votes: [],
      marks: [{ kind: 'inactive', phase: { kind: 'day', number: 1 }, counted: 2, required: 3, minChars: 40 }],
    };
    expect(badgesOf(verdict)).toEqual([{ kind: 'inactive', text: 'inactive during Day 1: 2 posts of 40+ characters counted, 3 required' }]);
  });
});
