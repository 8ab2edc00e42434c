/**
 * Posters on no slot linked to their slots, where the host looks: a line per
 * applied link and per suggestion in the thread panel, and in the popup's
 * roster a suggestion the host accepts, which adds the account to the slot
 * through the roster's own editing and saving.
 */
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { panelModelOf, idlePanelActions } from './panel-model';
import { countFromPosts } from '../../extension/background/count-view';
import { createPanelState, Panel } from '../../extension/content/panel';
import type { VoteCountView } from '../../extension/shared/protocol';
import { savePage } from '../../extension/storage/repository';
import type { BodyNode, ForumPost } from '../../src/model/post';
import { freshDatabases } from './fresh-db';
import { byTestId as get } from './popup-dom';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { onePageReport } from './thread-report';

const text = (t: string, bold?: true): BodyNode => ({ type: 'text', text: t, ...(bold === undefined ? {} : { bold }) });
const lines = (...parts: BodyNode[]): BodyNode[] => parts.flatMap((p, i): BodyNode[] => (i === 0 ? [p] : [{ type: 'break' }, p]));
const thread = (...posts: [author: string, body: BodyNode[]][]): ForumPost[] =>
  posts.map(([author, body], number) => ({ id: `p${number}`, number, author, postedAt: null, body }));

function countOf(posts: readonly ForumPost[]): VoteCountView {
  const result = countFromPosts(posts);
  if (!result.ok) throw new Error(result.reason);
  return result.count;
}

describe('the thread panel says which posters it linked to which slot, and why', () => {
  let host: HTMLElement | undefined;
  afterEach(() => {
    if (host !== undefined) render(null, host);
    host?.remove();
  });

  const panelText = (count: VoteCountView, testId: string): string[] => {
    host = document.createElement('div');
    document.body.append(host);
    const model = createPanelState(panelModelOf(count, { title: 'Mini 2191', posts: 8 }));
    render(<Panel model={model} actions={idlePanelActions} />, host);
    return [...host.querySelectorAll(`[data-testid="${testId}"]`)].map((n) => n.textContent ?? '');
  };

  it('shows an applied link with its evidence, and counts the linked player’s vote', () => {
    // The host typed "Jilyne" for jilynne1991.
    const count = countOf(
      thread(
        [
          'Host',
          lines(text('Players:'), text('Alice'), text('Bob'), text('Jilyne'), text('Dave'), text('Eve'), text(''), text('Day 1 begins.')),
        ],
        ['jilynne1991', lines(text('Hi all.'))],
        ['Alice', lines(text('Vote: Bob', true))],
        ['jilynne1991', lines(text('Vote: Bob', true))],
        ['jilynne1991', lines(text('Bob is scum.'))],
      ),
    );
    expect(count.accountLinks).toEqual([
      {
        account: 'jilynne1991',
        slotId: 'slot-3',
        slot: 'Jilyne',
        applied: true,
        heldBack: null,
        evidence: [{ kind: 'edit-distance', name: 'Jilyne', distance: 1 }],
        posts: 3,
        firstPost: 1,
      },
    ]);
    expect(count.wagons[0]).toMatchObject({ target: 'Bob', votes: 2, voters: ['Alice', 'Jilyne'] });
    expect(panelText(count, 'gavel-link-applied')).toEqual(['jilynne1991 posts as Jilyne (misspelling of “Jilyne”)']);
  });

  it('shows a suggestion it did not apply, with why, and refuses the votes meanwhile', () => {
    // "mattblackguy" may be "mbg", but the likeness is loose and Elm never posts either: the host decides.
    const count = countOf(
      thread(
        ['Host', lines(text('Players:'), text('Alice'), text('Bob'), text('mbg'), text('Elm'), text(''), text('Day 1 begins.'))],
        ['mattblackguy', lines(text('Hello.'))],
        ['Alice', lines(text('Vote: Bob', true))],
        ['mattblackguy', lines(text('Vote: Bob', true))],
        ['mattblackguy', lines(text('Hmm.'))],
        ['Bob', lines(text('No.'))],
      ),
    );
    expect(count.accountLinks.map((l) => [l.account, l.slot, l.applied, l.heldBack])).toEqual([
      ['mattblackguy', 'mbg', false, 'link/weak-evidence'],
    ]);
    expect(count.notCounted.map((v) => [v.author, v.code])).toEqual([['mattblackguy', 'vote/voter-not-in-game']]);
    expect(panelText(count, 'gavel-link-suggested')).toEqual([
      "mattblackguy may be mbg (short for “mbg”), not linked: the likeness is weak. Accept it in Gavel's popup.",
    ]);
  });

  it('tells the host when one account is listed in two slots, and from which post it counts for the later one', () => {
    // Bezukhov's first slot died; later he replaced Carol.
    const count = countOf(
      thread(
        [
          'Host',
          lines(text('Players:'), text('Bezukhov'), text('Alice'), text('Bezukhov replaced Carol'), text(''), text('Day 1 begins.')),
        ],
        ['Carol', lines(text('Vote: Alice', true))],
        ['Bezukhov', lines(text('Hello.'))],
        ['Carol', lines(text('Bye.'))],
        ['Bezukhov', lines(text('Vote: Alice', true))],
      ),
    );
    expect(count.sharedAccounts).toEqual([
      { account: 'Bezukhov', slots: ['Bezukhov', 'Carol/Bezukhov'], latest: 'Carol/Bezukhov', from: 4 },
    ]);
    expect(panelText(count, 'gavel-link-shared')).toEqual([
      'Bezukhov is listed in several slots (Bezukhov, Carol/Bezukhov): each post counts for the slot it holds then, Carol/Bezukhov from post #4',
    ]);
    // Carol's vote and then Bezukhov's, for the same slot: one vote on Alice, not two.
    expect(count.wagons).toMatchObject([{ target: 'Alice', votes: 1 }]);
  });

  it('shows nothing about links where every poster is on the roster', () => {
    const count = countOf(
      thread(
        ['Host', lines(text('Players:'), text('Alice'), text('Bob'), text(''), text('Day 1 begins.'))],
        ['Alice', lines(text('Vote: Bob', true))],
      ),
    );
    expect(count.accountLinks).toEqual([]);
    expect(panelText(count, 'gavel-links')).toEqual([]);
  });
});

