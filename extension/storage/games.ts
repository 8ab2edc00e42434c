/**
 * Games: domain verbs over the game tables. Plain data in and out (Dexie types
 * never leave extension/storage). The worker is the only writer; every check a
 * host's input needs happens here, and a refused change throws a GavelError
 * that says what is wrong in the host's words.
 */
import {
  clockPhaseEvents,
  currentName,
  deriveState,
  isKnownTimeZone,
  crossCheckPlayerList,
  hostsOfOpeningPost,
  isUnassigned,
  lookAlikeNames,
  unassigned,
  parseRuleset,
  readPlayerList,
  rulesets,
  type Account,
  type GameEvent,
  type PlayerSetup,
  type PresetRulesetId,
  type Roster,
  type Ruleset,
  type Slot,
} from '../../src/engine';
import type { ForumPost } from '../../src/model/post';
import { dataLimits } from '../../src/engine/json/formats';
import { findModifier, isRulesetRole, nightModifiers } from '../../src/engine/night/nar-modifiers';
import { GavelError } from '../shared/errors';
import { noteRefusal } from '../../src/engine/game/night-notes';
import type {
  GameRecord,
  GameRuleset,
  GameSetupPatch,
  GameSummary,
  HostEvent,
  NightActionEntry,
  NightActionItem,
  NightResolutionEntry,
  OutputDialect,
  PardonEntry,
  PublishedPostEntry,
  RosterInput,
  RosterPreview,
} from '../shared/protocol';
import type { GavelDatabase } from './schema';

// ---------------------------------------------------------------------------
// Rosters

/**
 * A roster from pasted text, one player per line:
 *
 *     Alpha_Wolf
 *     Bluebell (Blue, BB)
 *     Newcomer replaces Corvid @ post 123
 *
 * Parenthesised names are aliases. "New replaces Old" (or "replaced") hands the
 * slot of a player named on an earlier line to a new account, from the given
 * post when "@ post N" follows. Blank lines are skipped. Every problem is
 * reported with its line number; nothing is guessed.
 */
export function parseRosterText(text: string): { readonly slots: readonly Slot[]; readonly errors: readonly string[] } {
  const slots: { id: string; accounts: Account[]; aliases: string[] }[] = [];
  const errors: string[] = [];
  const taken = new Map<string, number>();
  const claim = (name: string, slotIndex: number, line: number): boolean => {
    const key = name.toLowerCase();
    const owner = taken.get(key);
    if (owner !== undefined && owner !== slotIndex) {
      errors.push(`line ${line}: "${name}" is already a name of another player`);
      return false;
    }
    taken.set(key, slotIndex);
    return true;
  };
  text.split(/\r?\n/).forEach((raw, i) => {
    const lineNo = i + 1;
    const line = raw.replace(/^\s*(?:\d+\s*[.)]|[-*•])\s+/, '').trim();
    if (line === '') return;
    const replacement = /^(.+?)\s+replac(?:es|ed)\s+(.+?)(?:\s*@\s*post\s*#?\s*(\d+))?$/i.exec(line);
    if (replacement !== null) {
      const [, newName = '', oldName = '', post] = replacement;
      const index = slots.findIndex((s) => s.accounts.some((a) => a.name.toLowerCase() === oldName.trim().toLowerCase()));
      const slot = slots[index];
      if (slot === undefined) {
        errors.push(`line ${lineNo}: "${oldName.trim()}" is not a player on an earlier line, so "${newName.trim()}" cannot replace them`);
        return;
      }
      const name = newName.trim();
      if (!claim(name, index, lineNo)) return;
      slot.accounts.push(post === undefined ? { name } : { name, fromPost: Number(post) });
      return;
    }
    const withAliases = /^([^()]+?)\s*\(([^()]*)\)$/.exec(line);
    const name = (withAliases === null ? line : (withAliases[1] ?? '')).trim();
    if (/[()]/.test(name)) {
      errors.push(`line ${lineNo}: "${line}" is not "Name" or "Name (Alias, Alias)"`);
      return;
    }
    if (name.length > 60) {
      errors.push(`line ${lineNo}: a name is at most 60 characters`);
      return;
    }
    const aliases =
      withAliases === null
        ? []
        : (withAliases[2] ?? '')
            .split(',')
            .map((a) => a.trim())
            .filter((a) => a !== '');
    const index = slots.length;
    if (!claim(name, index, lineNo) || !aliases.every((a) => claim(a, index, lineNo))) return;
    slots.push({ id: `slot-${index + 1}`, accounts: [{ name }], aliases });
  });
  if (slots.length === 0 && errors.length === 0) errors.push('no player names: paste one name per line');
  return { slots: slots.map((s) => (s.aliases.length === 0 ? { id: s.id, accounts: s.accounts } : s)), errors };
}

