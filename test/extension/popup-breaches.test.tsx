/**
 * The breach ledger in the popup, rendered with a connector whose requests go
 * to the worker's real handlers over an in-memory IndexedDB: the host sees who
 * breached which rule with a badge for their standing, opens the post, pardons
 * an edit with a note (not without one), sees it struck through with the note,
 * and takes the pardon back. Names and post links from the page stay text.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { listPardons } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const names = ['Alpha_Wolf', 'Bluebell', 'Corvid', 'Dandelion', 'Elm'];
const stranger = '<img src=x onerror=alert(1)>';

function posts(): ForumPost[] {
  let n = 0;
  const say = (author: string, text: string, extra: Partial<ForumPost> = {}): ForumPost => {
    const number = n++;
    return {
      id: `p${number}`,
      number,
      author,
      postedAt: null,
      permalink: `${origin}/viewtopic.php?p=${number}#p${number}`,
      body: [{ type: 'text', text }],
      ...extra,
    };
  };
  const talk = (author: string, round: number) =>
    say(author, `Round ${round}: here is my long read of the thread so far, with reasons for each of my suspicions.`);
  return [
    say('Host', 'Mini 2187. Day 1 begins.'),
    ...[1, 2].flatMap((round) => names.map((name) => talk(name, round))),
    ...names.filter((name) => name !== 'Elm').map((name) => talk(name, 3)),
    say('Elm', 'Round 3: changed my mind about the wagon on Corvid, see my reasons above please.', { edited: { by: 'Elm' } }),
    say(stranger, 'Can I join the game? This looks like a fun one to play in.'),
    say('Host', 'Night 1 has started.'),
    // A page's link that is not a web address is never made a link.
    say('Corvid', 'Sorry, I thought it was still day when I wrote this post.', { permalink: 'javascript:alert(1)' }),
    say('Host', 'Day 2 begins. Nobody died.'),
  ];
}

const freshDb = freshDatabases('gavel-popup-breaches');
// The panel asks for its ledger from an effect after it renders: a shown panel is ready once it has it.
const popup = popupUnderTest({
  ready: (store) => document.querySelector('[data-testid="breaches-panel"]') === null || store.breaches.ledger.value !== null,
});
const { click, type } = popup;

async function mount() {
  const database = freshDb();
  const report = onePageReport({ origin, threadId: '7', title: 'Mini 2187' }, posts());
  await savePage(database, report, 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const now = () => (clock += 1000);
  const call = workerCall({
    ...gameWorker(database, now),
  });
  let game = await call('game/create', {
    threadKey: `${origin}|7`,
    title: 'Mini 2187',
    presetId: 'forum-template-001',
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', { id: game.id, patch: { roster: { ...game.roster, hosts: ['Host'] } } });
  const opened: string[] = [];
  const connector = workerConnector(call, {
    openTab: (url) => {
      opened.push(url);
      return Promise.resolve();
    },
  });
  const { root } = await popup.open(connector, game.id);
  return { root, database, gameId: game.id, opened };
}

const playerRow = (root: ParentNode, name: string): HTMLElement => {
  const row = all(root, 'ledger-player').find((p) => p.querySelector('.gavel-ledger__name')?.textContent === name);
  if (row === undefined) throw new Error(`${name} is not listed among the players with breaches`);
  return row;
};

describe('the breach ledger in the popup', () => {
  it('lists the players with breaches first, most serious first, with their standing, the rule and the sanction', async () => {
    const { root } = await mount();
    const panel = get(root, 'breaches-panel');
    const rows = all(panel, 'ledger-player');
    expect(rows.map((r) => [r.querySelector('.gavel-ledger__name')?.textContent, r.dataset['standing']])).toEqual([
      ['Elm', 'mod-kill-due'],
      ['Corvid', 'warned'],
      [stranger, 'warned'],
    ]);
    const elm = playerRow(panel, 'Elm');
    expect(get(elm, 'ledger-standing').textContent).toBe('mod kill due');
    expect(get(elm, 'breach').textContent).toContain('edited a post');
    expect(get(elm, 'breach').textContent).toContain('mod kill');
    expect(get(playerRow(panel, 'Corvid'), 'ledger-standing').textContent).toBe('warned');
    // The clear players' names are separate items (a name may hold a comma), not joined into prose.
    const clear = get(panel, 'breaches-clear');
    expect(clear.textContent).toMatch(/^Clear \(3\):/);
    expect([...clear.querySelectorAll('.gavel-names__name')].map((n) => n.textContent)).toEqual(['Alpha_Wolf', 'Bluebell', 'Dandelion']);
  });

  it('shows names from the page as text, and links only to web addresses', async () => {
    const { root, opened } = await mount();
    const panel = get(root, 'breaches-panel');
    expect(panel.querySelector('img')).toBeNull();
    expect(playerRow(panel, stranger).textContent).toContain('not in the game');
    // Corvid's night post came with a javascript: address: its number is shown, not linked.
    const night = get(playerRow(panel, 'Corvid'), 'breach');
    expect(night.querySelector('a')).toBeNull();
    expect(night.textContent).toContain('#18');
    const edit = get<HTMLAnchorElement>(playerRow(panel, 'Elm'), 'breach-post-link');
    expect(edit.textContent).toBe('#15');
    expect(edit.target).toBe('_blank');
    await click(edit);
    expect(opened).toEqual([`${origin}/viewtopic.php?p=15#p15`]);
  });

  it('pardons an edit only with a note, strikes it through with the note, and takes the pardon back', async () => {
    const { root, database, gameId } = await mount();
    const panel = get(root, 'breaches-panel');
    await click(get(playerRow(panel, 'Elm'), 'breach-pardon'));
    await click(get(playerRow(panel, 'Elm'), 'breach-pardon-confirm'));
    expect(get(panel, 'breaches-problem').textContent).toBe('A pardon needs a note: say why');
    expect(await listPardons(database, gameId)).toEqual([]);

    await type(get<HTMLInputElement>(playerRow(panel, 'Elm'), 'breach-pardon-note-input'), 'fixed a typo, allowed');
    await click(get(playerRow(panel, 'Elm'), 'breach-pardon-confirm'));
    expect(panel.querySelector('[data-testid="breaches-problem"]')).toBeNull();
    const elm = playerRow(panel, 'Elm');
    expect(elm.dataset['standing']).toBe('clear');
    expect(elm.querySelector('[data-testid="ledger-standing"]')).toBeNull();
    expect(get(elm, 'breach').classList.contains('gavel-breach--pardoned')).toBe(true);
    expect(get(elm, 'breach-pardon-note').textContent).toBe('Pardoned: fixed a typo, allowed');
    // The pardoned player now comes after those whose breaches still count.
    expect(all(panel, 'ledger-player').map((r) => r.querySelector('.gavel-ledger__name')?.textContent)).toEqual([
      'Corvid',
      stranger,
      'Elm',
    ]);
    expect(await listPardons(database, gameId)).toEqual([
      expect.objectContaining({ breachId: 'post/edited@p15', note: 'fixed a typo, allowed' }),
    ]);

    await click(get(playerRow(panel, 'Elm'), 'breach-unpardon'));
    expect(playerRow(panel, 'Elm').dataset['standing']).toBe('mod-kill-due');
    expect(get(playerRow(panel, 'Elm'), 'breach').classList.contains('gavel-breach--pardoned')).toBe(false);
    expect(await listPardons(database, gameId)).toEqual([]);
  });

  it("shows the game's breach rules in words with their figures, and edits them for this game: the ledger follows", async () => {
    const { root, database, gameId } = await mount();
    const panel = get(root, 'breaches-panel');
    const activity = () => all(panel, 'breach-rule').find((r) => r.dataset['section'] === 'inactivity');
    expect(activity()?.textContent).toContain('At least 3 posts each day.');
    expect(activity()?.textContent).toContain("A post counts only with at least 40 characters of the player's own words.");
    // Everyone wrote three long posts on Day 1: no one is inactive under the template's three.
    expect(all(panel, 'breach').some((b) => b.textContent.includes('too few posts'))).toBe(false);

    await click(get(panel, 'breach-rules-edit'));
    const editor = get(panel, 'breach-rules-editor');
    await type(get<HTMLInputElement>(editor, 'rules-min-posts'), '4');
    // The rule as it will read, before saving.
    const section = all(editor, 'rules-section').find((s) => s.dataset['section'] === 'inactivity');
    expect(section === undefined ? '' : get(section, 'rules-section-terms').textContent).toContain('At least 4 posts each day.');
    await click(get(editor, 'rules-save'));
    expect(panel.querySelector('[data-testid="breach-rules-editor"]')).toBeNull();
    expect(activity()?.textContent).toContain('At least 4 posts each day.');
    const inactive = all(panel, 'ledger-player').filter((r) => r.textContent.includes('too few posts'));
    expect(inactive.length).toBe(names.length);
    expect((await database.games.get(gameId))?.breachRules?.inactivity.minPosts).toBe(4);

    // Back to the ruleset's rules.
    await click(get(panel, 'breach-rules-edit'));
    await click(get(panel, 'rules-reset'));
    expect(activity()?.textContent).toContain('At least 3 posts each day.');
    expect((await database.games.get(gameId))?.breachRules).toBeUndefined();
  });

  it('pardons several breaches with one note: all of a kind, or all of them', async () => {
    const { root, database, gameId } = await mount();
    const panel = get(root, 'breaches-panel');
    const bulk = get(panel, 'bulk-pardon');
    await popup.choose(get<HTMLSelectElement>(bulk, 'bulk-kind'), 'posted at night');
    expect(get(panel, 'bulk-count').textContent).toBe('1 breach chosen');
    await click(get(bulk, 'bulk-all'));
    expect(get(panel, 'bulk-count').textContent).toBe('3 breaches chosen');
    // The placeholder is short enough to show whole.
    expect(get<HTMLInputElement>(panel, 'bulk-note').placeholder).toBe('Why? e.g. a typo fix');
    await click(get(panel, 'bulk-confirm'));
    expect(get(panel, 'breaches-problem').textContent).toBe('A pardon needs a note: say why');
    await type(get<HTMLInputElement>(panel, 'bulk-note'), 'first game of a new forum, all forgiven');
    await click(get(panel, 'bulk-confirm'));
    expect(all(panel, 'ledger-player').every((r) => r.dataset['standing'] === 'clear')).toBe(true);
    const pardons = await listPardons(database, gameId);
    expect(pardons.map((p) => p.note)).toEqual(Array(3).fill('first game of a new forum, all forgiven'));
    expect(panel.querySelector('[data-testid="bulk-form"]')).toBeNull();
  });
});
