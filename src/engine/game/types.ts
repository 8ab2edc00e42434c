/**
 * The game model: an append-only EVENT LOG from which every state is derived
 * (`deriveState`). Any past state is `deriveState(events.slice(0, n))`; undo is
 * dropping an event. Plain JSON only.
 */
import type { NightResult } from '../night/results';
import type { NightAction, PreviousNight, RequestForgery } from '../night/types';
import type { Slot } from '../types';
import type { EngineMessage } from '../words';

/** A phase of play. `number` is the game's own numbering (Night 1, Day 1…). */
export interface PhaseRef {
  readonly kind: 'day' | 'night';
  readonly number: number;
}

/** One player as the host set them up. Factions, roles and families are ids from the ruleset. */
export interface PlayerSetup {
  readonly slotId: string;
  readonly name: string;
  readonly faction: string;
  readonly role: string;
  /** A second role laid over the first (000's Mafia second roles, 004's negative role over a peaceful one). */
  readonly secondRole?: string;
  /** 000's family (a group of players that is voted on as a whole). */
  readonly family?: string;
  /** Rank inside the faction for kill orders (003's role list): 1 is highest. */
  readonly rank?: number;
  /** The faction's leader, whose kill order always stands (003); absent = the best-ranked member leads. */
  readonly leader?: boolean;
  /** The level the player signed up at (000: Beginner, Standard, Spectator); the setup check reads it. */
  readonly level?: string;
  /** The player the role is set against (a Lyncher's target), a slot id. */
  readonly target?: string;
}

/**
 * Everything that can happen in a game, as recorded facts. Host decisions
 * (deaths from night resolution, statuses, titles) and player moves (votes,
 * actions) are both events; results of a vote are recorded as `day/result`.
 */