/** The roster in a thread's opening post, with where it was read. */
export function rosterFromPosts(posts: readonly ForumPost[]): { readonly roster: Roster; readonly source: string } {
  const opening = [...posts].sort((a, b) => a.number - b.number)[0];
  if (opening === undefined) {
    throw new GavelError('game/no-posts', 'Gavel has not read any post of this thread yet: open the thread first, or paste the roster');
  }
  const list = readPlayerList(
    opening.body,
    opening.author,
    opening.number,
    posts.map((p) => p.author),
  );
  if (list === null) {
    throw new GavelError(
      'game/no-player-list',
      `No player list was found in the opening post (#${opening.number}): paste the roster instead`,
    );
  }
  return list;
}

/**
 * What the new-game form shows before a game is created: the opening post's
 * list with its problems (what it could not read, and what the thread
 * contradicts), and the hosts a game in this thread starts with.
 */
export function rosterPreview(posts: readonly ForumPost[]): RosterPreview {
  const opening = [...posts].sort((a, b) => a.number - b.number)[0];
  if (opening === undefined) return { post: null, author: null, hosts: [], slots: null, problems: [], lookAlike: [] };
  const list = readPlayerList(
    opening.body,
    opening.author,
    opening.number,
    posts.map((p) => p.author),
  );
  if (list === null)
    return { post: opening.number, author: opening.author, hosts: hostsOfOpeningPost(opening), slots: null, problems: [], lookAlike: [] };
  const hosts = new Set(list.roster.hosts.map((h) => h.trim().toLowerCase()));
  return {
    post: opening.number,
    author: opening.author,
    hosts: list.roster.hosts,
    slots: list.slots,
    problems: [...list.problems, ...crossCheckPlayerList(list.roster, posts)],
    lookAlike: lookAlikeNames(
      list.slots.flatMap((s) => s.accounts),
      posts.map((p) => p.author).filter((a) => !hosts.has(a.trim().toLowerCase())),
    ),
  };
}

/** The thread's opening post's hosts (its author and the co-hosts it names); none when no post is stored. */
async function threadHosts(db: GavelDatabase, threadKey: string | null): Promise<string[]> {
  if (threadKey === null) return [];
  const rows = await db.posts.where('threadKey').equals(threadKey).toArray();
  const opening = rows.map((r) => r.post).sort((a, b) => a.number - b.number)[0];
  return opening === undefined ? [] : hostsOfOpeningPost(opening);
}

/** The roster preview of a stored thread (its opening post's list, hosts and problems). */
export async function threadRosterPreview(db: GavelDatabase, threadKey: string): Promise<RosterPreview> {
  const rows = await db.posts.where('threadKey').equals(threadKey).toArray();
  return rosterPreview(rows.map((r) => r.post));
}

// ---------------------------------------------------------------------------
// Setup

function presetRuleset(presetId: PresetRulesetId): GameRuleset {
  const data = (rulesets as Readonly<Record<string, Ruleset>>)[presetId];
  if (data === undefined) throw new GavelError('game/unknown-preset', `There is no ruleset preset "${presetId}"`);
  return { presetId, data };
}

/** How many log replacements each slot has had (the roster's last holders are theirs). */
function logReplacements(events: readonly GameEvent[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of events) if (e.type === 'player/replace') counts.set(e.slotId, (counts.get(e.slotId) ?? 0) + 1);
  return counts;
}

/** A rank as the setup takes it: a whole number from 1 (the highest) to the most players a game file holds. */
function isRank(rank: unknown): rank is number {
  return typeof rank === 'number' && Number.isInteger(rank) && rank >= 1 && rank <= dataLimits.players;
}

/**
 * One PlayerSetup per roster slot, in roster order: kept from `previous` where
 * the slot had one and its ids still exist in the ruleset, "not entered yet"
 * (`unassigned`) otherwise: a slot is never quietly made a Vanilla Townie, so
 * no side can win a game whose roles the host has not entered. A role written
 * with modifiers in front ("macho one-shot doctor") is kept while the engine
 * reads it as a role of the ruleset; so are the player's rank and leadership
 * (003's kill orders), his level while the ruleset's setup has it (000), his
 * family and his target. The name is the slot's holder before the event log's
 * replacements.
 */
