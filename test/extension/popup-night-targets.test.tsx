/**
 * The popup's night form against the worker's real handlers: one labelled
 * target field per target the ruleset's data lets a move take (004's Doctor
 * up to two, L4; the extended format's Executioner two on the first nights,
 * L53; a bus driver's two), the action sent with its targets in the fields'
 * order; and the Wizard's declaration of an absent role sent at night on its
 * own (004 L47), with no target.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { listNightActions } from '../../extension/storage/games';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';
import type { PresetRulesetId } from '../../src/engine/rules/registry';

const origin = 'https://forum.example';
type Cast = Readonly<Record<string, { faction: string; role: string; secondRole?: string }>>;
const names = ['Kat', 'Max', 'Doc', 'Rita', 'Sam'];
const cast: Cast = {
  Kat: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Max: { faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
  Doc: { faction: 'red', role: 'doctor' },
  Rita: { faction: 'red', role: 'citizen' },
  Sam: { faction: 'red', role: 'citizen' },
};
const post = (number: number, author: string, text: string): ForumPost => ({
  id: `p${number}`,
  number,
  author,
  postedAt: null,
  body: [{ type: 'text', text }],
});

const freshDb = freshDatabases('gavel-popup-night-targets');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(presetId: PresetRulesetId, players: Cast = cast) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '9', title: 'Mafia' }, [post(0, 'Host', 'Day 1 begins')]), 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|9`,
    title: 'Mafia',
    presetId,
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...players[p.name] })) },
  });
  await call('game/event', {
    id: game.id,
    action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'night', number: 1 } } },
  });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitForWorker(() => get(root, 'night-action-form'));
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  return { root, database, gameId: game.id, slot };
}

const label = (root: HTMLElement, i: number): string | null | undefined =>
  get(root, `night-target-${i}`).closest('label')?.querySelector('span')?.textContent;
const field = (root: HTMLElement, i: number): HTMLSelectElement | null => root.querySelector(`[data-testid="night-target-${i}"]`);
const listed = (root: HTMLElement): (string | null | undefined)[] =>
  all(root, 'night-action').map((li) => li.querySelector('span')?.textContent);

describe('one target field per target the move may take', () => {
  it('004 Doctor (L4 "одного или двух игроков"): two labelled fields, the second optional; the action has both targets in order', async () => {
    const { root, database, gameId, slot } = await mount('russian-004');
    await choose(get(root, 'night-actor'), 'Doc');
    expect(label(root, 0)).toBe('Target 1');
    expect(label(root, 1)).toBe('Target 2 (optional)');
    // The second names nobody until the host picks one; the Doctor takes no third.
    expect(field(root, 1)?.value).toBe('');
    expect(field(root, 2)).toBeNull();
    await choose(get(root, 'night-target-0'), 'Sam');
    await choose(get(root, 'night-target-1'), 'Rita');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(all(root, 'night-action')).toHaveLength(1));
    // NameList shows each name on its own (a name may hold a comma).
    expect(listed(root)).toEqual(['Doc Heal → Sam Rita']);
    const actions = await listNightActions(database, gameId, 1);
    expect(actions.map((a) => a.targets)).toEqual([[slot('Sam'), slot('Rita')]]);
  });

  it('004 Doctor with the second field left at nobody sends one target', async () => {
    const { root, database, gameId, slot } = await mount('russian-004');
    await choose(get(root, 'night-actor'), 'Doc');
    await choose(get(root, 'night-target-0'), 'Kat');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(all(root, 'night-action')).toHaveLength(1));
    expect((await listNightActions(database, gameId, 1)).map((a) => a.targets)).toEqual([[slot('Kat')]]);
  });

  it('L53 "разрешено выбирать по две цели в первую и вторую ночь": the extended Executioner names two to torture, in order', async () => {
    const { root, database, gameId, slot } = await mount('russian-004-extended', {
      ...cast,
      Max: { faction: 'werewolf', role: 'citizen', secondRole: 'executioner' },
    });
    await choose(get(root, 'night-actor'), 'Max');
    await choose(get(root, 'night-ability'), 'Torture chamber');
    expect(label(root, 1)).toBe('Target 2 (optional)');
    await choose(get(root, 'night-target-0'), 'Rita');
    await choose(get(root, 'night-target-1'), 'Doc');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(all(root, 'night-action')).toHaveLength(1));
    expect((await listNightActions(database, gameId, 1)).map((a) => a.targets)).toEqual([[slot('Rita'), slot('Doc')]]);
  });

  it('a bus drive takes two players: two needed fields, offered two different players, sent in order', async () => {
    const { root, database, gameId, slot } = await mount('forum-template-001', {
      Kat: { faction: 'mafia', role: 'goon' },
      Max: { faction: 'town', role: 'bus-driver' },
      Doc: { faction: 'town', role: 'doctor' },
    });
    await choose(get(root, 'night-actor'), 'Max');
    expect([label(root, 0), label(root, 1)]).toEqual(['Target 1', 'Target 2']);
    // Neither is optional, and the two are not the same player to begin with.
    expect([...get<HTMLSelectElement>(root, 'night-target-1').options].some((o) => o.value === '')).toBe(false);
    expect(field(root, 0)?.value).not.toBe(field(root, 1)?.value);
    await choose(get(root, 'night-target-0'), 'Rita');
    await choose(get(root, 'night-target-1'), 'Kat');
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(all(root, 'night-action')).toHaveLength(1));
    expect((await listNightActions(database, gameId, 1)).map((a) => a.targets)).toEqual([[slot('Rita'), slot('Kat')]]);
  });
});

describe("the Wizard's night declaration on its own (004 L47)", () => {
  it('"может взять на выбор любую отсутствующую мирную роль": the move list offers each absent peaceful role to declare, with no target, and the night takes it', async () => {
    const { root, database, gameId } = await mount('russian-004', { ...cast, Sam: { faction: 'red', role: 'wizard' } });
    await choose(get(root, 'night-actor'), 'Sam');
    const offered = [...get<HTMLSelectElement>(root, 'night-ability').options].map((o) => o.text);
    const declare = 'Use a peaceful role absent from the game (three a game): Immortal';
    expect(offered).toContain(declare);
    // A role in the game is not offered (the Doctor is Doc's).
    expect(offered).not.toContain('Use a peaceful role absent from the game (three a game): Doctor');
    await choose(get(root, 'night-ability'), declare);
    expect(field(root, 0)).toBeNull();
    await click(get(root, 'night-add-action'));
    await waitForWorker(() => expect(all(root, 'night-action')).toHaveLength(1));
    // Listed without an arrow: it names no one.
    expect(listed(root)).toEqual([`Sam ${declare}`]);
    expect((await listNightActions(database, gameId, 1)).map((a) => [a.ability, a.targets])).toEqual([['immortal/absent-role', []]]);
    await click(get(root, 'night-resolve'));
    await waitForWorker(() => get(root, 'night-resolution'));
    // The intake takes the declaration: it is not among the refusals.
    expect(root.querySelector('[data-testid="night-refused"]')?.textContent ?? '').not.toContain('Sam');
  });
});
