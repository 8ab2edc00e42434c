/**
 * The shared part of a game as a Yjs document, and the conversion both ways
 * between it and the game's rows (extension/storage/schema.ts).
 *
 * Shared: the setup (title, thread, ruleset, roster and links, roles,
 * phases, time zone, dialect, breach rules), the event log with its undo,
 * the night actions, the nights' resolutions and whether they were applied,
 * and the pardons. Not shared: the thread's posts (each host's Gavel reads
 * the thread itself) and the posts Gavel wrote for one host.
 *
 * The event log is not a Y.Array of events, where two hosts appending at once
 * would interleave however their updates arrived. It is a set of log entries,
 * each stamped with its author host and a (lamport, host id) pair; every host
 * sorts the entries by that stamp and folds them into the same log, so the
 * game derived from it is the same on every host whatever the arrival order.
 * An entry appends events or takes back events by their place (entry, index),
 * so an undo takes back what its author saw last and nothing else.
 *
 * An entry that starts a phase or applies a night claims it. When two hosts
 * end the same day or apply the same night at once (both offline, or before
 * either saw the other), the entry first in the order keeps the claim and the
 * other is dropped whole: the game has one outcome, and both hosts see a
 * conflict note saying whose was kept and whose dropped.
 */
import type * as Y from 'yjs';
import { countedMessage, engineMessage, word, type EngineMessage } from '../../src/engine/words';
import type { Account, GameEvent, PhaseRef, Roster } from '../../src/engine';
import type { GameRecord, NightActionEntry, NightResolutionEntry, PardonEntry } from '../storage/schema';

/** The rows of one game that are shared. */
export interface SharedRows {
  readonly game: GameRecord;
  readonly nightActions: readonly NightActionEntry[];
  readonly resolutions: readonly NightResolutionEntry[];
  readonly pardons: readonly PardonEntry[];
}

/** The host making a change: a stable id of his Gavel (random, made once) and the name his co-hosts know him by. */
export interface SyncHost {
  readonly id: string;
  readonly name: string;
}

/** A place in the log: the entry and the index of the event in it. */
interface EventPlace {
  readonly entry: string;
  readonly index: number;
}

interface LogEntry {
  readonly id: string;
  readonly lamport: number;
  readonly host: string;
  readonly author: string;
  readonly at: number;
  readonly op: 'append' | 'undo';
  /** append: the events, in order. */
  readonly events?: readonly GameEvent[];
  /** append: the accounts a replacement event brings into the roster (index: the event's). */
  readonly accounts?: readonly { readonly index: number; readonly slotId: string; readonly account: Account }[];
  /** append: the nights this entry applies, with their resolutions. */
  readonly nights?: readonly NightResolutionEntry[];
  /** undo: the events taken back. */
  readonly undoes?: readonly EventPlace[];
  /** What the author had seen when he wrote it: per host id, the highest lamport of that host's entries. */
  readonly saw?: Readonly<Record<string, number>>;
}

/** Two hosts did the same thing at once: one was kept, one dropped. */
export interface ConflictNote {
  /**
   * `applied:2` (night 2 applied) or `day:3` / `night:3` (a phase started, i.e. the one before it ended): one
   * kept, one dropped. `replace:<slot>` or `opening:<day>` (two hosts recorded the same ordinary thing at once):
   * both kept, in the log's order, `kept` first and `dropped` (the later one) after it.
   */
  readonly claim: string;
  readonly kept: { readonly author: string; readonly at: number };
  readonly dropped: { readonly author: string; readonly at: number };
  readonly message: EngineMessage;
}

/** One line of "who did what", in the log's order. */
export interface HistoryLine {
  readonly author: string;
  readonly at: number;
  readonly op: 'append' | 'undo';
  readonly count: number;
  /** Dropped in a conflict (its events are not in the game). */
  readonly dropped: boolean;
  readonly message: EngineMessage;
}

/**
 * Who recorded one event of the game's log, and the notes of the conflicts it is part of. `author` is null for
 * the setup event (the game shared, not an entry of the log).
 */
export interface EventByline {
  readonly author: string | null;
  readonly notes: readonly EngineMessage[];
}

export interface SharedGame {
  readonly rows: SharedRows;
  readonly conflicts: readonly ConflictNote[];
  readonly history: readonly HistoryLine[];
  /** One line per event of `rows.game.events`, in the same order: who recorded it, and the conflict notes on it. */
  readonly bylines: readonly EventByline[];
}