export function syncPlayers(
  roster: Roster,
  ruleset: Ruleset,
  previous: readonly PlayerSetup[],
  events: readonly GameEvent[],
): PlayerSetup[] {
  const factions = new Set(ruleset.factions.map((f) => f.id));
  const levels = ruleset.setup?.levels ?? {};
  const replaced = logReplacements(events);
  return roster.slots.map((slot) => {
    const before = previous.find((p) => p.slotId === slot.id);
    const holder = slot.accounts[Math.max(0, slot.accounts.length - 1 - (replaced.get(slot.id) ?? 0))];
    const secondRole = before?.secondRole !== undefined && isRulesetRole(ruleset, before.secondRole) ? before.secondRole : undefined;
    return {
      slotId: slot.id,
      name: holder?.name ?? currentName(slot),
      faction: before !== undefined && factions.has(before.faction) ? before.faction : unassigned,
      role: before !== undefined && isRulesetRole(ruleset, before.role) ? before.role : unassigned,
      ...(secondRole === undefined ? {} : { secondRole }),
      ...(before?.family === undefined || before.family === '' ? {} : { family: before.family }),
      ...(isRank(before?.rank) ? { rank: before.rank } : {}),
      ...(before?.leader === true ? { leader: true } : {}),
      ...(before?.level !== undefined && Object.hasOwn(levels, before.level) ? { level: before.level } : {}),
      // A Lyncher's target (the role PMs name it), kept while it names a slot of the roster.
      ...(before?.target !== undefined && roster.slots.some((s) => s.id === before.target) ? { target: before.target } : {}),
    };
  });
}

/**
 * The log with each replacement renamed as the host renamed its account in
 * place: a slot whose holders are as many as before, the one at the logged
 * replacement's place now named otherwise. The slot id never changes, so
 * nothing else in the log needs to.
 */
export function renameLoggedReplacements(events: readonly GameEvent[], before: Roster, after: Roster): GameEvent[] {
  const total = logReplacements(events);
  const seen = new Map<string, number>();
  return events.map((e) => {
    if (e.type !== 'player/replace') return e;
    const index = seen.get(e.slotId) ?? 0;
    seen.set(e.slotId, index + 1);
    const old = before.slots.find((s) => s.id === e.slotId);
    const now = after.slots.find((s) => s.id === e.slotId);
    if (old === undefined || now === undefined || old.accounts.length !== now.accounts.length) return e;
    const at = old.accounts.length - (total.get(e.slotId) ?? 0) + index;
    const was = old.accounts[at];
    const is = now.accounts[at];
    return was === undefined || is === undefined || was.name !== e.name || is.name === e.name ? e : { ...e, name: is.name };
  });
}

function setupEvent(players: readonly PlayerSetup[]): GameEvent {
  return { type: 'game/setup', players };
}

/** The problems of a roster, each with its place ("slot 3 (Corvid): …"). */
export function rosterProblems(roster: Roster): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const names = new Map<string, { readonly id: string; readonly name: string }>();
  roster.slots.forEach((slot, i) => {
    const where = `slot ${i + 1}${slot.accounts.length > 0 ? ` (${currentName(slot)})` : ''}`;
    if (slot.id.trim() === '') problems.push(`${where}: the slot has no id`);
    if (ids.has(slot.id)) problems.push(`${where}: the slot id "${slot.id}" is used twice`);
    ids.add(slot.id);
    if (slot.accounts.length === 0) problems.push(`${where}: no account holds the slot`);
    slot.accounts.forEach((account, j) => {
      if (account.name.trim() === '') problems.push(`${where}: holder ${j + 1} has no name`);
      if (account.fromPost !== undefined && (!Number.isInteger(account.fromPost) || account.fromPost < 0)) {
        problems.push(`${where}: ${account.name} takes over from post ${account.fromPost}, which is not a post number`);
      }
    });
    for (const name of [...slot.accounts.map((a) => a.name), ...(slot.aliases ?? [])]) {
      const key = name.trim().toLowerCase();
      if (key === '') continue;
      const owner = names.get(key);
      if (owner !== undefined && owner.id !== slot.id) problems.push(`${where}: "${name}" is also a name of ${owner.name}`);
      else names.set(key, { id: slot.id, name: currentName(slot) });
    }
    if ((slot.aliases ?? []).some((a) => a.trim() === '')) problems.push(`${where}: an alias is empty`);
  });
  roster.hosts.forEach((host, i) => {
    if (host.trim() === '') problems.push(`host ${i + 1}: the host has no name`);
  });
  return problems;
}

