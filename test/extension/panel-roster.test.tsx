/**
 * The thread panel working from the opening post (issue 15, part 4): it says
 * so, and lists what it could not read in the player list and what the thread
 * contradicts, so a host never trusts a count built on a misread roster
 * without being told.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { panelModelOf, idlePanelActions } from './panel-model';
import { countFromPosts } from '../../extension/background/count-view';
import { createPanelState, Panel } from '../../extension/content/panel';
import { translatorFor } from '../../extension/shared/catalogs';
import type { BodyNode, ForumPost } from '../../src/model/post';

const lines = (...parts: string[]): BodyNode[] =>
  parts.flatMap((text, i): BodyNode[] => (i === 0 ? [{ type: 'text', text }] : [{ type: 'break' }, { type: 'text', text }]));
const post = (number: number, author: string, body: BodyNode[]): ForumPost => ({
  id: String(500 + number),
  number,
  author,
  postedAt: Date.UTC(2026, 10, 20, 9, number),
  body,
});

let host: HTMLElement | undefined;
afterEach(() => {
  if (host !== undefined) render(null, host);
  host?.remove();
});

function panelFor(posts: readonly ForumPost[], language: 'en' | 'ru' = 'en'): HTMLElement {
  const result = countFromPosts(posts);
  if (!result.ok) throw new Error(result.reason);
  const model = { ...panelModelOf(result.count, { posts: posts.length }), t: translatorFor(language) };
  host = document.createElement('div');
  document.body.append(host);
  render(<Panel model={createPanelState(model)} actions={idlePanelActions} />, host);
  return host;
}

describe('the thread panel on a roster read from the opening post', () => {
  it('says it works from the opening post and lists what it could not read and who does not fit', () => {
    const root = panelFor([
      post(0, 'Host', lines('Players:', 'Amy', 'Bob', 'Roles have been sent by PM.', 'Cat', '', 'Day 1 begins.')),
      post(1, 'Amy', lines('hello')),
      post(2, 'Bob', lines('hello')),
      post(3, 'Kat', lines('hi')),
      post(4, 'Kat', lines('hi')),
      post(5, 'Kat', lines('hi')),
    ]);
    expect(root.textContent).toContain('Roster: the player list in post #0 (the opening post; no game is set up for this thread).');
    const problems = root.querySelector('[data-testid="gavel-roster-problems"]');
    expect(problems?.textContent).toContain("Working from the opening post's player list");
    expect([...(problems?.querySelectorAll('li') ?? [])].map((li) => li.textContent)).toEqual([
      'reads as a sentence, not a name, so left out: “Roles have been sent by PM.”',
      'Cat is listed but has not posted in the thread',
      'Kat has posted 3 times but is not on the list',
    ]);
  });

  it('words the problems in the host’s language (issue 16: a Russian host read them in English)', () => {
    const root = panelFor(
      [
        post(0, 'Host', lines('Players:', 'Amy', 'Bob', 'Cat', '', 'Day 1 begins.')),
        post(1, 'Amy', lines('hello')),
        post(2, 'Bob', lines('hello')),
      ],
      'ru',
    );
    const items = [...(root.querySelector('[data-testid="gavel-roster-problems"]')?.querySelectorAll('li') ?? [])].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([translatorFor('ru')('popup_list_problem_never_posts', 'Cat')]);
    expect(items.join(' ')).not.toMatch(/listed|posted/);
  });

  it('shows no problem list where the list and the thread agree', () => {
    const root = panelFor([
      post(0, 'Host', lines('Players:', 'Amy', 'Bob', '', 'Day 1 begins.')),
      post(1, 'Amy', lines('hello')),
      post(2, 'Bob', lines('hello')),
    ]);
    expect(root.querySelector('[data-testid="gavel-roster-problems"]')).toBeNull();
  });
});