export type GameEvent =
  /** The roster and its setup; always the first event. */
  | { readonly type: 'game/setup'; readonly players: readonly PlayerSetup[]; readonly families?: readonly string[] }
  /** A new phase begins; statuses whose duration ran out are dropped. */
  | { readonly type: 'phase/start'; readonly phase: PhaseRef }
  /** A replacement takes over a slot; the slot, its role and its history stay. */
  | { readonly type: 'player/replace'; readonly slotId: string; readonly name: string }
  /**
   * A vote on a ballot of the current day. `ballot` names which vote this is
   * (`lynch`, `family`, `individual`, `runoff`, `hunt`, `election`…); `target`
   * is a slot id or (family ballots) a family id; null = explicit no-vote.
   */
  | {
      readonly type: 'vote/cast';
      readonly voter: string;
      readonly ballot: string;
      readonly target: string | null;
      /** A host-stated weight (004 boosts: Witness, Politician, bought votes); the ruleset's weight otherwise. */
      readonly weight?: number;
      /** Sent to the host by PM in advance (004): never counts as a "first vote" in tie-breaks. */
      readonly advance?: true;
    }
  /** Withdraws the voter's vote on a ballot. */
  | { readonly type: 'vote/withdraw'; readonly voter: string; readonly ballot: string }
  /** A player uses an ability (ids from the ruleset's roles); targets are slot or family ids. */
  | {
      readonly type: 'action/use';
      readonly actor: string;
      readonly ability: string;
      readonly targets: readonly string[];
      /** Words the move hands to its target (004 Maid: what he is told instead of, or beside, his own result, L45). */
      readonly text?: string;
      /**
       * What the Investigator is handed of this move's result instead of the real one, when the real one is `when` (if
       * given): a check's colour (whether black), a track's places (none: home). 004 L85, L86, L77: only a move whose
       * ability lets its holder's colour forge (`forwardForgedBy`) carries one (`checkForged`).
       */
      readonly forged?: ForgedResult;
      /**
       * When the move reached the host (epoch ms): the PM's or post's time he gives, else his clock when he recorded it.
       * 004 L113: a before-vote move that came after the vote opened is skipped. Absent (older logs): taken as on time.
       */
      readonly at?: number;
      /** 004 L86, L77: a black or Faceless Detective's substitution of his role request's answer for the Investigator. */
      readonly requestForged?: RequestForgery;
    }
  /**
   * The host takes back one recorded move of the phase in progress: the `action/use` event at log index `at`. With
   * `refused` he refused it to the player (004 L125.9 "ведущий может отказать ему в этой возможности"), and the state
   * keeps it as refused (`refusedMoves`) for the rules that read a refusal; without, it was entered by mistake. The use
   * is not counted either way.
   */
  | { readonly type: 'action/cancel'; readonly at: number; readonly refused?: boolean }
  /**
   * 004 L150: the host sets by hand when a day's vote opened (epoch ms), over the announcement the count reads from the
   * thread and the clock's assumed time; the latest for a day stands. Read by the count (`voteOpeningsSet`).
   */
  | { readonly type: 'vote/opening-set'; readonly day: number; readonly at: number }
  /** A recorded use that did not spend a charge after all (000: a blocked limited action, per the night rules). */
  | { readonly type: 'action/refund'; readonly actor: string; readonly ability: string; readonly self: boolean }
  /** A passive protection of the player was used up (001 vest, 000 Butler's shield against the Mafia, Bodyguard's automatic self-save). */
  | { readonly type: 'protection/spend'; readonly slotId: string; readonly protection: string }
  /** A faction member's night kill order was taken (003's rotation: everyone shoots once before anyone shoots twice). */
  | { readonly type: 'kill/attempt'; readonly slotId: string }
  /** The player becomes their faction's leader, whose kill order always stands (003: "the BO may elect … a leader", effective the next phase). */
  | { readonly type: 'leader/set'; readonly slotId: string }
  /** A faction's reserve of kills carried to the next nights (004: kills that did not happen or hit an ally). */
  | { readonly type: 'night/carry'; readonly faction: string; readonly reserveKills: number }
  /** A move of night `night` a Delayer held over: it resolves the next night (the forum standard's Delayer, issue 19). */
  | {
      readonly type: 'night/hold';
      readonly night: number;
      readonly actor: string;
      readonly ability: string;
      readonly targets: readonly string[];
    }
  /**
   * A player dies. `cause` is a code (`DeathCause`: `night-kill`, `lynch`, `poison`, `revenge`…) each reader words in its
   * language (`deathCauseMessage`, `deathCauseText`), or a host's own words, shown as written.
   */
  | { readonly type: 'player/die'; readonly slotId: string; readonly cause: string; readonly by?: string }
  /** A dead player returns (a host's correction, or a role that revives). */
  | { readonly type: 'player/revive'; readonly slotId: string }
  /** A status begins; it lasts `phases` phases counting the current one, or until removed. */
  | {
      readonly type: 'status/add';
      readonly slotId: string;
      readonly status: string;
      readonly phases?: number;
      readonly value?: number;
      /** The other player of a pair the status names (004: the Immortal's link, the Fanatic's favourite, the face cut's target). */
      readonly with?: string;
      /** Who gave it (the Poisoner, the Faceless…). */
      readonly by?: string;
    }
  | { readonly type: 'status/remove'; readonly slotId: string; readonly status: string }
  /** A title (004's Mayor, Secretary) is granted or lost. */
  | { readonly type: 'title/grant'; readonly slotId: string; readonly title: string }
  | { readonly type: 'title/revoke'; readonly slotId: string; readonly title: string }
  /** A player passes to another faction (004 L55: a Mercenary or Ninja whose employers are all dead joins the other group). */
  | { readonly type: 'player/faction'; readonly slotId: string; readonly faction: string }
  /** A player's role changes (a Thief's steal, a role passed on). */
  | { readonly type: 'role/change'; readonly slotId: string; readonly role: string; readonly secondRole?: string | null }
  /** A will (003) the player sent the host; shown when they die. */
  | { readonly type: 'will/set'; readonly slotId: string; readonly text: string }
  /**
   * 004 L41: the host's choice, for tonight, of the one role a Collector gets when several players he named die at once
   * ("он получит одну из их ролей по усмотрению ведущего"): the collected player. Read by the night's resolution.
   */
  | { readonly type: 'night/collect-choice'; readonly collector: string; readonly victim: string }
  /**
   * 004 L166–L170: a night note a player handed the host after the night was announced; posted under the morning's
   * results with no sender. `note/refuse`: the host will not post the note logged at event `at` (L170).
   */
  | { readonly type: 'note/leave'; readonly author: string; readonly text: string }
  | { readonly type: 'note/refuse'; readonly at: number }
  /**
   * Something told privately to one player (a result PM), or to everyone (`to: null`).
   * A night's result keeps what it says as data (`result`), so it can be shown in any
   * language later; `text` is its English sentence (and the whole message for a host's
   * own words, and for games stored before results were data). A message the game
   * rules word (004's end-of-day moves) keeps its `message`, worded by each reader in
   * its language; `text` is its wording in the game's posts when it was sent (and all
   * there is in an event stored before messages were data: shown as written).
   */
  | {
      readonly type: 'message/send';
      readonly to: string | null;
      readonly text: string;
      readonly result?: NightResult;
      readonly message?: EngineMessage;
    }
  /** A strike toward exile (000: improper or missing votes). */
  | { readonly type: 'strike/add'; readonly slotId: string; readonly reason: string }
  /** The recorded outcome of a day's vote (written by the play runner from the tally). */
  | {
      readonly type: 'day/result';
      readonly phase: PhaseRef;
      readonly lynched: readonly string[];
      readonly noVictimRunoff: boolean;
      readonly ballot?: string;
    }
  /** A ballot of the day is opened by the host (004: `hunt`, `runoff`, `election`). */
  | {
      readonly type: 'ballot/open';
      readonly ballot: string;
      readonly candidates?: readonly string[];
      /**
       * The thread's last post the host had read when he opened the ballot: votes posted up to it belong to the
       * ballots before (a thread's count; in a played game the votes are events and follow the log's order).
       */
      readonly afterPost?: number;
      /**
       * 004 L164: the host's override for a witch hunt: approvals he read elsewhere (a PM, an edited post) suffice,
       * whatever the thread's count read. The host account that ticked it, kept so the log shows whose word it was.
       */
      readonly approvedBy?: string;
    }
  /** The game ends (the host's call or a win check). */
  | { readonly type: 'game/end'; readonly winners: readonly string[]; readonly reason: string };