/** Every problem of a game's setup and log, in the host's words (empty: the game is sound). */
export function setupProblems(game: GameRecord): string[] {
  const problems = rosterProblems(game.roster);
  problems.push(...playerProblems(game.players, game.roster, game.ruleset.data));
  if (!isKnownTimeZone(game.timeZone))
    problems.push(`time zone: "${game.timeZone}" is not a time zone name (such as Europe/London or America/New_York)`);
  if (game.phases.firstPhase !== 'day' && game.phases.firstPhase !== 'night')
    problems.push('phases: the game starts with a day or a night');
  if (game.phases.clock !== undefined) {
    const clock = clockPhaseEvents(game.phases.clock);
    if (!clock.ok) problems.push(`phase schedule: ${clock.detail}`);
  }
  if (game.title.trim() === '') problems.push('title: the game needs a title');
  if (game.events[0]?.type !== 'game/setup') problems.push('event log: the first event must be the game setup');
  const slotIds = new Set(game.roster.slots.map((s) => s.id));
  for (const e of game.events) {
    if ('slotId' in e && !slotIds.has(e.slotId))
      problems.push(`event log: an event names slot "${e.slotId}", which is no longer in the roster`);
  }
  return problems;
}

function refuseIfBad(game: GameRecord): void {
  const problems = setupProblems(game);
  if (problems.length > 0) throw new GavelError('game/bad-setup', problems.join('; '));
}

// ---------------------------------------------------------------------------
// Reading

export async function getGame(db: GavelDatabase, id: string): Promise<GameRecord | null> {
  return (await db.games.get(id)) ?? null;
}

/** The game played in a thread (the most recently changed, should there be two). */
export async function getGameByThread(db: GavelDatabase, threadKey: string): Promise<GameRecord | null> {
  const games = await db.games.where('threadKey').equals(threadKey).toArray();
  return games.sort((a, b) => b.updatedAt - a.updatedAt)[0] ?? null;
}

export function summarizeGame(game: GameRecord): GameSummary {
  const state = deriveState(game.events);
  return {
    id: game.id,
    title: game.title,
    threadKey: game.threadKey,
    rulesetName: game.ruleset.data.name,
    ...(game.ruleset.data.names === undefined ? {} : { rulesetNames: game.ruleset.data.names }),
    players: game.roster.slots.length,
    alive: state.players.filter((p) => p.alive).length,
    phase: state.phase,
    updatedAt: game.updatedAt,
  };
}

export async function listGames(db: GavelDatabase): Promise<GameSummary[]> {
  const games = await db.games.orderBy('updatedAt').reverse().toArray();
  return games.map(summarizeGame);
}

async function mustGet(db: GavelDatabase, id: string): Promise<GameRecord> {
  const game = await db.games.get(id);
  if (game === undefined) throw new GavelError('game/not-found', `There is no game "${id}": it may have been deleted`);
  return game;
}

// ---------------------------------------------------------------------------
// Writing

export interface NewGame {
  readonly id: string;
  readonly threadKey: string | null;
  readonly title?: string;
  readonly presetId: PresetRulesetId;
  readonly roster: RosterInput;
  /** The host accounts the host gave; absent or empty: the opening post's author and named co-hosts. */
  readonly hosts?: readonly string[];
  readonly dialect: OutputDialect;
}

