import { modifyRulesetAbility, rulesetModifiedRole } from '../night/nar-modifiers';
import type { Slot } from '../types';
import type { Ruleset } from '../rules/types';
import type {
  DayRecord,
  GameEvent,
  GameState,
  PhaseRef,
  PlayerState,
  RecordedAction,
  RecordedVote,
  SentMessage,
  StatusInstance,
} from './types';

/** What a player's state starts with: no statuses, titles, messages, strikes, uses or spent night protections. */
export const emptyPlayerLedgers = {
  statuses: [],
  titles: [],
  inbox: [],
  strikes: [],
  uses: {},
  selfUses: {},
  spent: {},
  killsAttempted: 0,
} as const satisfies Partial<PlayerState>;

/** The state before any event: no players, no phase. */
export const emptyGameState: GameState = {
  players: [],
  families: [],
  phase: null,
  phaseSeq: 0,
  votes: [],
  voteLog: [],
  actions: [],
  openBallots: [],
  history: [],
  reserveKills: {},
  publicMessages: [],
  eventCount: 0,
};

/**
 * Folds the event log into the host's full view of the game. Pure: the same
 * log always gives the same state, so any past state is a prefix of the log
 * and undo is dropping an event. Events naming an unknown slot are ignored
 * (`validateEvent` reports them before they are appended).
 */
export function deriveState(events: readonly GameEvent[]): GameState {
  let state = emptyGameState;
  events.forEach((event, index) => {
    state = applyEvent(state, event, index);
  });
  return state;
}

function updatePlayer(state: GameState, slotId: string, update: (p: PlayerState) => PlayerState): GameState {
  return { ...state, players: state.players.map((p) => (p.slot.id === slotId ? update(p) : p)) };
}

