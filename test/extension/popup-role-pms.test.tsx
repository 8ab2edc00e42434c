/**
 * The game page's role PMs (issue 19), in the popup with the worker's real
 * handlers over an in-memory IndexedDB: one PM per player from the engine's
 * composer, in the game's post language and dialect, each copied and recorded
 * as published; a player whose role is not entered is listed, with no PM.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId, byTestId as get } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { listPublishedPosts } from '../../extension/storage/games';
import { composeRolePms, findRuleset } from '../../src/engine';

const freshDb = freshDatabases('gavel-popup-role-pms');
const popup = popupUnderTest();
const { click, choose } = popup;

const roles: Readonly<Record<string, { faction: string; role: string }>> = {
  Alpha_Wolf: { faction: 'mafia', role: 'goon' },
  Bluebell: { faction: 'mafia', role: 'mafia-roleblocker' },
  Corvid: { faction: 'town', role: 'cop' },
  Dandelion: { faction: 'town', role: 'doctor' },
};

async function mount(
  dialect: 'bbcode' | 'markdown' = 'bbcode',
  presetId: 'forum-template-001' | 'forum-standard' = 'forum-template-001',
  roleOf: Readonly<Record<string, { faction: string; role: string }>> = roles,
) {
  const database = freshDb();
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: null,
    title: 'Mini 2191',
    presetId,
    roster: { from: 'text', text: 'Alpha_Wolf\nBluebell\nCorvid\nDandelion\nElm' },
  });
  // Elm's role is not entered yet.
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roleOf[p.name] })), dialect },
  });
  const clipboard: string[] = [];
  const connector = workerConnector(call, {
    copy: (text: string) => {
      clipboard.push(text);
      return Promise.resolve();
    },
  });
  const { root } = await popup.open(connector, game.id);
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? '';
  return { root, clipboard, database, gameId: game.id, slot, players: game.players, call };
}

const pmText = (root: HTMLElement, slotId: string): string => get(root, `post-role-pm-${slotId}`).querySelector('pre')?.textContent ?? '';

describe('the role PMs on the game page', () => {
  it('shows one PM per player with a role, the composer’s text, and lists the player without one', async () => {
    const { root, slot, players } = await mount();
    const section = get(root, 'role-pms');
    expect(section.querySelector('h2')?.textContent).toBe('Role PMs');
    expect(get(root, 'role-pms-hint').textContent).toContain('Written in English, in BBCode');
    expect(allByTestId(section, 'post-role-pm-' + slot('Corvid'))).toHaveLength(1);
    expect([...section.querySelectorAll('.gavel-copyable strong')].map((s) => s.textContent)).toEqual([
      'PM to Alpha_Wolf',
      'PM to Bluebell',
      'PM to Corvid',
      'PM to Dandelion',
    ]);
    expect(get(root, 'role-pms-gaps').textContent).toBe('No PM for Elm yet: the role or side is not entered.');
    // The text is the engine's, for the game's players.
    const ruleset = findRuleset('forum-template-001');
    if (ruleset === undefined) throw new Error('no preset');
    const expected = composeRolePms(
      { players: players.map((p) => ({ ...p, ...roles[p.name], slot: { id: p.slotId } })) },
      ruleset,
      'en',
      'bbcode',
    );
    for (const pm of expected.pms) expect(pmText(root, pm.to)).toBe(pm.text);
    // The mafia are told each other; the Cop is told nobody.
    expect(pmText(root, slot('Alpha_Wolf'))).toContain('[b]Your team (Mafia)[/b]\nBluebell: Mafia Roleblocker');
    expect(pmText(root, slot('Corvid'))).not.toContain('Alpha_Wolf');
  });

  it('copies a PM and records it as a published role PM of no phase', async () => {
    const { root, clipboard, database, gameId, slot } = await mount();
    const text = pmText(root, slot('Dandelion'));
    await click(get(root, `copy-role-pm-${slot('Dandelion')}`));
    expect(clipboard).toEqual([text]);
    expect(get(root, `copy-role-pm-${slot('Dandelion')}`).textContent).toBe('Copied ✓');
    expect((await listPublishedPosts(database, gameId)).map((p) => [p.kind, p.phase, p.text, p.dialect])).toEqual([
      ['role-pm', null, text, 'bbcode'],
    ]);
  });

  it('follows the game’s dialect and post language', async () => {
    const { root, slot } = await mount('markdown');
    expect(pmText(root, slot('Alpha_Wolf'))).toContain('**Your team (Mafia)**\nBluebell: Mafia Roleblocker');
    await choose(get<HTMLSelectElement>(root, 'game-post-language'), 'Russian');
    expect(get(root, 'role-pms-hint').textContent).toContain('Written in Russian, in Markdown');
    expect(pmText(root, slot('Corvid'))).toContain('Ваша роль: **Комиссар**');
    expect(pmText(root, slot('Alpha_Wolf'))).toContain('**Ваша команда (Мафия)**');
  });

  it("the Lyncher's PM waits for his target; the host names it here, and the saved setup gives the PM", async () => {
    const { root, slot, gameId, call } = await mount('bbcode', 'forum-standard', {
      Alpha_Wolf: { faction: 'mafia', role: 'goon' },
      Bluebell: { faction: 'lyncher', role: 'lyncher' },
      Corvid: { faction: 'town', role: 'cop' },
      Dandelion: { faction: 'town', role: 'vanilla' },
      Elm: { faction: 'town', role: 'vanilla' },
    });
    expect(get(root, 'role-pms-gaps').textContent).toBe('No PM for Bluebell yet: the role needs a target the setup does not give.');
    expect(root.querySelector(`[data-testid="post-role-pm-${slot('Bluebell')}"]`)).toBeNull();
    await choose(get<HTMLSelectElement>(root, `role-pm-target-${slot('Bluebell')}`), 'Corvid');
    await click(get(root, 'save-setup'));
    const lyncher = pmText(root, slot('Bluebell'));
    expect(lyncher).toContain('Your target: [b]Corvid[/b]');
    expect(lyncher).toContain('You win if Corvid is lynched while you are alive.');
    expect(root.querySelector('[data-testid="role-pms-gaps"]')).toBeNull();
    const stored = await call('game/get', { id: gameId });
    expect(stored?.players.find((p) => p.name === 'Bluebell')?.target).toBe(slot('Corvid'));
    // The target is the Lyncher's alone: Corvid's PM says nothing of it.
    expect(pmText(root, slot('Corvid'))).not.toContain('Bluebell');
  });
});