/** Creates a game: roster from the thread's opening post or from pasted text, the preset's defaults for the rest. */
export async function createGame(db: GavelDatabase, input: NewGame, now: number): Promise<GameRecord> {
  const ruleset = presetRuleset(input.presetId);
  return db.transaction('rw', db.games, db.threads, db.posts, async () => {
    if ((await db.games.get(input.id)) !== undefined) throw new GavelError('game/exists', `A game with id "${input.id}" exists already`);
    const thread = input.threadKey === null ? undefined : await db.threads.get(input.threadKey);
    if (input.threadKey !== null && thread === undefined)
      throw new GavelError('game/no-thread', `Gavel has not seen the thread ${input.threadKey}`);
    let roster: Roster;
    let rosterSource: string;
    if (input.roster.from === 'opening-post') {
      if (input.threadKey === null)
        throw new GavelError('game/no-thread', 'A roster can be read from an opening post only for a game in a thread');
      const rows = await db.posts.where('threadKey').equals(input.threadKey).toArray();
      const list = rosterFromPosts(rows.map((r) => r.post));
      roster = list.roster;
      rosterSource = list.source;
    } else {
      const parsed = parseRosterText(input.roster.text);
      if (parsed.errors.length > 0) throw new GavelError('game/bad-roster', `The pasted roster has problems: ${parsed.errors.join('; ')}`);
      // A pasted roster's hosts are the thread's by default: the opening post's author and the co-hosts it names.
      roster = { slots: parsed.slots, hosts: await threadHosts(db, input.threadKey) };
      rosterSource = 'pasted by the host';
    }
    const given = (input.hosts ?? []).map((h) => h.trim()).filter((h) => h !== '');
    if (given.length > 0) roster = { ...roster, hosts: [...new Set(given)] };
    // With no host every post of its thread would be a player's and the thread one long Day 1: ask instead (a game with no thread has nothing to count).
    if (roster.hosts.length === 0 && input.threadKey !== null)
      throw new GavelError(
        'game/no-host',
        "Name the game's host: with no host, Gavel cannot tell the host's phase posts from the players'",
      );
    const players = syncPlayers(roster, ruleset.data, [], []);
    const title = input.title?.trim() || thread?.title || 'New game';
    const game: GameRecord = {
      id: input.id,
      threadKey: input.threadKey,
      title,
      ruleset,
      roster,
      rosterSource,
      players,
      phases: { firstPhase: ruleset.data.firstPhase },
      timeZone: 'UTC',
      events: [setupEvent(players)],
      dialect: input.dialect,
      createdAt: now,
      updatedAt: now,
    };
    refuseIfBad(game);
    await db.games.add(game);
    return game;
  });
}

function rulesetFromPatch(patch: NonNullable<GameSetupPatch['ruleset']>): GameRuleset {
  if ('presetId' in patch) return presetRuleset(patch.presetId);
  const parsed = parseRuleset(patch.custom);
  if (!parsed.ok) throw new GavelError('game/bad-ruleset', `The ruleset has problems: ${parsed.errors.join('; ')}`);
  return { presetId: null, data: parsed.ruleset };
}

/** Why a role text is not a role of the ruleset: the words in front that name no modifier, when the rest is a role. */
function roleProblem(ruleset: Ruleset, text: string): string {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s+]+/u);
  for (let i = 1; i < words.length; i++) {
    const rest = words.slice(i).join(' ');
    if (ruleset.roles.some((r) => r.id === rest || r.name.toLowerCase() === rest)) {
      if (ruleset.roleModifiers !== true)
        return `"${text}" is not a role of ${ruleset.name}: its roles take no modifiers (write the role alone: "${rest}")`;
      const unknown = words.slice(0, i).filter((w) => findModifier(w) === undefined);
      if (unknown.length > 0)
        return `"${text}" is not a role of ${ruleset.name}: ${unknown.map((w) => `"${w}"`).join(', ')} is not a modifier (modifiers: ${nightModifiers.map((m) => m.id).join(', ')}, N-shot)`;
    }
  }
  return `"${text}" is not a role of ${ruleset.name}`;
}

/**
 * Problems of players the host set: each must name a roster slot, a faction
 * and role of the ruleset (a role may carry modifiers in front), a rank that is
 * a whole number from 1, a level of the ruleset's setup, and at most one leader
 * per faction.
 */
function playerProblems(players: readonly PlayerSetup[], roster: Roster, ruleset: Ruleset): string[] {
  const factions = new Set(ruleset.factions.map((f) => f.id));
  const levels = Object.keys(ruleset.setup?.levels ?? {});
  const problems: string[] = [];
  const leaders = new Map<string, string>();
  for (const p of players) {
    if (!roster.slots.some((s) => s.id === p.slotId)) problems.push(`${p.name}: no roster slot "${p.slotId}"`);
    if (!factions.has(p.faction) && !isUnassigned(p.faction))
      problems.push(`${p.name}: "${p.faction}" is not a faction of ${ruleset.name}`);
    if (!isRulesetRole(ruleset, p.role) && !isUnassigned(p.role)) problems.push(`${p.name}: ${roleProblem(ruleset, p.role)}`);
    if (p.secondRole !== undefined && !isRulesetRole(ruleset, p.secondRole))
      problems.push(`${p.name}: ${roleProblem(ruleset, p.secondRole)}`);
    if (p.rank !== undefined && !isRank(p.rank))
      problems.push(`${p.name}: the rank ${String(p.rank)} is not a whole number from 1 (the highest) to ${dataLimits.players}`);
    if (p.level !== undefined && !levels.includes(p.level))
      problems.push(
        levels.length === 0
          ? `${p.name}: ${ruleset.name} has no levels, so "${p.level}" cannot be one`
          : `${p.name}: "${p.level}" is not a level of ${ruleset.name} (${levels.join(', ')})`,
      );
    if (p.leader === true && !isUnassigned(p.faction)) {
      const other = leaders.get(p.faction);
      if (other !== undefined) problems.push(`${p.name}: ${other} leads the same side already; a side has one leader`);
      else leaders.set(p.faction, p.name);
    }
  }
  return problems;
}