/** Applies one event; `index` is its position in the log (for vote order). */
export function applyEvent(previous: GameState, event: GameEvent, index: number): GameState {
  const state: GameState = { ...previous, eventCount: previous.eventCount + 1 };
  switch (event.type) {
    case 'game/setup': {
      const families = event.families ?? [...new Set(event.players.flatMap((p) => (p.family === undefined ? [] : [p.family])))];
      const players = event.players.map((p): PlayerState => {
        const slot: Slot = { id: p.slotId, accounts: [{ name: p.name }] };
        return {
          slot,
          name: p.name,
          faction: p.faction,
          role: p.role,
          ...(p.secondRole === undefined ? {} : { secondRole: p.secondRole }),
          ...(p.family === undefined ? {} : { family: p.family }),
          ...(p.rank === undefined ? {} : { rank: p.rank }),
          ...(p.leader === undefined ? {} : { leader: p.leader }),
          ...(p.target === undefined ? {} : { target: p.target }),
          alive: true,
          ...emptyPlayerLedgers,
        };
      });
      return { ...state, players, families };
    }
    case 'phase/start': {
      const seq = state.phaseSeq + 1;
      const ended = state.phase;
      // A night that ends leaves each player's moves behind, for 004's "two nights in a row" limits.
      const players =
        ended?.kind === 'night'
          ? state.players.map((p): PlayerState => {
              const { previousNight: _before, ...rest } = p;
              const actions = state.actions.filter((a) => a.actor === p.slot.id).map((a) => ({ ability: a.ability, targets: a.targets }));
              return actions.length === 0 ? rest : { ...rest, previousNight: { night: ended.number, actions } };
            })
          : state.players;
      const { collectChoice: _choices, ...kept } = state;
      return {
        ...kept,
        phase: event.phase,
        phaseSeq: seq,
        votes: [],
        voteLog: [],
        actions: [],
        openBallots: [],
        players: players.map((p) => ({ ...p, statuses: p.statuses.filter((s) => s.until === undefined || s.until > seq) })),
      };
    }
    case 'player/replace':
      return updatePlayer(state, event.slotId, (p) => ({
        ...p,
        name: event.name,
        slot: { ...p.slot, accounts: [...p.slot.accounts, { name: event.name }] },
      }));
    case 'vote/cast': {
      const vote: RecordedVote = {
        voter: event.voter,
        ballot: event.ballot,
        target: event.target,
        ...(event.weight === undefined ? {} : { weight: event.weight }),
        ...(event.advance === undefined ? {} : { advance: event.advance }),
        at: index,
      };
      return { ...state, votes: [...state.votes, vote], voteLog: [...state.voteLog, vote] };
    }
    case 'vote/withdraw': {
      // Withdraws the voter's latest vote on that ballot.
      const entry: RecordedVote = { voter: event.voter, ballot: event.ballot, target: null, at: index, withdraw: true };
      const voteLog = [...state.voteLog, entry];
      const last = findLastIndex(state.votes, (v) => v.voter === event.voter && v.ballot === event.ballot);
      if (last === -1) return { ...state, voteLog };
      return { ...state, voteLog, votes: state.votes.filter((_, i) => i !== last) };
    }
    case 'action/use': {
      const action: RecordedAction = {
        actor: event.actor,
        ability: event.ability,
        targets: event.targets,
        ...(event.text === undefined ? {} : { text: event.text }),
        ...(event.forged === undefined ? {} : { forged: event.forged }),
        ...(event.requestForged === undefined ? {} : { requestForged: event.requestForged }),
        at: index,
      };
      const past = state.phase === null ? state.pastMoves : [...(state.pastMoves ?? []), { ...action, phase: state.phase }];
      const next = { ...state, actions: [...state.actions, action], ...(past === undefined ? {} : { pastMoves: past }) };
      const self = event.targets.includes(event.actor) ? 1 : 0;
      return updatePlayer(next, event.actor, (p) => ({
        ...p,
        uses: { ...p.uses, [event.ability]: (p.uses[event.ability] ?? 0) + 1 },
        selfUses: { ...p.selfUses, [event.ability]: (p.selfUses[event.ability] ?? 0) + self },
        ...(p.family !== undefined && event.targets.includes(p.family)
          ? { ownFamilyUses: { ...p.ownFamilyUses, [event.ability]: (p.ownFamilyUses?.[event.ability] ?? 0) + 1 } }
          : {}),
      }));
    }
    case 'action/cancel': {
      // The move leaves the phase's actions and the game's past moves, and its use is given back.
      const action = state.actions.find((a) => a.at === event.at);
      if (action === undefined) return state;
      const past = state.pastMoves?.filter((m) => m.at !== event.at);
      const refused = event.refused === true ? [...(state.refusedMoves ?? []), { ...action, phase: state.phase }] : state.refusedMoves;
      const next: GameState = {
        ...state,
        actions: state.actions.filter((a) => a.at !== event.at),
        ...(past === undefined ? {} : { pastMoves: past }),
        ...(refused === undefined ? {} : { refusedMoves: refused }),
      };
      const self = action.targets.includes(action.actor);
      return updatePlayer(next, action.actor, (p) => ({
        ...p,
        uses: { ...p.uses, [action.ability]: Math.max(0, (p.uses[action.ability] ?? 0) - 1) },
        selfUses: self ? { ...p.selfUses, [action.ability]: Math.max(0, (p.selfUses[action.ability] ?? 0) - 1) } : p.selfUses,
      }));
    }
    case 'vote/opening-set':
      // Read by the count from the log (`voteOpeningsSet`); the game's state does not change.
      return state;
    case 'action/refund':
      return updatePlayer(state, event.actor, (p) => ({
        ...p,
        uses: { ...p.uses, [event.ability]: Math.max(0, (p.uses[event.ability] ?? 0) - 1) },
        selfUses: event.self ? { ...p.selfUses, [event.ability]: Math.max(0, (p.selfUses[event.ability] ?? 0) - 1) } : p.selfUses,
      }));
    case 'protection/spend':
      return updatePlayer(state, event.slotId, (p) => ({
        ...p,
        spent: { ...p.spent, [event.protection]: (p.spent[event.protection] ?? 0) + 1 },
      }));
    case 'kill/attempt':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, killsAttempted: p.killsAttempted + 1 }));
    case 'leader/set': {
      const faction = state.players.find((p) => p.slot.id === event.slotId)?.faction;
      if (faction === undefined) return state;
      return {
        ...state,
        players: state.players.map((p) => {
          if (p.faction !== faction) return p;
          if (p.slot.id === event.slotId) return { ...p, leader: true };
          const { leader: _was, ...rest } = p;
          return rest;
        }),
      };
    }
    case 'night/carry':
      return { ...state, reserveKills: { ...state.reserveKills, [event.faction]: event.reserveKills } };
    case 'night/hold': {
      const { type: _type, ...held } = event;
      return { ...state, heldActions: [...(state.heldActions ?? []), held] };
    }
    case 'player/die':
      return updatePlayer(state, event.slotId, (p) =>
        p.alive
          ? {
              ...p,
              alive: false,
              death: { cause: event.cause, phase: state.phase, ...(event.by === undefined ? {} : { by: event.by }), at: index },
            }
          : p,
      );
    case 'player/revive':
      return updatePlayer(state, event.slotId, (p) => {
        const { death: _death, ...rest } = p;
        return { ...rest, alive: true };
      });
    case 'status/add': {
      const status: StatusInstance = {
        id: event.status,
        since: state.phaseSeq,
        ...(state.phase === null ? {} : { sincePhase: state.phase }),
        ...(event.phases === undefined ? {} : { until: state.phaseSeq + event.phases }),
        ...(event.value === undefined ? {} : { value: event.value }),
        ...(event.with === undefined ? {} : { with: event.with }),
        ...(event.by === undefined ? {} : { by: event.by }),
      };
      return updatePlayer(state, event.slotId, (p) => ({ ...p, statuses: [...p.statuses.filter((s) => s.id !== event.status), status] }));
    }
    case 'status/remove':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, statuses: p.statuses.filter((s) => s.id !== event.status) }));
    case 'title/grant':
      return updatePlayer(state, event.slotId, (p) => (p.titles.includes(event.title) ? p : { ...p, titles: [...p.titles, event.title] }));
    case 'title/revoke':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, titles: p.titles.filter((t) => t !== event.title) }));
    case 'player/faction':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, faction: event.faction }));
    case 'role/change':
      return updatePlayer(state, event.slotId, (p) => {
        const { secondRole: _old, ...rest } = p;
        const second = event.secondRole === undefined ? p.secondRole : event.secondRole;
        return {
          ...rest,
          role: event.role,
          ...(second === undefined || second === null ? {} : { secondRole: second }),
          uses: {},
          selfUses: {},
        };
      });
    case 'night/collect-choice':
      return { ...state, collectChoice: { ...state.collectChoice, [event.collector]: event.victim } };
    case 'note/leave':
      return {
        ...state,
        nightNotes: [...(state.nightNotes ?? []), { at: index, author: event.author, text: event.text, phase: state.phase }],
      };
    case 'note/refuse':
      return { ...state, nightNotes: (state.nightNotes ?? []).map((n) => (n.at === event.at ? { ...n, refused: true } : n)) };
    case 'will/set':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, will: event.text }));
    case 'message/send': {
      const sent: SentMessage = {
        phase: state.phase,
        text: event.text,
        ...(event.result === undefined ? {} : { result: event.result }),
        ...(event.message === undefined ? {} : { message: event.message }),
      };
      if (event.to === null) return { ...state, publicMessages: [...state.publicMessages, sent] };
      return updatePlayer(state, event.to, (p) => ({ ...p, inbox: [...p.inbox, sent] }));
    }
    case 'strike/add':
      return updatePlayer(state, event.slotId, (p) => ({ ...p, strikes: [...p.strikes, event.reason] }));
    case 'day/result': {
      const record: DayRecord = {
        phase: event.phase,
        lynched: event.lynched,
        noVictimRunoff: event.noVictimRunoff,
        ...(event.ballot === undefined ? {} : { ballot: event.ballot }),
        living: state.players.filter((p) => p.alive).map((p) => p.slot.id),
      };
      return { ...state, history: [...state.history, record] };
    }
    case 'ballot/open':
      return {
        ...state,
        openBallots: [
          ...state.openBallots.filter((b) => b.ballot !== event.ballot),
          {
            ballot: event.ballot,
            ...(event.candidates === undefined ? {} : { candidates: event.candidates }),
            ...(event.afterPost === undefined ? {} : { afterPost: event.afterPost }),
            at: index,
          },
        ],
      };
    case 'game/end':
      return { ...state, ended: { winners: event.winners, reason: event.reason } };
  }
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item !== undefined && predicate(item)) return i;
  }
  return -1;
}