/** A message as a player's inbox or the thread keeps it: the phase it was sent in, and what it says (see `message/send`). */
export interface SentMessage {
  readonly phase: PhaseRef | null;
  readonly text: string;
  readonly result?: NightResult;
  readonly message?: EngineMessage;
}

/** A status on a player, with the phase sequence number at which it stops (exclusive). */
export interface StatusInstance {
  readonly id: string;
  /** Phase sequence number (0-based count of phase starts) when it began. */
  readonly since: number;
  /** The phase it began in. */
  readonly sincePhase?: PhaseRef;
  /** Phase sequence number at which it ends; absent = until removed. */
  readonly until?: number;
  readonly value?: number;
  /** The other player of a pair the status names (slot id). */
  readonly with?: string;
  /** Who gave it (slot id). */
  readonly by?: string;
}

/** One vote as recorded, with its position in the log (to break ties by who was first). */
export interface RecordedVote {
  readonly voter: string;
  readonly ballot: string;
  readonly target: string | null;
  readonly weight?: number;
  readonly advance?: true;
  /** Index of the event in the log. */
  readonly at: number;
  /** Set on `voteLog` entries that record an unvote. */
  readonly withdraw?: true;
}

export interface RecordedAction {
  readonly actor: string;
  readonly ability: string;
  readonly targets: readonly string[];
  /** Words the move hands to its target (see `action/use`). */
  readonly text?: string;
  /** What the Investigator is handed instead of the move's result (see `action/use`; 004 L85, L86, L77). */
  readonly forged?: ForgedResult;
  /** 004 L86: a role request's substitution (see `action/use`). */
  readonly requestForged?: RequestForgery;
  readonly at: number;
}

/** A substitution of what the Investigator is handed (004 L85, L86, L77): as the night reads it (`NightAction.forged`). */
export type ForgedResult = NonNullable<NightAction['forged']>;