/**
 * Changes a game's setup. The players follow the roster (a new slot gets the
 * ruleset's defaults, a removed one goes; a new ruleset keeps the roles it
 * also has), and the log's first event is rebuilt from them. Players the host
 * sets must fit the ruleset. Nothing is stored when any part is wrong.
 */
export async function updateGame(db: GavelDatabase, id: string, patch: GameSetupPatch, now: number): Promise<GameRecord> {
  return db.transaction('rw', db.games, db.threads, async () => {
    const game = await mustGet(db, id);
    if (patch.threadKey !== undefined && patch.threadKey !== null && (await db.threads.get(patch.threadKey)) === undefined) {
      throw new GavelError('game/no-thread', `Gavel has not seen the thread ${patch.threadKey}`);
    }
    const ruleset = patch.ruleset === undefined ? game.ruleset : rulesetFromPatch(patch.ruleset);
    const roster =
      patch.roster === undefined
        ? game.roster
        : { ...patch.roster, hosts: patch.roster.hosts.map((h) => h.trim()).filter((h) => h !== '') };
    if (patch.players !== undefined) {
      const problems = playerProblems(patch.players, roster, ruleset.data);
      if (problems.length > 0) throw new GavelError('game/bad-setup', problems.join('; '));
    }
    const players = syncPlayers(roster, ruleset.data, patch.players ?? game.players, game.events);
    const next: GameRecord = {
      ...game,
      ...(patch.title === undefined ? {} : { title: patch.title.trim() }),
      ...(patch.threadKey === undefined ? {} : { threadKey: patch.threadKey }),
      ...(patch.phases === undefined ? {} : { phases: patch.phases }),
      ...(patch.timeZone === undefined ? {} : { timeZone: patch.timeZone.trim() }),
      ...(patch.dialect === undefined ? {} : { dialect: patch.dialect }),
      ...(patch.postLanguage === undefined ? {} : { postLanguage: patch.postLanguage }),
      ruleset,
      roster,
      players,
      events: [
        setupEvent(players),
        ...(patch.roster === undefined ? game.events.slice(1) : renameLoggedReplacements(game.events.slice(1), game.roster, roster)),
      ],
      updatedAt: now,
    };
    refuseIfBad(next);
    await db.games.put(next);
    return next;
  });
}

function hostEventToLog(game: GameRecord, event: HostEvent): GameEvent {
  const state = deriveState(game.events);
  if (event.kind === 'phase-start') {
    if (!Number.isInteger(event.phase.number) || event.phase.number < 0)
      throw new GavelError('game/bad-event', `${event.phase.number} is not a phase number`);
    return { type: 'phase/start', phase: event.phase };
  }
  if (event.kind === 'night-note') {
    // 004 L166, L169: after the night is announced, from a living player of the game; the rules' own refusal named.
    const refused = noteRefusal(state, game.ruleset.data, event.author, event.text);
    if (refused !== null) throw new GavelError('game/bad-event', `The night note is refused (${refused})`);
    return { type: 'note/leave', author: event.author, text: event.text.trim() };
  }
  if (event.kind === 'night-note-refused') {
    const note = (state.nightNotes ?? []).find((n) => n.at === event.at);
    if (note === undefined) throw new GavelError('game/bad-event', `There is no night note at event ${event.at}`);
    return { type: 'note/refuse', at: event.at };
  }
  if (event.kind === 'collect-choice') {
    // 004 L41: "он получит одну из их ролей по усмотрению ведущего": a living Collector, one of the game's players, by night.
    const collector = state.players.find((p) => p.slot.id === event.collector);
    const victim = state.players.find((p) => p.slot.id === event.victim);
    if (collector === undefined || victim === undefined)
      throw new GavelError('game/bad-event', `There is no slot "${collector === undefined ? event.collector : event.victim}" in this game`);
    if (!collector.alive) throw new GavelError('game/bad-event', `${collector.name} is dead already`);
    if (state.phase?.kind !== 'night') throw new GavelError('game/bad-event', 'The Collector’s role is chosen during a night');
    return { type: 'night/collect-choice', collector: event.collector, victim: event.victim };
  }
  const player = state.players.find((p) => p.slot.id === event.slotId);
  if (player === undefined) throw new GavelError('game/bad-event', `There is no slot "${event.slotId}" in this game`);
  switch (event.kind) {
    case 'death':
    case 'mod-kill':
      if (!player.alive) throw new GavelError('game/bad-event', `${player.name} is dead already`);
      return event.kind === 'death'
        ? { type: 'player/die', slotId: event.slotId, cause: event.cause.trim() || 'killed' }
        : {
            type: 'player/die',
            slotId: event.slotId,
            cause: 'mod-kill',
            ...(event.reason.trim() === '' ? {} : { by: event.reason.trim() }),
          };
    case 'replacement': {
      const name = event.name.trim();
      if (name === '') throw new GavelError('game/bad-event', 'The replacement needs an account name');
      return { type: 'player/replace', slotId: event.slotId, name };
    }
  }
}