/** The player in a slot, if any. */
export function playerOf(state: GameState, slotId: string): PlayerState | undefined {
  return state.players.find((p) => p.slot.id === slotId);
}

/** Whether the player has a status (active at the current phase). */
export function hasStatus(player: PlayerState, status: string): boolean {
  return player.statuses.some((s) => s.id === status);
}

/** Whether any of the player's statuses (per the ruleset) has the given flag. */
export function hasStatusFlag(
  player: PlayerState,
  ruleset: Ruleset,
  flag: 'blocksVoting' | 'blocksActions' | 'voteImmune' | 'removedForWin' | 'barsWin',
): boolean {
  return player.statuses.some((s) => ruleset.statuses.find((d) => d.id === s.id)?.[flag] === true);
}

/** Living for the win counts: alive and no status that removes the player (exiled, arrested). */
export function isCountedAlive(player: PlayerState, ruleset: Ruleset): boolean {
  return player.alive && !hasStatusFlag(player, ruleset, 'removedForWin');
}

/** The faction definition of a player. */
export function factionOf(player: PlayerState, ruleset: Ruleset): Ruleset['factions'][number] | undefined {
  return ruleset.factions.find((f) => f.id === player.faction);
}

/** Compares two phases in a ruleset's order (which comes first in the game). */
export function phaseIndex(phase: PhaseRef, firstPhase: 'day' | 'night'): number {
  const first = phase.kind === firstPhase ? 0 : 1;
  return phase.number * 2 + first;
}

