/**
 * Issue 20: the shared part of a game as a Yjs document (extension/sync/game-doc.ts),
 * without a server: documents exchange updates directly, in any order.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSharedGame, recordLocalChange, type SharedRows, type SyncHost } from '../../extension/sync/game-doc';
import type { GameEvent } from '../../src/engine';
import { hostedRows, withEvents, withNightApplied } from './fixture';

const hostA: SyncHost = { id: 'host-a', name: 'Nobody Special' };
const hostB: SyncHost = { id: 'host-b', name: 'Second Gavel' };

function rowsOf(doc: Y.Doc): SharedRows {
  const shared = readSharedGame(doc);
  if (shared === null) throw new Error('the document holds no game');
  return shared.rows;
}

/** A copy of a document, as a co-host who synced with it has. */
function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** Two hosts' changes made apart, merged into two documents in opposite orders. */
function mergeBothWays(base: Y.Doc, a: Y.Doc, b: Y.Doc): [Y.Doc, Y.Doc] {
  const sv = Y.encodeStateVector(base);
  const fromA = Y.encodeStateAsUpdate(a, sv);
  const fromB = Y.encodeStateAsUpdate(b, sv);
  const first = copyOf(base);
  Y.applyUpdate(first, fromA);
  Y.applyUpdate(first, fromB);
  const second = copyOf(base);
  Y.applyUpdate(second, fromB);
  Y.applyUpdate(second, fromA);
  return [first, second];
}

async function sharedDoc(): Promise<{ doc: Y.Doc; rows: SharedRows }> {
  const rows = await hostedRows();
  const doc = new Y.Doc();
  recordLocalChange(doc, rows, hostA, 5000);
  return { doc, rows };
}

const vote = (voter: string): GameEvent => ({ type: 'vote/cast', voter, ballot: 'lynch', target: 'slot-3' });

