/**
 * A 004 night in the popup, against the worker's real handlers: the Collector (L41) named two players at the end of
 * the day, and both die at once (the Mafia's shot on the Kamikaze, who takes his attacker along, L38). "Если за раз
 * погибли несколько целей коллекционера, то он получит одну из их ролей по усмотрению ведущего": the night panel
 * offers the host's choice between them, records it in the game's log, and the resolver gives the chosen one's role.
 */
import { describe, expect, it } from 'vitest';
import { allByTestId as all, byTestId as get, waitForWorker } from './popup-dom';
import { freshDatabases } from './fresh-db';
import { onePageReport } from './thread-report';
import { gameWorker, popupUnderTest, workerCall, workerConnector, type WorkerCall } from './popup-worker';
import { savePage } from '../../extension/storage/repository';
import { getGame } from '../../extension/storage/games';
import type { NightResolution } from '../../src/engine';
import type { ForumPost } from '../../src/model/post';

const origin = 'https://forum.example';
const names = ['Kira', 'Kat', 'Kolya', 'Lena', 'Max', 'Rita', 'Sam'];
const cast: Readonly<Record<string, { faction: string; role: string; secondRole?: string }>> = {
  Kira: { faction: 'red', role: 'collector' },
  Kat: { faction: 'red', role: 'kamikaze' },
  Kolya: { faction: 'mafia', role: 'doctor', secondRole: 'mafia' },
  Lena: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Max: { faction: 'maniac', role: 'citizen', secondRole: 'maniac' },
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

const freshDb = freshDatabases('gavel-popup-collect-choice');
const popup = popupUnderTest();
const { click, choose } = popup;

async function mount(language: 'en' | 'ru' = 'en') {
  const database = freshDb();
  await savePage(database, onePageReport({ origin, threadId: '7', title: 'Mafia 004' }, [post(0, 'Host', 'Day 1 begins')]), 1000);
  let clock = Date.UTC(2026, 10, 21, 12, 0);
  const call = workerCall(gameWorker(database, () => (clock += 1000)));
  let game = await call('game/create', {
    threadKey: `${origin}|7`,
    title: 'Mafia 004',
    presetId: 'russian-004',
    roster: { from: 'text', text: names.join('\n') },
  });
  game = await call('game/update', {
    id: game.id,
    patch: { roster: { ...game.roster, hosts: ['Host'] }, players: game.players.map((p) => ({ ...p, ...cast[p.name] })) },
  });
  const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? name;
  const phase = (kind: 'day' | 'night', number: number) =>
    call('game/event', { id: game.id, action: { kind: 'append', event: { kind: 'phase-start', phase: { kind, number } } } });
  await phase('day', 1);
  // L41 "в конце каждого дня коллекционер отправляет ведущему имена нескольких игроков".
  await call('day/move', { gameId: game.id, day: 1, actor: slot('Kira'), ability: 'collect', targets: [slot('Kat'), slot('Kolya')] });
  await phase('night', 1);
  await call('night/add-action', { gameId: game.id, night: 1, actor: slot('Kolya'), ability: 'kill', targets: [slot('Kat')], pmAt: null });
  if (language !== 'en') await call('settings/set', { language });
  const { root } = await popup.open(workerConnector(call), game.id);
  await waitForWorker(() => get(root, 'night-action-form'));
  return { root, call, database, gameId: game.id, slot };
}

/** Who went into a collection in the night's stored resolution. */
async function collected(call: WorkerCall, gameId: string): Promise<string[]> {
  const view = await call('night/actions', { gameId, night: 1 });
  const resolution: NightResolution | undefined = view.resolution?.resolution;
  return (resolution?.events ?? []).flatMap((e) => (e.type === 'status-applied' && e.status.id === 'in-collection' ? [e.player] : []));
}

describe('Collector (Коллекционер), L41: the host’s choice in the night panel', () => {
  it('"он получит одну из их ролей по усмотрению ведущего": offered, recorded in the log, and read by the resolver', async () => {
    const { root, call, database, gameId, slot } = await mount();
    const form = await waitForWorker(() => get(root, 'collect-choice'));
    expect(get(root, 'collect-choices').querySelector('h3')?.textContent).toBe('The Collector’s role');
    const options = [...get<HTMLSelectElement>(form, 'collect-choice-victim').options].map((o) => o.text);
    expect(options).toEqual(['the first of them to die (no choice made)', 'Kat', 'Kolya']);
    // Resolved without a choice: both die, one role goes to him, and the host is told he may choose.
    await click(get(root, 'night-resolve'));
    await waitForWorker(() => expect(all(root, 'night-outcome').length).toBeGreaterThan(0));
    const before = await collected(call, gameId);
    expect(before).toHaveLength(1);
    const view = await call('night/actions', { gameId, night: 1 });
    expect(view.resolution?.resolution.ambiguities.map((a) => a.setting)).toContain('collectChoice');
    // The host picks the other one: it is recorded and the night is resolved again with it.
    const other = before[0] === slot('Kat') ? 'Kolya' : 'Kat';
    await choose(get(form, 'collect-choice-victim'), other);
    await click(get(form, 'collect-choice-record'));
    await waitForWorker(async () => expect(await collected(call, gameId)).toEqual([slot(other)]));
    const events = (await getGame(database, gameId))?.events ?? [];
    expect(events.at(-1)).toEqual({ type: 'night/collect-choice', collector: slot('Kira'), victim: slot(other) });
    const after = await call('night/actions', { gameId, night: 1 });
    expect(after.resolution?.resolution.ambiguities.map((a) => a.setting)).not.toContain('collectChoice');
    // The choice stands in the form, and the event log tells it.
    await waitForWorker(() => expect(get<HTMLSelectElement>(get(root, 'collect-choice'), 'collect-choice-victim').value).toBe(slot(other)));
    expect(get(root, 'log-lines').textContent).toContain(other);
  });

  it('speaks Russian', async () => {
    const { root } = await mount('ru');
    const form = await waitForWorker(() => get(root, 'collect-choice'));
    expect(get(root, 'collect-choices').querySelector('h3')?.textContent).toBe('Роль коллекционера');
    expect(form.querySelector('label span')?.textContent).toBe(
      'Если этой ночью погибнут несколько игроков, названных игроком Kira, он получит роль игрока:',
    );
  });
});