// The setup fields of a GameRecord, stored one per key (the last writer wins, per field).
const setupKeys = [
  'id',
  'threadKey',
  'title',
  'ruleset',
  'rosterSource',
  'players',
  'phases',
  'timeZone',
  'dialect',
  'postLanguage',
  'createdAt',
  'breachRules',
] as const satisfies readonly (keyof GameRecord)[];

function setupMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('setup');
}
function logArray(doc: Y.Doc): Y.Array<LogEntry> {
  return doc.getArray<LogEntry>('log');
}
function actionsMap(doc: Y.Doc): Y.Map<NightActionEntry> {
  return doc.getMap<NightActionEntry>('nightActions');
}
function resolutionsMap(doc: Y.Doc): Y.Map<NightResolutionEntry> {
  return doc.getMap<NightResolutionEntry>('resolutions');
}
function pardonsMap(doc: Y.Doc): Y.Map<PardonEntry> {
  return doc.getMap<PardonEntry>('pardons');
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Plain JSON (no undefined fields): what Yjs stores and gives back. */
function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function compareEntries(a: LogEntry, b: LogEntry): number {
  return a.lamport - b.lamport || (a.host < b.host ? -1 : a.host > b.host ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function phaseClaim(phase: PhaseRef): string {
  return `${phase.kind}:${phase.number}`;
}

/** The claims an append entry makes, each with the event that holds it (null: the entry as a whole). */
function claimsOf(entry: LogEntry): { readonly claim: string; readonly index: number | null }[] {
  const claims: { claim: string; index: number | null }[] = [];
  for (const night of entry.nights ?? []) claims.push({ claim: `applied:${night.night}`, index: null });
  (entry.events ?? []).forEach((event, index) => {
    if (event.type === 'phase/start') claims.push({ claim: phaseClaim(event.phase), index });
  });
  return claims;
}

/**
 * The ordinary things an append entry records that two hosts may record at once for the same thing: the
 * replacement of a slot, the time a day's vote opened. Both entries stay (both events are in the log, in the
 * deterministic order); the hosts get a note, as for a night applied twice.
 */
function subjectsOf(entry: LogEntry): string[] {
  return (entry.events ?? []).flatMap((event) => subjectOf(event) ?? []);
}

function subjectOf(event: GameEvent): string | null {
  if (event.type === 'player/replace') return `replace:${event.slotId}`;
  if (event.type === 'vote/opening-set') return `opening:${event.day}`;
  return null;
}

/** Whether `later` was written without its author having seen `earlier` (a host's own entries he always saw). */
function unseen(later: LogEntry, earlier: LogEntry): boolean {
  if (later.host === earlier.host || later.saw === undefined) return false;
  return (later.saw[earlier.host] ?? 0) < earlier.lamport;
}

function metMessage(subject: string, kept: string, later: string, roster: Roster | null): EngineMessage {
  const [kind, id = ''] = subject.split(':');
  if (kind === 'opening') return engineMessage('sync/opening-set-at-once', word.number(Number(id)), word.text(kept), word.text(later));
  const slot = roster?.slots.find((s) => s.id === id);
  return engineMessage('sync/replaced-at-once', word.text(slot?.accounts[0]?.name ?? id), word.text(kept), word.text(later));
}

interface LiveEvent {
  readonly event: GameEvent;
  readonly place: EventPlace;
  readonly author: string;
}

interface Folded {
  readonly live: readonly LiveEvent[];
  readonly accounts: readonly { readonly place: EventPlace; readonly slotId: string; readonly account: Account }[];
  /** The nights applied, by the entry that holds the claim. */
  readonly nights: ReadonlyMap<number, NightResolutionEntry>;
  readonly conflicts: readonly ConflictNote[];
  readonly history: readonly HistoryLine[];
  /** Each conflict's note with the event it concerns: the kept claim's event, or the later of two met records. */
  readonly notes: readonly { readonly place: EventPlace; readonly message: EngineMessage }[];
  readonly lamport: number;
  readonly updatedAt: number;
}

function conflictMessage(claim: string, kept: string, dropped: string): EngineMessage {
  const [kind, number] = claim.split(':');
  const n = Number(number);
  if (kind === 'applied') return engineMessage('sync/night-applied-twice', word.number(n), word.text(kept), word.text(dropped));
  return engineMessage(
    'sync/phase-started-twice',
    word.phase({ kind: kind === 'day' ? 'day' : 'night', number: n }),
    word.text(kept),
    word.text(dropped),
  );
}

/** The log entries folded in their order: the live events, the claims held, the conflicts and the history. */
function fold(doc: Y.Doc): Folded {
  const entries = logArray(doc).toArray().slice().sort(compareEntries);
  const setupRoster = (setupMap(doc).get('roster') as Roster | undefined) ?? null;
  const subjects = new Map<string, LogEntry[]>();
  let live: LiveEvent[] = [];
  const held = new Map<string, { entry: LogEntry; index: number | null }>();
  const conflicts: ConflictNote[] = [];
  const history: HistoryLine[] = [];
  const accepted: LogEntry[] = [];
  // The event a conflict concerns (null: the entry's first event, as for a night applied by an entry as a whole).
  const pending: { readonly entry: LogEntry; readonly index: number | null; readonly message: EngineMessage }[] = [];
  const isLive = (place: EventPlace): boolean => live.some((e) => e.place.entry === place.entry && e.place.index === place.index);
  // A night applied stays applied (as on one host: taking back its events does not un-apply it); a phase started is
  // taken back with its phase/start event.
  const stillHeld = (holder: { entry: LogEntry; index: number | null }): boolean =>
    holder.index === null || isLive({ entry: holder.entry.id, index: holder.index });
  let lamport = 0;
  let updatedAt = 0;
  for (const entry of entries) {
    lamport = Math.max(lamport, entry.lamport);
    updatedAt = Math.max(updatedAt, entry.at);
    if (entry.op === 'undo') {
      const undoes = entry.undoes ?? [];
      const before = live.length;
      live = live.filter((e) => !undoes.some((u) => u.entry === e.place.entry && u.index === e.place.index));
      history.push({
        author: entry.author,
        at: entry.at,
        op: 'undo',
        count: before - live.length,
        dropped: false,
        message: countedMessage('sync/took-back', before - live.length, word.text(entry.author)),
      });
      continue;
    }
    const events = entry.events ?? [];
    const clash = claimsOf(entry)
      .map(({ claim }) => ({ claim, holder: held.get(claim) }))
      .find(({ holder }) => holder !== undefined && stillHeld(holder));
    if (clash?.holder !== undefined) {
      const message = conflictMessage(clash.claim, clash.holder.entry.author, entry.author);
      conflicts.push({
        claim: clash.claim,
        kept: { author: clash.holder.entry.author, at: clash.holder.entry.at },
        dropped: { author: entry.author, at: entry.at },
        message,
      });
      pending.push({ entry: clash.holder.entry, index: clash.holder.index, message });
      history.push({
        author: entry.author,
        at: entry.at,
        op: 'append',
        count: events.length,
        dropped: true,
        message: countedMessage('sync/added-dropped', events.length, word.text(entry.author)),
      });
      continue;
    }
    for (const { claim, index } of claimsOf(entry)) held.set(claim, { entry, index });
    for (const subject of new Set(subjectsOf(entry))) {
      const before = subjects.get(subject) ?? [];
      const met = before.find((other) => unseen(entry, other));
      if (met !== undefined) {
        const message = metMessage(subject, met.author, entry.author, setupRoster);
        conflicts.push({
          claim: subject,
          kept: { author: met.author, at: met.at },
          dropped: { author: entry.author, at: entry.at },
          message,
        });
        pending.push({ entry, index: events.findIndex((event) => subjectOf(event) === subject), message });
      }
      subjects.set(subject, [...before, entry]);
    }
    events.forEach((event, index) => live.push({ event, place: { entry: entry.id, index }, author: entry.author }));
    accepted.push(entry);
    history.push({
      author: entry.author,
      at: entry.at,
      op: 'append',
      count: events.length,
      dropped: false,
      message: countedMessage('sync/added', events.length, word.text(entry.author)),
    });
  }
  const nights = new Map<number, NightResolutionEntry>();
  for (const [claim, holder] of held) {
    if (!claim.startsWith('applied:') || !stillHeld(holder)) continue;
    for (const night of holder.entry.nights ?? []) nights.set(night.night, { ...night, applied: true });
  }
  const accounts = accepted.flatMap((entry) =>
    (entry.accounts ?? [])
      .map((a) => ({ place: { entry: entry.id, index: a.index }, slotId: a.slotId, account: a.account }))
      .filter((a) => isLive(a.place)),
  );
  // A note goes with its event while that event is in the log (the first live one of its entry when none is named).
  const notes = pending.flatMap(({ entry, index, message }) => {
    const event = live.find((e) => e.place.entry === entry.id && (index === null || e.place.index === index));
    return event === undefined ? [] : [{ place: event.place, message }];
  });
  return { live, accounts, nights, conflicts, history, notes, lamport, updatedAt };
}

/** The roster with the accounts the live log brought in (in log order). */
function withAccounts(base: Roster, accounts: Folded['accounts']): Roster {
  return {
    ...base,
    slots: base.slots.map((slot) => {
      const added = accounts.filter((a) => a.slotId === slot.id).map((a) => a.account);
      return added.length === 0 ? slot : { ...slot, accounts: [...slot.accounts, ...added] };
    }),
  };
}

/** The roster without the accounts the live log brings in: what the setup holds. */
function withoutAccounts(roster: Roster, accounts: Folded['accounts']): Roster {
  return {
    ...roster,
    slots: roster.slots.map((slot) => {
      let kept = [...slot.accounts];
      for (const a of [...accounts].reverse()) {
        if (a.slotId !== slot.id) continue;
        const at = kept.map((k) => same(k, a.account)).lastIndexOf(true);
        if (at > 0) kept = [...kept.slice(0, at), ...kept.slice(at + 1)];
      }
      return { ...slot, accounts: kept };
    }),
  };
}

/** Whether the document holds a game yet (a host joining sees an empty one until the first sync). */
export function hasSharedGame(doc: Y.Doc): boolean {
  return setupMap(doc).has('id') && setupMap(doc).has('setupEvent');
}

/** The game as the document has it, or null when it holds none yet. */
export function readSharedGame(doc: Y.Doc): SharedGame | null {
  if (!hasSharedGame(doc)) return null;
  const setup = setupMap(doc);
  const folded = fold(doc);
  const fields: Record<string, unknown> = {};
  for (const key of setupKeys) if (setup.has(key)) fields[key] = setup.get(key);
  const setupEvent = setup.get('setupEvent') as GameEvent;
  const roster = withAccounts(setup.get('roster') as Roster, folded.accounts);
  const game = {
    ...fields,
    roster,
    events: [setupEvent, ...folded.live.map((e) => e.event)],
    updatedAt: Math.max(Number(setup.get('updatedAt') ?? 0), folded.updatedAt),
  } as unknown as GameRecord;
  const nightActions = [...actionsMap(doc).entries()]
    .sort(([ka, a], [kb, b]) => a.enteredAt - b.enteredAt || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .map(([, entry]) => entry);
  const resolutions = [
    ...[...resolutionsMap(doc).values()].filter((r) => !folded.nights.has(r.night)).map((r) => ({ ...r, applied: false })),
    ...folded.nights.values(),
  ].sort((a, b) => a.night - b.night);
  const pardons = [...pardonsMap(doc).values()].sort((a, b) => a.pardonedAt - b.pardonedAt || a.breachId.localeCompare(b.breachId));
  const bylines: EventByline[] = [
    { author: null, notes: [] },
    ...folded.live.map((e) => ({
      author: e.author,
      notes: folded.notes.filter((n) => n.place.entry === e.place.entry && n.place.index === e.place.index).map((n) => n.message),
    })),
  ];
  return { rows: { game, nightActions, resolutions, pardons }, conflicts: folded.conflicts, history: folded.history, bylines };
}

/** A unique key for a new entry of the document. */
function newKey(host: SyncHost): string {
  return `${host.id}:${crypto.randomUUID()}`;
}

/**
 * Puts a host's change into the document: `rows` is the game as it stands on
 * his side after the change, and the document is brought to it with as few
 * entries as it takes (setup fields that differ, an undo of the events his
 * log no longer has, an append of the events it has beyond the document's,
 * the night actions, resolutions and pardons added or taken away). The first
 * call on an empty document shares the game. Nothing is written when nothing
 * differs.
 */
export function recordLocalChange(doc: Y.Doc, rows: SharedRows, host: SyncHost, now: number): void {
  doc.transact(() => {
    const setup = setupMap(doc);
    const folded = fold(doc);
    const game = plain(rows.game);
    let changed = false;
    for (const key of setupKeys) {
      const value = game[key];
      if (value === undefined) {
        if (setup.has(key)) {
          setup.delete(key);
          changed = true;
        }
      } else if (!same(setup.get(key), value)) {
        setup.set(key, value);
        changed = true;
      }
    }
    const [setupEvent, ...events] = game.events;
    if (setupEvent !== undefined && !same(setup.get('setupEvent'), setupEvent)) {
      setup.set('setupEvent', setupEvent);
      changed = true;
    }

    // The log: the common prefix stays; what the document has beyond it is taken back, what the host has beyond it is appended.
    const live = folded.live;
    let prefix = 0;
    while (prefix < live.length && prefix < events.length && same(live[prefix]?.event, events[prefix])) prefix += 1;
    let lamport = folded.lamport;
    let stillLive = folded.accounts;
    const saw: Record<string, number> = {};
    for (const entry of logArray(doc).toArray()) saw[entry.host] = Math.max(saw[entry.host] ?? 0, entry.lamport);
    if (live.length > prefix) {
      lamport += 1;
      const undoes = live.slice(prefix).map((e) => e.place);
      stillLive = stillLive.filter((a) => !undoes.some((u) => u.entry === a.place.entry && u.index === a.place.index));
      logArray(doc).push([{ id: newKey(host), lamport, host: host.id, author: host.name, at: now, op: 'undo', undoes, saw }]);
    }
    const applied = new Set(folded.nights.keys());
    const nights = rows.resolutions.filter((r) => r.applied && !applied.has(r.night)).map((r) => plain({ ...r, applied: true }));
    if (events.length > prefix || nights.length > 0) {
      lamport += 1;
      const added = events.slice(prefix);
      const accounts = added.flatMap((event, index) => {
        if (event.type !== 'player/replace') return [];
        const slot = game.roster.slots.find((s) => s.id === event.slotId);
        const account = [...(slot?.accounts ?? [])].reverse().find((a) => a.name === event.name);
        return account === undefined ? [] : [{ index, slotId: event.slotId, account }];
      });
      logArray(doc).push([
        {
          id: newKey(host),
          lamport,
          host: host.id,
          author: host.name,
          at: now,
          op: 'append',
          events: added,
          saw,
          ...(accounts.length === 0 ? {} : { accounts }),
          ...(nights.length === 0 ? {} : { nights }),
        },
      ]);
      // The accounts just logged leave the setup's roster (they come back through the log).
      stillLive = [...stillLive, ...accounts.map((a) => ({ place: { entry: '', index: a.index }, slotId: a.slotId, account: a.account }))];
    }
    const base = withoutAccounts(game.roster, stillLive);
    if (!same(setup.get('roster'), base)) {
      setup.set('roster', base);
      changed = true;
    }
    if (changed || !setup.has('updatedAt')) setup.set('updatedAt', game.updatedAt);

    // Night actions: matched by content; what the host no longer has is taken away, what he added is added.
    const actions = actionsMap(doc);
    const wanted = rows.nightActions.map((a) => JSON.stringify(plain(a)));
    for (const [key, entry] of [...actions.entries()]) {
      const at = wanted.indexOf(JSON.stringify(entry));
      if (at >= 0) wanted.splice(at, 1);
      else actions.delete(key);
    }
    for (const text of wanted) actions.set(newKey(host), JSON.parse(text) as NightActionEntry);

    // Resolutions not applied (an applied one is in the log, with the entry that applied it).
    const resolutions = resolutionsMap(doc);
    const open = new Map(rows.resolutions.filter((r) => !r.applied).map((r) => [String(r.night), plain(r)]));
    for (const key of [...resolutions.keys()]) if (!open.has(key)) resolutions.delete(key);
    for (const [key, entry] of open) if (!same(resolutions.get(key), entry)) resolutions.set(key, entry);

    const pardons = pardonsMap(doc);
    const given = new Map(rows.pardons.map((p) => [p.breachId, plain(p)]));
    for (const key of [...pardons.keys()]) if (!given.has(key)) pardons.delete(key);
    for (const [key, entry] of given) if (!same(pardons.get(key), entry)) pardons.set(key, entry);
  }, 'gavel-local');
}

/** The creator stopped sharing the game: who, and when (co-hosts keep their copy as a local game). */
export interface SharingEnded {
  readonly by: string;
  readonly at: number;
}

/** The creator writes into the document that sharing ended, so that every co-host learns it at his next sync. */
export function endSharing(doc: Y.Doc, host: SyncHost, now: number): void {
  doc.getMap<unknown>('meta').set('ended', { by: host.name, at: now } satisfies SharingEnded);
}

/** Whether (and by whom) the creator ended the sharing of this document's game. */
export function sharingEnded(doc: Y.Doc): SharingEnded | null {
  const ended = doc.getMap<unknown>('meta').get('ended') as Partial<SharingEnded> | undefined;
  return typeof ended?.by === 'string' && typeof ended.at === 'number' ? { by: ended.by, at: ended.at } : null;
}