describe('the shared game document', () => {
  it('holds the setup, roster and links, roles, event log, night actions, resolutions and pardons, and gives them back', async () => {
    const { doc, rows } = await sharedDoc();
    const back = rowsOf(copyOf(doc));
    expect({ ...back.game, updatedAt: 0 }).toEqual({ ...rows.game, updatedAt: 0 });
    expect(back.game.roster.slots.find((s) => s.id === 'slot-1')?.accounts.map((a) => a.name)).toEqual(['Alpha_Wolf', 'Snowdrop']);
    expect(back.nightActions).toEqual(rows.nightActions);
    expect(back.resolutions).toEqual(rows.resolutions);
    expect(back.pardons).toEqual(rows.pardons);
  });

  it('writes nothing when nothing changed', async () => {
    const { doc, rows } = await sharedDoc();
    const before = Y.encodeStateVector(doc);
    recordLocalChange(doc, rowsOf(doc), hostA, 6000);
    expect(Y.encodeStateVector(doc)).toEqual(before);
    expect(rows.game.id).toBe(rowsOf(doc).game.id);
  });

  it('merges the event log in one order whatever order the updates arrive in', async () => {
    const { doc } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    recordLocalChange(a, withEvents(rowsOf(a), vote('slot-1')), hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), vote('slot-2')), hostB, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), vote('slot-3')), hostB, 7001);
    const [first, second] = mergeBothWays(doc, a, b);
    expect(rowsOf(first)).toEqual(rowsOf(second));
    const voters = rowsOf(first).game.events.flatMap((e) => (e.type === 'vote/cast' ? [e.voter] : []));
    expect(voters).toHaveLength(3);
    // The log says who did what, in the same order on both.
    expect(readSharedGame(first)?.history).toEqual(readSharedGame(second)?.history);
    expect(readSharedGame(first)?.history.map((h) => h.author)).toEqual([
      'Nobody Special',
      'Nobody Special',
      'Second Gavel',
      'Second Gavel',
    ]);
  });

  it("an undo takes back what its host saw last, not a co-host's event that arrived meanwhile", async () => {
    const { doc, rows } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    // As undoLastEvent does: the last event (Snowdrop replacing Alpha_Wolf) goes, and his account with it.
    const undone = rowsOf(a);
    const roster = {
      ...undone.game.roster,
      slots: undone.game.roster.slots.map((s) => (s.id === 'slot-1' ? { ...s, accounts: s.accounts.slice(0, -1) } : s)),
    };
    recordLocalChange(a, { ...undone, game: { ...undone.game, roster, events: undone.game.events.slice(0, -1) } }, hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), vote('slot-2')), hostB, 7000);
    const [first, second] = mergeBothWays(doc, a, b);
    expect(rowsOf(first)).toEqual(rowsOf(second));
    expect(rowsOf(first).game.events).toEqual([...rows.game.events.slice(0, -1), vote('slot-2')]);
    // The replacement taken back leaves the roster with its account.
    expect(
      rowsOf(first)
        .game.roster.slots.find((s) => s.id === 'slot-1')
        ?.accounts.map((a) => a.name),
    ).toEqual(['Alpha_Wolf']);
    expect(readSharedGame(first)?.history.some((h) => h.op === 'undo' && h.message.code === 'sync/took-back' && h.count === 1)).toBe(true);
  });

  it('two hosts ending the same day at once: one outcome, and a note naming whose was kept', async () => {
    const { doc } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    const night1: GameEvent = { type: 'phase/start', phase: { kind: 'night', number: 1 } };
    recordLocalChange(a, withEvents(rowsOf(a), { type: 'player/die', slotId: 'slot-3', cause: 'lynched' }, night1), hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), night1), hostB, 7000);
    const [first, second] = mergeBothWays(doc, a, b);
    const shared = readSharedGame(first);
    expect(shared?.rows).toEqual(readSharedGame(second)?.rows);
    expect(shared?.rows.game.events.filter((e) => e.type === 'phase/start' && e.phase.kind === 'night')).toHaveLength(1);
    expect(shared?.conflicts).toHaveLength(1);
    expect(shared?.conflicts[0]?.message).toEqual(readSharedGame(second)?.conflicts[0]?.message);
    expect(shared?.conflicts[0]?.message.code).toBe('sync/phase-started-twice');
    // The same (lamport, host) order decides: host-a before host-b.
    expect(shared?.conflicts[0]?.kept.author).toBe('Nobody Special');
    expect(shared?.rows.game.events.some((e) => e.type === 'player/die' && e.slotId === 'slot-3')).toBe(true);
  });

  it('the log shows who did what: each event names its author, and a day ended twice is noted on the night kept', async () => {
    const { doc, rows } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    const night1: GameEvent = { type: 'phase/start', phase: { kind: 'night', number: 1 } };
    recordLocalChange(a, withEvents(rowsOf(a), { type: 'player/die', slotId: 'slot-3', cause: 'lynched' }, night1), hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), night1), hostB, 7000);
    const [first, second] = mergeBothWays(doc, a, b);
    const shared = readSharedGame(first);
    expect(shared?.bylines).toEqual(readSharedGame(second)?.bylines);
    expect(shared?.bylines).toHaveLength(shared?.rows.game.events.length ?? -1);
    expect(shared?.bylines[0]?.author).toBeNull();
    const at = shared?.rows.game.events.findIndex((e) => e.type === 'phase/start' && e.phase.kind === 'night') ?? -1;
    expect(at).toBe(rows.game.events.length + 1);
    // The note goes with the night that was kept (host A's), and with no other event.
    expect(shared?.bylines[at]).toEqual({ author: 'Nobody Special', notes: [shared?.conflicts[0]?.message] });
    expect(shared?.bylines.filter((l) => l.notes.length > 0)).toHaveLength(1);
  });

  it('a night applied stays applied with the resolution of the host whose application was kept', async () => {
    const { doc } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    recordLocalChange(a, withNightApplied(rowsOf(a), 1, { type: 'player/die', slotId: 'slot-2', cause: 'faction-kill' }), hostA, 7000);
    const [merged] = mergeBothWays(doc, a, b);
    const night = rowsOf(merged).resolutions.find((r) => r.night === 1);
    expect(night?.applied).toBe(true);
    expect(readSharedGame(merged)?.conflicts).toEqual([]);
  });

  it('night actions, pardons and setup edits from two hosts merge: each keeps what the other did', async () => {
    const { doc, rows } = await sharedDoc();
    const a = copyOf(doc);
    const b = copyOf(doc);
    const fromA = rowsOf(a);
    recordLocalChange(
      a,
      {
        ...fromA,
        nightActions: [
          ...fromA.nightActions,
          { gameId: rows.game.id, night: 1, actor: 'slot-1', ability: 'protect', targets: ['slot-2'], pmAt: null, enteredAt: 6100 },
        ],
        game: { ...fromA.game, title: 'Mini 2187 (renamed)' },
      },
      hostA,
      7000,
    );
    const fromB = rowsOf(b);
    recordLocalChange(b, { ...fromB, nightActions: fromB.nightActions.slice(1), pardons: [] }, hostB, 7000);
    const [first, second] = mergeBothWays(doc, a, b);
    expect(rowsOf(first)).toEqual(rowsOf(second));
    expect(rowsOf(first).game.title).toBe('Mini 2187 (renamed)');
    expect(rowsOf(first).nightActions.map((n) => n.actor)).toEqual([...rows.nightActions.slice(1).map((n) => n.actor), 'slot-1']);
    expect(rowsOf(first).pardons).toEqual([]);
  });
});