/** Whether a player can hold an ability (role or second role). */
export function roleAbilities(player: PlayerState, ruleset: Ruleset): readonly Ruleset['roles'][number]['abilities'][number][] {
  const roles = [player.role, ...(player.secondRole === undefined ? [] : [player.secondRole])];
  // A role written with modifiers in front ("macho one-shot doctor") holds its base role's abilities, as the
  // modifiers leave them (a day-only Vigilante shoots by day); so does a role the ruleset gives modifiers.
  const held = roles.flatMap((id) => {
    const plain = ruleset.roles.find((r) => r.id === id);
    const parsed = plain === undefined ? rulesetModifiedRole(ruleset, id) : undefined;
    const role = plain ?? (parsed === undefined ? undefined : ruleset.roles.find((r) => r.id === parsed.base));
    if (role === undefined) return [];
    const modifiers = [...(role.modifiers ?? []), ...(parsed?.modifiers ?? [])];
    return modifiers.length === 0 ? role.abilities : role.abilities.map((a) => modifyRulesetAbility(a, modifiers));
  });
  // An ability kept for holders of some colours (004 L73: the Faceless's heroic suicide) is not the others'.
  return held.some((a) => a.holderColors !== undefined) ? held.filter((a) => holdsByColor(a, player.faction, ruleset)) : held;
}

/** Whether a player of `faction` holds `ability` by its `holderColors` (every holder when it has none). */
export function holdsByColor(ability: { readonly holderColors?: readonly string[] }, faction: string, ruleset: Ruleset): boolean {
  if (ability.holderColors === undefined) return true;
  const color = ruleset.factions.find((f) => f.id === faction)?.color;
  return color !== undefined && ability.holderColors.includes(color);
}
