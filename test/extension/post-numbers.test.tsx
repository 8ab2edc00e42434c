/**
 * Post numbers as the forum shows them: on an SMF thread, whose opening post is unnumbered
 * and whose second post is "Reply #1", the post Gavel numbers 5 is shown as #4 by the
 * worker's count (its vote count post), the panel and the badges; the numbers a host picks
 * a count "as of" by stay Gavel's. A phpBB thread keeps Gavel's numbers.
 */
import { signal } from '@preact/signals';
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { panelModelOf, idlePanelActions } from './panel-model';
import { countFromPosts } from '../../extension/background/count-view';
import { countThread } from '../../extension/background/thread-count';
import { BadgeRow } from '../../extension/content/badges';
import { Panel, type PanelModel } from '../../extension/content/panel';
import { translatorFor } from '../../extension/shared/catalogs';
import type { VoteCountView } from '../../extension/shared/protocol';
import { savePage } from '../../extension/storage/repository';
import { shownPostNumber, type BodyNode, type ForumPost } from '../../src/model/post';
import { postNumberingOf } from '../../src/parsers';
import { freshDatabases } from './fresh-db';
import { gameWorker, workerCall } from './popup-worker';
import { onePageReport } from './thread-report';

const bold = (text: string): BodyNode => ({ type: 'text', text, bold: true });
const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });

/** An SMF thread as the SMF adapter numbers it: the opening post is 1, "Reply #N" is N + 1. */
function smfThread(): ForumPost[] {
  const bodies: [string, BodyNode[]][] = [
    ['Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')],
    ['Alice', lines(bold('Vote: Bob'))], // Reply #1
    ['Carol', lines(bold('Vote: Bob'))], // Reply #2
    ['Dave', lines('Vote: Alice')], // Reply #3, not in bold
    ['Eve', lines(bold('Vote: Bob'))], // Reply #4: the hammer
  ];
  return bodies.map(([author, body], i) => ({ id: String(500 + i), number: i + 1, author, postedAt: Date.UTC(2026, 10, 20, 9, i), body }));
}

const newDb = freshDatabases('post-numbers');

describe('post numbers as the forum shows them', () => {
  it('the worker counts an SMF thread with SMF’s numbering, and its vote count post names Reply #4 as post #4', async () => {
    const db = newDb();
    const origin = 'https://smf.example.org';
    await savePage(db, { ...onePageReport({ origin, threadId: '88', title: 'Mafia' }, smfThread()), engine: 'smf' }, 1);
    const { result } = await countThread(db, origin, '88');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count.numbering).toEqual(postNumberingOf('smf'));
    // the view keeps Gavel's numbers, which the host's "count as of" asks by
    expect(result.count.hammer).toEqual({ target: 'Bob', post: 5 });
    expect(result.count.voteCountPost.text).toContain('Bob was hammered in post #4.');
    expect(result.count.voteCountPost.text).toContain('(as of post #4)');
  });

  it('a phpBB thread keeps Gavel’s numbers in the vote count post', async () => {
    const db = newDb();
    const origin = 'https://forum.example.org';
    await savePage(db, onePageReport({ origin, threadId: '9', title: 'Mafia' }, smfThread()), 1);
    const { result } = await countThread(db, origin, '9');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.count.voteCountPost.text).toContain('Bob was hammered in post #5.');
  });

  it('the breach ledger of an SMF game carries SMF’s numbering, for the popup to show its breaches’ posts by', async () => {
    const db = newDb();
    const origin = 'https://smf.example.org';
    await savePage(db, { ...onePageReport({ origin, threadId: '88', title: 'Mafia' }, smfThread()), engine: 'smf' }, 1);
    let clock = Date.UTC(2026, 10, 21, 21, 0);
    const call = workerCall(gameWorker(db, () => (clock += 1000)));
    const game = await call('game/create', {
      threadKey: `${origin}|88`,
      title: 'Mafia',
      presetId: 'forum-template-001',
      roster: { from: 'text', text: ['Alice', 'Bob', 'Carol', 'Dave', 'Eve'].join('\n') },
    });
    await call('game/update', { id: game.id, patch: { roster: { ...game.roster, hosts: ['Host'] } } });
    const ledger = await call('breach/ledger', { gameId: game.id });
    expect(ledger.reason).toBeNull();
    expect(ledger.numbering).toEqual(postNumberingOf('smf'));
  });

  function smfView(): VoteCountView {
    const result = countFromPosts(smfThread(), { numbering: postNumberingOf('smf') });
    if (!result.ok) throw new Error(result.reason);
    return result.count;
  }

  it('the panel shows the hammer, the as-of post and the votes not counted by the numbers SMF shows', () => {
    const count = smfView();
    const model = signal<PanelModel>(
      panelModelOf(count, {
        engine: 'smf',
        engineName: 'SMF 2.0 and 2.1',
        origin: 'https://smf.example.org',
        threadId: '88',
        title: 'Mafia',
        posts: 5,
      }),
    );
    const host = document.createElement('div');
    render(h(Panel, { model, actions: idlePanelActions }), host);
    const text = host.textContent ?? '';
    expect(text).toContain('Bob hammered (post #4)');
    expect(text).toContain('as of post #4');
    expect(host.querySelector('[data-testid="gavel-hammer"]')?.textContent).toContain('post #4');
    expect(host.querySelector('[data-testid="gavel-not-counted"]')?.textContent).toContain('#3 Dave');
    expect(text).not.toMatch(/post #5|#4 Dave/);
    render(null, host);
  });

  it('a badge row says “count as of #4” on Reply #4, and asks the count as of Gavel’s post 5', () => {
    const host = document.createElement('div');
    const asked: number[] = [];
    const numbering = postNumberingOf('smf');
    render(
      h(BadgeRow, {
        number: 5,
        shown: shownPostNumber(5, numbering),
        verdict: undefined,
        selected: true,
        onCountAsOf: (n: number) => asked.push(n),
        t: translatorFor('en'),
      }),
      host,
    );
    const button = host.querySelector<HTMLButtonElement>('[data-testid="gavel-count-as-of"]');
    expect(button?.textContent).toBe('count as of #4');
    button?.click();
    expect(asked).toEqual([5]);
    render(null, host);
  });
});