describe('the popup roster: accepting a suggested link', () => {
  const origin = 'https://forum.example';
  const posts = thread(
    ['Host', lines(text('Day 1 begins'))],
    ['mattblackguy', lines(text('Hello.'))],
    ['Bluebell', lines(text('Vote: Alpha_Wolf', true))],
    ['mattblackguy', lines(text('Vote: Alpha_Wolf', true))],
    ['mattblackguy', lines(text('Thoughts later.'))],
    ['Corvid', lines(text('Hi.'))],
  );
  const freshDb = freshDatabases('gavel-account-links');
  const popup = popupUnderTest();

  it('adds the account to the slot through the roster’s save, and the count then takes its vote', async () => {
    const database = freshDb();
    await savePage(database, onePageReport({ origin, threadId: '11', title: 'Mini 2192' }, posts), 1000);
    let clock = Date.UTC(2026, 10, 21, 21, 0);
    const call = workerCall(gameWorker(database, () => (clock += 1000)));
    let game = await call('game/create', {
      threadKey: `${origin}|11`,
      title: 'Mini 2192',
      presetId: 'forum-template-001',
      roster: { from: 'text', text: 'Alpha_Wolf\nBluebell\nCorvid\nmbg\nElm' },
    });
    game = await call('game/update', { id: game.id, patch: { roster: { ...game.roster, hosts: ['Host'] } } });
    await call('game/event', {
      id: game.id,
      action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 1 } } },
    });

    const { root } = await popup.open(workerConnector(call), game.id);
    await vi.waitFor(() => get(root, 'roster-link-suggested'));
    expect(get(root, 'roster-link-suggested').textContent).toContain(
      'mattblackguy may be mbg (short for “mbg”), not linked: the likeness is weak',
    );
    await popup.click(get(root, 'roster-link-accept'));
    // The account is in the draft, before the slot's own name, and saved with the roster.
    expect([...root.querySelectorAll('.gavel-player__holders')].map((n) => n.textContent)).toEqual(['mattblackguy, then mbg']);
    await popup.click(get(root, 'save-setup'));
    const stored = await database.games.get(game.id);
    expect(stored?.roster.slots[3]?.accounts.map((a) => a.name)).toEqual(['mattblackguy', 'mbg']);
    // The slot keeps its name; its player's vote now counts, and nothing is left to suggest.
    const answer = await call('game/count', { gameId: game.id });
    expect(answer.count?.wagons[0]).toMatchObject({ target: 'Alpha_Wolf', votes: 2, voters: ['Bluebell', 'mbg'] });
    expect(answer.count?.accountLinks).toEqual([]);
  });
});
