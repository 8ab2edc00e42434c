// @vitest-environment node
/**
 * Issue 20, "merging that a host understands": two hosts recording the same
 * ordinary thing at once (two replacements of one slot, two times for one
 * day's vote opening) keep both events in the log's deterministic order, and
 * both hosts see the same note, as for a night applied twice. The same thing
 * recorded by a host who had seen the other's is no conflict.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readSharedGame, recordLocalChange, type SharedRows, type SyncHost } from '../../extension/sync/game-doc';
import type { GameEvent } from '../../src/engine';
import { hostedRows, withEvents } from '../sync/fixture';

const hostA: SyncHost = { id: 'host-a', name: 'Nobody Special' };
const hostB: SyncHost = { id: 'host-b', name: 'Second Gavel' };

function rowsOf(doc: Y.Doc): SharedRows {
  const shared = readSharedGame(doc);
  if (shared === null) throw new Error('the document holds no game');
  return shared.rows;
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** Each host's change made apart from the other's, merged in both orders. */
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

async function shared(): Promise<Y.Doc> {
  const doc = new Y.Doc();
  recordLocalChange(doc, await hostedRows(), hostA, 5000);
  return doc;
}

describe('ordinary events two hosts record at once (issue 20)', () => {
  it('two replacements of one slot: both kept in one order on both sides, with the same note naming both hosts', async () => {
    const doc = await shared();
    const slot = rowsOf(doc).game.roster.slots[1]?.id ?? '';
    const a = copyOf(doc);
    const b = copyOf(doc);
    recordLocalChange(a, withEvents(rowsOf(a), { type: 'player/replace', slotId: slot, name: 'Sub One' }), hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), { type: 'player/replace', slotId: slot, name: 'Sub Two' }), hostB, 7001);
    const [first, second] = mergeBothWays(doc, a, b);
    const one = readSharedGame(first);
    const two = readSharedGame(second);
    expect(one?.rows).toEqual(two?.rows);
    const replacements = (one?.rows.game.events ?? []).flatMap((e: GameEvent) => (e.type === 'player/replace' ? [e.name] : []));
    expect(replacements.filter((name) => name.startsWith('Sub '))).toEqual(['Sub One', 'Sub Two']);
    expect(one?.conflicts).toHaveLength(1);
    expect(one?.conflicts).toEqual(two?.conflicts);
    expect(one?.conflicts[0]?.message.code).toBe('sync/replaced-at-once');
    expect(one?.conflicts[0]?.kept.author).toBe('Nobody Special');
    expect(one?.conflicts[0]?.dropped.author).toBe('Second Gavel');
    // The event log shows the note on the later replacement (the one that met the first), each with its author.
    const noted = (one?.bylines ?? []).flatMap((l, i) => (l.notes.length === 0 ? [] : [{ i, l }]));
    expect(noted).toHaveLength(1);
    expect(one?.rows.game.events[noted[0]?.i ?? -1]).toMatchObject({ type: 'player/replace', name: 'Sub Two' });
    expect(noted[0]?.l).toEqual({ author: 'Second Gavel', notes: [one?.conflicts[0]?.message] });
    expect(one?.bylines).toEqual(two?.bylines);
  });

  it('two times for one day’s vote opening: both kept, one note', async () => {
    const doc = await shared();
    const a = copyOf(doc);
    const b = copyOf(doc);
    recordLocalChange(a, withEvents(rowsOf(a), { type: 'vote/opening-set', day: 1, at: 1_000_000 }), hostA, 7000);
    recordLocalChange(b, withEvents(rowsOf(b), { type: 'vote/opening-set', day: 1, at: 2_000_000 }), hostB, 7001);
    const [first] = mergeBothWays(doc, a, b);
    const game = readSharedGame(first);
    expect(game?.rows.game.events.filter((e) => e.type === 'vote/opening-set')).toHaveLength(2);
    expect(game?.conflicts.map((c) => c.message.code)).toEqual(['sync/opening-set-at-once']);
  });

  it('a second replacement by a host who had seen the first is no conflict', async () => {
    const doc = await shared();
    const slot = rowsOf(doc).game.roster.slots[1]?.id ?? '';
    recordLocalChange(doc, withEvents(rowsOf(doc), { type: 'player/replace', slotId: slot, name: 'Sub One' }), hostA, 7000);
    const b = copyOf(doc);
    recordLocalChange(b, withEvents(rowsOf(b), { type: 'player/replace', slotId: slot, name: 'Sub Two' }), hostB, 8000);
    const subs = readSharedGame(b)?.rows.game.events.flatMap((e) => (e.type === 'player/replace' ? [e.name] : []));
    expect(subs?.filter((name) => name.startsWith('Sub '))).toEqual(['Sub One', 'Sub Two']);
    expect(readSharedGame(b)?.conflicts).toEqual([]);
  });
});