/** The host's full view of one player. */
export interface PlayerState {
  readonly slot: Slot;
  readonly name: string;
  readonly faction: string;
  readonly role: string;
  readonly secondRole?: string;
  readonly family?: string;
  readonly alive: boolean;
  /** How the player died; `at` is the event's index in the log. */
  readonly death?: { readonly cause: string; readonly phase: PhaseRef | null; readonly by?: string; readonly at: number };
  readonly statuses: readonly StatusInstance[];
  readonly titles: readonly string[];
  readonly will?: string;
  /** Private messages sent to this player, in order (a night's result keeps its data, to be shown in any language). */
  readonly inbox: readonly SentMessage[];
  readonly strikes: readonly string[];
  /** Uses of each ability so far (limits are checked against this). */
  readonly uses: Readonly<Record<string, number>>;
  /** Self-targeted uses of each ability so far. */
  readonly selfUses: Readonly<Record<string, number>>;
  /** Uses of each ability on the player's own family so far (000's Sheriff); absent = none. */
  readonly ownFamilyUses?: Readonly<Record<string, number>>;
  /** Passive protections used up so far, per protection (vest, mafia-shield, self-guard). */
  readonly spent: Readonly<Record<string, number>>;
  /** Faction night kills this player's orders attempted so far (003's rotation). */
  readonly killsAttempted: number;
  /** The moves the player sent on the last night that ended (004's "two nights in a row" limits). */
  readonly previousNight?: PreviousNight;
  /** Rank inside the faction for kill orders (003): 1 is highest. */
  readonly rank?: number;
  /** The faction's leader (003): by the setup, or elected later (`leader/set`). */
  readonly leader?: boolean;
  /** The player the role is set against at setup (a Lyncher's target), a slot id. */
  readonly target?: string;
}

export interface DayRecord {
  readonly phase: PhaseRef;
  readonly lynched: readonly string[];
  readonly noVictimRunoff: boolean;
  /** The ballot that decided the day (`lynch`, `runoff`, `hunt`…). */
  readonly ballot?: string;
  /** Living slot ids when the result was recorded (004's stalemate draw). */
  readonly living: readonly string[];
}

/** The host's full view of the game, derived from the log. */
export interface GameState {
  readonly players: readonly PlayerState[];
  readonly families: readonly string[];
  readonly phase: PhaseRef | null;
  /** How many phases have started (statuses count durations in phases). */
  readonly phaseSeq: number;
  /** Current votes of the current phase, per ballot, in the order cast (withdrawn ones removed). */
  readonly votes: readonly RecordedVote[];
  /** Every vote and unvote of the current phase, in log order (unvotes have `withdraw`). */
  readonly voteLog: readonly RecordedVote[];
  readonly actions: readonly RecordedAction[];
  /** 004 L166–L170: the night notes of the game (`note/leave`), `at` the event's index; absent = none. */
  readonly nightNotes?: readonly NightNote[];
  /** 004 L41: the host's choices of this night's collected role, by Collector (`night/collect-choice`); absent = none. */
  readonly collectChoice?: Readonly<Record<string, string>>;
  /** Every recorded move of the game with its phase, oldest first (004: the night reads the day's choices and the game's copies, L27, L40–L42, L47); absent = none. */
  readonly pastMoves?: readonly (RecordedAction & { readonly phase: PhaseRef })[];
  /** Moves of the game the host refused (`action/cancel` with `refused`), with their phase, oldest first; absent = none. */
  readonly refusedMoves?: readonly (RecordedAction & { readonly phase: PhaseRef | null })[];
  /** Ballots the host opened this phase; `at` is the opening event's index in the log (absent in states built by hand). */
  readonly openBallots: readonly {
    readonly ballot: string;
    readonly candidates?: readonly string[];
    readonly at?: number;
    /** Votes of posts up to this number are not this ballot's (see the `ballot/open` event). */
    readonly afterPost?: number;
  }[];
  readonly history: readonly DayRecord[];
  /** Reserve kills each faction carries into the next night (004), as the last night left them. */
  readonly reserveKills: Readonly<Record<string, number>>;
  /** Moves Delayers held over, each with the night it was sent (the night after resolves it). */
  readonly heldActions?: readonly {
    readonly night: number;
    readonly actor: string;
    readonly ability: string;
    readonly targets: readonly string[];
  }[];
  /** Messages to everyone (public announcements), in order. */
  /** Messages to the whole thread; a night's public word keeps its result, to be written in the post's language. */
  readonly publicMessages: readonly SentMessage[];
  readonly ended?: { readonly winners: readonly string[]; readonly reason: string };
  /** How many events were applied. */
  readonly eventCount: number;
}

/** 004 L166: a night note, as the host received it; `refused` when he will not post it (L170). */
export interface NightNote {
  readonly at: number;
  readonly author: string;
  readonly text: string;
  readonly phase: PhaseRef | null;
  readonly refused?: boolean;
}