/**
 * Appends a host event. A replacement also becomes the slot's new holder in
 * the roster (from the post given), so votes are counted for the right account.
 */
export async function appendHostEvent(db: GavelDatabase, id: string, event: HostEvent, now: number): Promise<GameRecord> {
  return db.transaction('rw', db.games, async () => {
    const game = await mustGet(db, id);
    const logged = hostEventToLog(game, event);
    let roster = game.roster;
    if (event.kind === 'replacement') {
      const name = event.name.trim();
      if (event.fromPost !== null && (!Number.isInteger(event.fromPost) || event.fromPost < 0)) {
        throw new GavelError('game/bad-event', `${event.fromPost} is not a post number`);
      }
      const account: Account = event.fromPost === null ? { name } : { name, fromPost: event.fromPost };
      roster = { ...roster, slots: roster.slots.map((s) => (s.id === event.slotId ? { ...s, accounts: [...s.accounts, account] } : s)) };
    }
    const next: GameRecord = { ...game, roster, events: [...game.events, logged], updatedAt: now };
    refuseIfBad(next);
    await db.games.put(next);
    return next;
  });
}

/**
 * Appends events the worker derived from the game as it stood with `seen`
 * events (a day's end and what the win check made of it). Refused when the
 * log changed in between, so two windows ending the same day cannot both do it.
 */
export async function appendEvents(
  db: GavelDatabase,
  id: string,
  seen: number,
  events: readonly GameEvent[],
  now: number,
): Promise<GameRecord> {
  return db.transaction('rw', db.games, async () => {
    const game = await mustGet(db, id);
    if (game.events.length !== seen)
      throw new GavelError('game/changed', 'The game changed in another window: look at it again before going on');
    const next: GameRecord = { ...game, events: [...game.events, ...events], updatedAt: now };
    refuseIfBad(next);
    await db.games.put(next);
    return next;
  });
}

/** Takes back the last host event (the setup event stays); a replacement's account leaves the roster with it. */
export async function undoLastEvent(db: GavelDatabase, id: string, now: number): Promise<GameRecord> {
  return db.transaction('rw', db.games, async () => {
    const game = await mustGet(db, id);
    const last = game.events[game.events.length - 1];
    if (game.events.length <= 1 || last === undefined) throw new GavelError('game/nothing-to-undo', 'There is no event to undo');
    let roster = game.roster;
    if (last.type === 'player/replace') {
      roster = {
        ...roster,
        slots: roster.slots.map((s) => {
          const holder = s.accounts[s.accounts.length - 1];
          return s.id === last.slotId && s.accounts.length > 1 && holder?.name === last.name
            ? { ...s, accounts: s.accounts.slice(0, -1) }
            : s;
        }),
      };
    }
    const next: GameRecord = { ...game, roster, events: game.events.slice(0, -1), updatedAt: now };
    await db.games.put(next);
    return next;
  });
}

/** Deletes a game and everything recorded for it; its thread and posts stay. */
export async function deleteGame(db: GavelDatabase, id: string): Promise<boolean> {
  return db.transaction('rw', [db.games, db.nightActions, db.nightResolutions, db.pardons, db.publishedPosts], async () => {
    const existed = (await db.games.get(id)) !== undefined;
    await Promise.all([
      db.games.delete(id),
      db.nightActions.where('gameId').equals(id).delete(),
      db.nightResolutions.where('gameId').equals(id).delete(),
      db.pardons.where('gameId').equals(id).delete(),
      db.publishedPosts.where('gameId').equals(id).delete(),
    ]);
    return existed;
  });
}

