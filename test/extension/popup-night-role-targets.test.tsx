/**
 * A 004 night in the popup, against the worker's real handlers: a move that
 * names roles (L100, the black Kamikaze's trap: «может указать ведущему мирные
 * роли с ночными ходами… в качестве потенциальных жертв») offers the ruleset's
 * roles in its target pickers, is recorded and listed with the role's name,
 * and the resolved night takes the red Doctor who came along with the Kamikaze.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const names = ['Kat', 'Max', 'Doc', 'Rita', 'Sam'];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Kat: { faction: 'mafia', role: 'kamikaze', secondRole: 'mafia' },
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

const freshDb = freshDatabases('gavel-popup-night-roles');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(players: typeof cast = cast) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '9', title: 'Mafia 004' }, [post(0, 'Host', 'Day 1 begins')]), 1000);
  let clock = Date.UTC(2026, 10, 21, 21, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|9`,
    title: 'Mafia 004',
    presetId: 'russian-004',
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
  await waitFor(() => get(root, 'night-action-form'));
  return { root };
}

describe('a night move that names roles (004 L100)', () => {
  it('offers roles as its targets, lists the named role, and the trap takes the Doctor who heals the Kamikaze', async () => {
    const { root } = await mount();
    await choose(get(root, 'night-actor'), 'Kat');
    await choose(get(root, 'night-ability'), 'Name peaceful roles whose red holders die with him if they come (a black holder)');
    const options = [...get<HTMLSelectElement>(root, 'night-target-0').options].map((o) => o.text);
    expect(options).toContain('Doctor');
    expect(options).not.toContain('Rita');
    await choose(get(root, 'night-target-0'), 'Doctor');
    await click(get(root, 'night-add-action'));
    await choose(get(root, 'night-actor'), 'Doc');
    await choose(get(root, 'night-target-0'), 'Kat');
    await click(get(root, 'night-add-action'));
    await waitFor(() => expect(all(root, 'night-action')).toHaveLength(2));
    expect(all(root, 'night-action').map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Kat Name peaceful roles whose red holders die with him if they come (a black holder) → Doctor',
      'Doc Heal → Kat',
    ]);
    await click(get(root, 'night-resolve'));
    await waitFor(() => expect(all(root, 'night-outcome').length).toBeGreaterThan(0));
    const outcomes = all(root, 'night-outcome').map((li) => li.textContent ?? '');
    expect(outcomes.some((t) => t.startsWith('Doc dies'))).toBe(true);
    expect(outcomes.some((t) => t.startsWith('Kat dies'))).toBe(true);
    expect(outcomes.some((t) => t.startsWith('Kat’s Name peaceful roles') || t.startsWith("Kat's Name peaceful roles"))).toBe(false);
  });
});

describe('the black Kamikaze’s empty move (004 L100, L114)', () => {
  it('"имеет право выбрать мирные роли": the move may be sent with no role, is listed as empty, and the night tells him his list is cleared', async () => {
    const { root } = await mount();
    await choose(get(root, 'night-actor'), 'Kat');
    await choose(get(root, 'night-ability'), 'Name peaceful roles whose red holders die with him if they come (a black holder)');
    // The first field may name nothing: its empty choice says it is an empty move; a role stays the usual first pick.
    const first = get<HTMLSelectElement>(root, 'night-target-0');
    expect(first.options[0]?.text).toBe('(none: an empty move)');
    expect(first.selectedOptions[0]?.text).not.toBe('(none: an empty move)');
    await choose(first, '(none: an empty move)');
    await click(get(root, 'night-add-action'));
    await waitFor(() => expect(all(root, 'night-action')).toHaveLength(1));
    expect(all(root, 'night-action')[0]?.querySelector('span')?.textContent).toBe(
      'Kat Name peaceful roles whose red holders die with him if they come (a black holder) (none: an empty move)',
    );
    expect(root.querySelector('[data-testid="night-problem"]')).toBeNull();
    // A move that may not be sent empty offers no empty choice for its target.
    await choose(get(root, 'night-actor'), 'Doc');
    expect([...get<HTMLSelectElement>(root, 'night-target-0').options].map((o) => o.text)).not.toContain('(none: an empty move)');
    await choose(get(root, 'night-target-0'), 'Kat');
    await click(get(root, 'night-add-action'));
    await waitFor(() => expect(all(root, 'night-action')).toHaveLength(2));
    await click(get(root, 'night-resolve'));
    await waitFor(() => expect(all(root, 'night-outcome').length).toBeGreaterThan(0));
    const outcomes = all(root, 'night-outcome').map((li) => li.textContent ?? '');
    expect(outcomes.some((t) => t.startsWith('Message to Kat: Your list of roles is cleared'))).toBe(true);
    // No list stands tonight: the Doctor who came to him lives.
    expect(outcomes.some((t) => t.startsWith('Doc dies'))).toBe(false);
  });
});

describe("the Wizard's night moves of absent roles (004 L47)", () => {
  it('"может взять на выбор любую отсутствующую мирную роль": offers an absent role\'s move as <role>/<ability>, and it resolves', async () => {
    const { root } = await mount({ ...cast, Sam: { faction: 'red', role: 'wizard' } });
    await choose(get(root, 'night-actor'), 'Sam');
    const offered = [...get<HTMLSelectElement>(root, 'night-ability').options].map((o) => o.text);
    // The Commissar is absent; the Doctor (Doc) is in the game.
    expect(offered).toContain('Commissar: Colour check');
    expect(offered.some((o) => o.startsWith('Doctor:'))).toBe(false);
    await choose(get(root, 'night-ability'), 'Commissar: Colour check');
    await choose(get(root, 'night-target-0'), 'Max');
    await click(get(root, 'night-add-action'));
    await waitFor(() => expect(all(root, 'night-action')).toHaveLength(1));
    // The recorded move names the role it is a move of, as the form offered it.
    expect(all(root, 'night-action').map((li) => li.querySelector('span')?.textContent)).toEqual(['Sam Commissar: Colour check → Max']);
    await click(get(root, 'night-resolve'));
    await waitFor(() => expect(all(root, 'night-outcome').length).toBeGreaterThan(0));
    // The absent Commissar's check is his: he is told its result.
    const outcomes = all(root, 'night-outcome').map((li) => li.textContent ?? '');
    expect(outcomes.some((t) => t.startsWith('Message to Sam: Your investigation of Max: black.'))).toBe(true);
  });
});
