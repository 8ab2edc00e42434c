/**
 * 004 L73 in the popup, against the worker's real handlers: "Герой - может спасти любого игрока, при этом ведущий
 * назовет команду линчуемого в тот момент, когда спросит безликого про ход героя." While the day runs, the count of
 * the thread says who the vote lynches; the day's ballots show the PM to the Faceless holding the Hero's move with the
 * lynched player's team, in the posts' Russian, to copy when the host asks for the move; recording his save does not
 * tell it twice. The heroic suicide ("Если линчуется сам") is offered to the Faceless's Hero only.
 */
import { describe, expect, it } from 'vitest';
import { byTestId as get, waitForWorker as waitFor } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import type { BodyNode, ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const lines = (...parts: (string | BodyNode)[]): BodyNode[] =>
  parts.flatMap((p, i): BodyNode[] => {
    const node: BodyNode = typeof p === 'string' ? { type: 'text', text: p } : p;
    return i === 0 ? [node] : [{ type: 'break' }, node];
  });
const green = (text: string): BodyNode => ({ type: 'text', text, color: 'green' });
let n = 0;
const post = (author: string, body: BodyNode[]): ForumPost => {
  const number = n++;
  return { id: String(1000 + number), number, author, postedAt: Date.UTC(2026, 10, 20, 9, number), body };
};

/** Day 2 of a 004 game: Carol (a Mafioso) has three votes, Bob two. */
function thread(): ForumPost[] {
  n = 0;
  return [
    post('Host', lines('Players:', 'Alice', 'Bob', 'Carol', 'Dave', 'Eve', '', 'Day 1 begins.')),
    post('Host', lines('Night 1 begins.')),
    post('Host', lines('Day 2 begins. Nobody died.')),
    post('Alice', lines(green('Carol'))),
    post('Bob', lines(green('Carol'))),
    post('Dave', lines(green('Carol'))),
    post('Carol', lines(green('Bob'))),
    post('Eve', lines(green('Bob'))),
  ];
}

const cast = (eve: { faction: string; role: string; secondRole?: string }) => ({
  Alice: { faction: 'red', role: 'citizen' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Dave: { faction: 'red', role: 'citizen' },
  Eve: eve,
});
const facelessHero = { faction: 'grey', role: 'hero', secondRole: 'faceless' };

const freshDb = freshDatabases('gavel-popup-faceless-hero');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(eve: { faction: string; role: string; secondRole?: string }) {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '4', title: 'Mafia 004' }, thread()), 1000);
  // 13:00 Moscow on the posts' day: the vote (21:00–22:00, L150) has not started, no absent player is forced yet.
  let clock = Date.UTC(2026, 10, 20, 10, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|4`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: 'Alice\nBob\nCarol\nDave\nEve' },
  });
  const roles: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = cast(eve);
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...roles[p.name] })) },
  });
  await call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind: 'day', number: 2 } } } });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitFor(() => get(root, 'day-wagons'));
  return { root, call, gameId: game.id };
}

const enabled = (root: HTMLElement, testId: string): Promise<HTMLButtonElement> =>
  waitFor(() => {
    const button = get<HTMLButtonElement>(root, testId);
    expect(button.disabled).toBe(false);
    return button;
  });

describe('L73 in the popup: the lynched player’s team, to the Faceless holding the Hero’s move', () => {
  it('shows the PM to copy while the day runs, in the posts’ Russian; after his save, still once', async () => {
    const { root, call, gameId } = await mount(facelessHero);
    const asked = await waitFor(() => get(root, 'day-asked'));
    expect(get(asked, 'post-day-asked-0').textContent).toContain('PM to Eve');
    expect(get(asked, 'post-day-asked-0').querySelector('pre')?.textContent).toBe('Линчуемый игрок Carol из черной команды.');

    await choose(get(root, 'day-move-actor'), 'Eve');
    await choose(get(root, 'day-move-ability'), 'Cancel a red lynch');
    await choose(get(root, 'day-move-target-0'), 'Carol');
    await click(await enabled(root, 'day-move-record'));
    await waitFor(() => expect(get(root, 'day-moves-list').textContent).toContain('Eve: Cancel a red lynch → Carol'));
    // The save does not tell the team a second time: the worker's view of the day, read after the move, has one PM.
    const after = await call('day/ballot', { gameId, day: 2 });
    expect(after.asked.map((m) => m.message?.code)).toEqual(['day/hero-asked-team-black']);
    await waitFor(() => expect(get(root, 'day-asked').querySelectorAll('pre')).toHaveLength(1));
  });

  it('a red Hero is asked nothing of the kind', async () => {
    const { root } = await mount({ faction: 'red', role: 'hero' });
    await waitFor(() => get(root, 'day-ballots'));
    expect(root.querySelector('[data-testid="day-asked"]')).toBeNull();
  });
});

describe('L73 «Если линчуется сам, имеет право на героический суицид»: offered to the Faceless’s Hero only', () => {
  const offered = async (root: HTMLElement): Promise<string[]> => {
    await choose(get(root, 'day-move-actor'), 'Eve');
    return [...get<HTMLSelectElement>(root, 'day-move-ability').options].map((o) => o.text);
  };
  it('the Faceless holding the Hero is offered the heroic suicide, not the red Hero’s taking a voter along (L35)', async () => {
    const moves = await offered((await mount(facelessHero)).root);
    expect(moves).toContain('Heroic suicide when lynched (the Faceless)');
    expect(moves).not.toContain('Die heroically: take one of his voters along');
  });
  it('a red Hero is offered his own move and no heroic suicide', async () => {
    const moves = await offered((await mount({ faction: 'red', role: 'hero' })).root);
    expect(moves).toContain('Die heroically: take one of his voters along');
    expect(moves).not.toContain('Heroic suicide when lynched (the Faceless)');
  });
});