// ---------------------------------------------------------------------------
// Night actions, resolutions, pardons, published posts

export async function addNightAction(db: GavelDatabase, entry: NightActionEntry): Promise<void> {
  await db.nightActions.add({ ...entry });
}

/** A game's night actions in the order they were entered (one night, or all). */
export async function listNightActions(db: GavelDatabase, gameId: string, night?: number): Promise<NightActionEntry[]> {
  const rows = await db.nightActions.where('gameId').equals(gameId).sortBy('id');
  return rows.filter((r) => night === undefined || r.night === night).map(({ id: _id, ...entry }) => entry);
}

export async function saveNightResolution(db: GavelDatabase, entry: NightResolutionEntry): Promise<void> {
  await db.nightResolutions.put(entry);
}

export async function listNightResolutions(db: GavelDatabase, gameId: string): Promise<NightResolutionEntry[]> {
  return db.nightResolutions.where('[gameId+night]').between([gameId, -Infinity], [gameId, Infinity]).toArray();
}

export async function addPardon(db: GavelDatabase, entry: PardonEntry): Promise<void> {
  await db.pardons.put(entry);
}

export async function listPardons(db: GavelDatabase, gameId: string): Promise<PardonEntry[]> {
  return (await db.pardons.where('gameId').equals(gameId).toArray()).sort(
    (a, b) => a.pardonedAt - b.pardonedAt || a.breachId.localeCompare(b.breachId),
  );
}

export async function addPublishedPost(db: GavelDatabase, entry: PublishedPostEntry): Promise<void> {
  await db.publishedPosts.add({ ...entry });
}

/** A game's published posts in the order they were written. */
export async function listPublishedPosts(db: GavelDatabase, gameId: string): Promise<PublishedPostEntry[]> {
  const rows = await db.publishedPosts.where('gameId').equals(gameId).sortBy('id');
  return rows.map(({ id: _id, ...entry }) => entry);
}

/** A game's actions of one night with their ids, in the order they were entered. */
export async function listNightActionItems(db: GavelDatabase, gameId: string, night: number): Promise<NightActionItem[]> {
  const rows = await db.nightActions.where('gameId').equals(gameId).sortBy('id');
  return rows.flatMap((r) => (r.night === night && r.id !== undefined ? [{ ...r, id: r.id }] : []));
}

/** Takes back one entered night action of a game (false: there was none with that id). */
export async function removeNightAction(db: GavelDatabase, gameId: string, id: number): Promise<boolean> {
  const row = await db.nightActions.get(id);
  if (row?.gameId !== gameId) return false;
  await db.nightActions.delete(id);
  return true;
}

/** A game's resolution of one night, or null. */
export async function getNightResolution(db: GavelDatabase, gameId: string, night: number): Promise<NightResolutionEntry | null> {
  return (await db.nightResolutions.get([gameId, night])) ?? null;
}

/** Forgets a night's resolution that was not applied (its actions changed). */
export async function dropUnappliedResolution(db: GavelDatabase, gameId: string, night: number): Promise<void> {
  const row = await db.nightResolutions.get([gameId, night]);
  if (row !== undefined && !row.applied) await db.nightResolutions.delete([gameId, night]);
}

/**
 * Appends events to a game's log in one write, with the night's resolution marked
 * applied in the same transaction, so a game never holds half a night.
 */
export async function applyNightEvents(
  db: GavelDatabase,
  gameId: string,
  events: readonly GameEvent[],
  resolution: NightResolutionEntry,
  now: number,
): Promise<GameRecord> {
  return db.transaction('rw', db.games, db.nightResolutions, async () => {
    const game = await mustGet(db, gameId);
    const stored = await db.nightResolutions.get([gameId, resolution.night]);
    if (stored?.applied === true) throw new GavelError('night/applied', `Night ${resolution.night} is applied already`);
    const next: GameRecord = { ...game, events: [...game.events, ...events], updatedAt: now };
    refuseIfBad(next);
    await db.games.put(next);
    await db.nightResolutions.put({ ...resolution, applied: true });
    return next;
  });
}

/** Takes a pardon back; false when there was none. */
export async function removePardon(db: GavelDatabase, gameId: string, breachId: string): Promise<boolean> {
  return db.transaction('rw', db.pardons, async () => {
    const key: [string, string] = [gameId, breachId];
    if ((await db.pardons.get(key)) === undefined) return false;
    await db.pardons.delete(key);
    return true;
  });
}
