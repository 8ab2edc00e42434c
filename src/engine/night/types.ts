/**
 * Night resolution: the data that goes in (players, role-PM actions, the
 * deadline) and the explained outcome that comes out. Plain JSON only, so a
 * resolution can be stored, diffed and replayed.
 */
import type { NightResult } from './results';

import type { StatusDef } from '../rules/types';
import type { EngineMessage } from '../words';

/**
 * A status id of the game's ruleset (`Ruleset.statuses`): the night knows
 * what a status does only from its `night` meaning in `NightInput.statusRules`.
 */
export type NightStatusId = string;

/** A status of the ruleset as the night reads it: its id and its night meaning. */
export type NightStatusRule = Pick<StatusDef, 'id' | 'night'>;

/** A status with its duration, as the game model stores it. */
export interface NightStatus {
  readonly id: NightStatusId;
  /** The night the status began (poison: the night it was given). */
  readonly sinceNight?: number;
  /** The last night the status still applies (injury: the night after it was given). */
  readonly untilNight?: number;
  /** The other player of a pair (lovers). */
  readonly with?: string;
  /** Who caused it (the poisoner, for the revenge of an Armed Robber who dies of it). */
  readonly by?: string;
  /** A number the status carries (004 L52: 1 on a poisoning that spent a killer side's surplus shot, an extra poisoning). */
  readonly value?: number;
}

/** One player as the night sees them. */
export interface NightPlayer {
  readonly slotId: string;
  readonly name: string;
  /** The role id (see `roleCatalog`). */
  readonly role: string;
  /** A second role on top of the first (000 Mafia Members; 004 blacks hold a peaceful role plus a negative one). */
  readonly secondRole?: string;
  /** The faction the player plays for ('town', 'mafia', 'maniac', …). */
  readonly faction: string;
  /** The player's family (000) or any other group a role may target as a whole. */
  readonly family?: string;
  readonly alive: boolean;
  readonly statuses?: readonly NightStatus[];
  /** Uses left per ability id; an ability absent here has its role's full allowance. */
  readonly usesLeft?: Readonly<Record<string, number>>;
  /** Self-targeted uses left per ability id (000 Doctor, Bodyguard). */
  readonly selfUsesLeft?: Readonly<Record<string, number>>;
  /** Rank inside the faction for kill orders (003): 1 is highest. */
  readonly rank?: number;
  /** The faction's leader, whose kill order always stands (003). */
  readonly leader?: boolean;
  /** Night kills this player has attempted so far (003's rotation: everyone shoots once before anyone shoots twice). */
  readonly killsAttempted?: number;
  /**
   * Night effect kinds no move may aim at this player with, `*` for every move
   * (004: the Mayor is no role's target, L159; the Secretary is no target for
   * killers, checks or the face cut, L161). The game model fills it from the
   * player's titles. A move aimed there is refused (`night/target-status`).
   */
  readonly immuneTo?: readonly string[];
  /** Passive protections already spent (001 vest, 000 Butler shield, Bodyguard auto-save): count spent so far. */
  readonly spent?: Readonly<Record<string, number>>;
  /** What the player sent on the previous night, for limits on "two nights in a row" (004 Doctor, L4). */
  readonly previousNight?: PreviousNight;
  /**
   * What the player was told privately before tonight, oldest first (the game
   * model's inbox): the 004 Maid sees everything her target was told during
   * the game (L45). The game passes it only when a role of the ruleset reads it.
   */
  readonly pastResults?: readonly NightResult[];
  /** Who killed the player, for a dead player (004 Forensic's samples, L44). */
  readonly killedBy?: readonly string[];
  /** How the player was killed, for a dead player: the game's death cause (004 Forensic: a poison death, L44). */
  readonly killedWith?: string;
  /** The player's moves of earlier phases, day choices included, oldest first (004: the copies, curse and slave a night reads, L27, L40–L42, L47). */
  readonly pastMoves?: readonly PastMove[];
}

/** A move of an earlier phase as the night reads it. */
export interface PastMove {
  /** The night the move bears on: a day's move, the night after that day; a night's move, that night. */
  readonly night: number;
  /** Made by day (a choice at the end of a day). */
  readonly day: boolean;
  readonly ability: string;
  readonly targets: readonly string[];
  /** The words the move carried (004 L27: a master's order changing his slave's words). */
  readonly text?: string;
  /** A role request's substitution of what the Investigator is handed (004 L86, L77; `RequestForgery`). */
  readonly requestForged?: RequestForgery;
}

/** A role request's answer, night by night: the players the role's holder went to (none: home). */
export type NightPlaces = readonly { readonly night: number; readonly places: readonly string[] }[];

/**
 * 004 L86 "может заранее указать ведущему … результат запроса на роль, что будет передан утром. Разрешено поставить
 * условие для подмены, связанное с настоящим результатом" (L77: the Faceless's Detective too): the answer the
 * Investigator is handed instead of the real one (`nights`), when the real one is `when`, if given. The nights the
 * holder leaves out are handed on as they are.
 */
export interface RequestForgery {
  readonly nights: NightPlaces;
  readonly when?: NightPlaces;
}

/** A player's moves of one earlier night (004 L16: "two nights in a row" means adjacent nights). */
export interface PreviousNight {
  readonly night: number;
  readonly actions: readonly { readonly ability: string; readonly targets: readonly string[] }[];
}

/** One action as a player sent it in a role PM. */
export interface NightAction {
  /** The acting slot. */
  readonly actor: string;
  /** The ability id (see the actor's role). */
  readonly ability: string;
  /** Target slot ids, or family ids for abilities that target a family. */
  readonly targets: readonly string[];
  /** When the PM was sent (epoch ms). */
  readonly sentAt: number;
  /** Free-text conditions the host must weigh ("cancel if …"); reported, never evaluated. */
  readonly conditions?: string;
  /** A partner's insurance of this order (004): the insurer's slot id. */
  readonly insuredBy?: string;
  /** Free text the move hands to its target (004 Maid: the message the target is told instead of, or beside, his own, L45). */
  readonly text?: string;
  /** The night the move was sent, when a Delayer held it over to this one (`NightResolution.delayed`). */
  readonly delayedFrom?: number;
  /**
   * What the Investigator is handed of this move's result instead of the real one (004 black and Faceless Commissar
   * and Detective, L85, L86, L77; the ability's `forwardForgedBy`): `value` in the result's own form (a colour check:
   * whether black; a track: the places, none for home), handed on only when the real result's value is `when`, if given;
   * without `value` the result itself goes as it is (a track whose blackening alone is substituted).
   * A track's `blackening` substitutes what the Investigator is handed the night after about a blackening on the
   * target (004 L7, L86): the side (a faction id) it came from, or null for none; refused when a colour check made the
   * blackening impossible to see ("Нельзя подменить информацию об очернении, если ее невозможно было получить из-за
   * цветных чекеров"). With `blackeningWhen` (L86 "Разрешено поставить условие для подмены, связанное с настоящим
   * результатом"), only when the real blackening is that side (null: none); `when` is the places' condition alone.
   */
  readonly forged?: {
    readonly value?: boolean | readonly string[];
    readonly when?: boolean | readonly string[];
    readonly blackening?: string | null;
    readonly blackeningWhen?: string | null;
  };
}

/** Everything one night needs, explicitly. */
export interface NightInput {
  readonly night: number;
  readonly players: readonly NightPlayer[];
  readonly actions: readonly NightAction[];
  /** Actions sent after this instant (epoch ms) are refused. */
  readonly deadline: number;
  /** Reserve (carried-over) kills per faction from earlier nights (004). */
  readonly reserveKills?: Readonly<Record<string, number>>;
  /**
   * The host's choice, per Collector (slot id), of the player whose role he gets when several players he named die
   * the same night (004 L41: "он получит одну из их ролей по усмотрению ведущего"); without it, the first to die.
   */
  readonly collectChoice?: Readonly<Record<string, string>>;
  /** The day just before this night: the ballot that decided it and the players it lynched (004 L10). */
  readonly dayBefore?: { readonly ballot?: string; readonly lynched: readonly string[] };
  /**
   * The ruleset's statuses and what each means at night (out of the game,
   * cannot be targeted, cannot act, the resolver's poison…). A status not
   * listed here means nothing at night, except that a status named like a
   * mechanic the resolver gives (`poisoned`, `injured`, `in-love`) is that
   * mechanic when no rule says otherwise.
   */
  readonly statusRules?: readonly NightStatusRule[];
}

/** Why an action was refused at intake. */
export type RefusalReason =
  /** The actor's roles have no ability with this id. */
  | 'night/unknown-ability'
  /** The actor is not in the roster. */
  | 'night/unknown-actor'
  /** The ability is a day ability (000: no effect, no use spent). */
  | 'night/wrong-phase'
  /** The ability does not work on this night number (004 killer nights). */
  | 'night/not-this-night'
  /** Sent after the night's deadline. */
  | 'night/after-deadline'
  /** A later valid action of the same ability replaced this one (003). */
  | 'night/superseded'
  /** A faction kill order outranked by the leader's or a higher rank's order (003). */
  | 'night/outranked'
  /** The actor is dead. */
  | 'night/actor-dead'
  /** A status of the actor stops them acting tonight (000 injured, 003 arrested or abroad, 000 exiled). */
  | 'night/actor-status'
  /** Wrong number of targets for the ability. */
  | 'night/wrong-target-count'
  /** A target is not a player (or family) of this game. */
  | 'night/unknown-target'
  /** A target is dead (000: dead players cannot be targeted). */
  | 'night/target-dead'
  /** A target's status puts them out of reach (003 abroad or arrested, 000 exiled). */
  | 'night/target-status'
  /** The ability may not target its user. */
  | 'night/self-target'
  /** The ability may only target its user. */
  | 'night/must-self-target'
  /** The ability names the same player twice. */
  | 'night/duplicate-target'
  /** No uses of the ability left. */
  | 'night/no-uses-left'
  /** No self-targeted uses of the ability left. */
  | 'night/no-self-uses-left'
  /** 003: another faction member has not yet had a turn to kill. */
  | 'night/not-your-turn'
  /** More kill targets than the faction may attempt tonight. */
  | 'night/too-many-targets'
  /** The resolver in use cannot resolve this ability. */
  | 'night/unsupported-by-resolver'
  /** The ability is not available yet (004 Investigator: shoots only once Commissar and Detective are dead). */
  | 'night/not-available'
  /** The ability may not do this two nights in a row (004 Doctor: self-heal, two targets). */
  | 'night/twice-in-a-row'
  /** The user may not be among several targets (004 Doctor). */
  | 'night/self-among-several'
  /** 004 L10: the day before, a witch hunt lynched two blacks; the side has no new shot tonight and none in reserve. */
  | 'night/no-new-shot'
  /** 004 L52: the Poisoner's last victim still lives, and he holds no extra poisoning tonight. */
  | 'night/poison-pending'
  /** A borrowed role over its game limit: a player copied twice, a role used twice, more than three a game (004 Actor L40, Wizard L47). */
  | 'night/borrow-limit'
  /** Over a role's limit of players held at once (004 Pimp's slaves, L27). */
  | 'night/over-limit'
  /** A master forbade the move (004 Pimp's slave, L27). */
  | 'night/forbidden'
  /** The same player used a move that skips this one that night (004 L107: a Mercenary's contract when his peaceful role kills). */
  | 'night/skipped-for-move'
  /** 004 L7, L8: the player made a role request by day for tonight, which takes this role's night move. */
  | 'night/day-move-instead';

/** An action the night did not take into account, with its reason. */
export interface RefusedAction {
  readonly action: NightAction;
  readonly reason: RefusalReason;
  /** The same, for a host, in English (the command line and tests read it). */
  readonly text: string;
  /** The same as a code with its details, for a reader to word in the host's language (absent in resolutions an older Gavel stored). */
  readonly message?: EngineMessage;
}

/**
 * One step of an explanation: a statement, and the statements it rests on.
 * `for` marks a reason that something happens, `against` one that it does not.
 */
export interface NightReason {
  /** The statement in English (the command line and tests read it). */
  readonly text: string;
  /** The statement as a code with its details, for a reader to word in the host's language (absent in resolutions an older Gavel stored). */
  readonly message?: EngineMessage;
  readonly stance?: 'for' | 'against';
  readonly because?: readonly NightReason[];
}

/** What the night did; each event carries the reasons a host can read out. */
export type NightEvent =
  | {
      readonly type: 'death';
      readonly player: string;
      readonly cause: NightDeathCause;
      readonly by: readonly string[];
      readonly reasons: readonly NightReason[];
    }
  | { readonly type: 'survived'; readonly player: string; readonly reasons: readonly NightReason[] }
  | {
      readonly type: 'nullified';
      readonly player: string;
      readonly ability: string;
      /** The role whose ability it is (two roles may hold abilities of one id: the Mafia's and the Maniac's `kill`). */
      readonly role?: string;
      /** `attacked`: the actor survived an attack earlier in the night and loses his later moves (004 L16). */
      readonly cause: 'actor-died' | 'role-lost' | 'actor-arrested' | 'attacked' | 'thwarted';
      readonly reasons: readonly NightReason[];
    }
  | {
      readonly type: 'blocked';
      readonly player: string;
      readonly ability: string;
      /** The role whose ability it is (two roles may hold abilities of one id: the Mafia's and the Maniac's `kill`). */
      readonly role?: string;
      readonly by: string;
      readonly reasons: readonly NightReason[];
    }
  | { readonly type: 'status-applied'; readonly player: string; readonly status: NightStatus; readonly reasons: readonly NightReason[] }
  | { readonly type: 'status-cleared'; readonly player: string; readonly status: NightStatusId; readonly reasons: readonly NightReason[] }
  | {
      readonly type: 'role-changed';
      readonly player: string;
      readonly slot: 'role' | 'secondRole';
      readonly from: string | null;
      readonly to: string | null;
      readonly reasons: readonly NightReason[];
    }
  | {
      readonly type: 'uses-spent';
      readonly player: string;
      readonly ability: string;
      readonly self: boolean;
      readonly reasons: readonly NightReason[];
    }
  | { readonly type: 'protection-spent'; readonly player: string; readonly protection: string; readonly reasons: readonly NightReason[] }
  /** The player plays for another faction from now on (a Cult Recruiter's recruit, issue 19): the game records it. */
  | {
      readonly type: 'faction-changed';
      readonly player: string;
      readonly from: string;
      readonly to: string;
      readonly reasons: readonly NightReason[];
    }
  /** A result one player is told privately; `result.to` is `to`. Sentences come from `renderNightResult`. */
  | { readonly type: 'message'; readonly to: string; readonly result: NightResult; readonly reasons: readonly NightReason[] }
  /** A result the host announces publicly in the morning (004: Doctor and Blocker "hit"/"missed", the Commissar's check); `result.to` is null. */
  | { readonly type: 'announcement'; readonly result: NightResult; readonly reasons: readonly NightReason[] };

/** What killed a player. */
export type NightDeathCause = 'kill' | 'faction-kill' | 'poison' | 'revenge' | 'drunk' | 'pgo';

/** A place where the seed rules leave a question open, and the answer this night used. */
export interface AmbiguityHit {
  readonly setting: string;
  readonly value: string;
  /** The question and its answer in English (the command line and tests read it). */
  readonly text: string;
  /** The question with the answer used, as a code, for a reader to word in the host's language (absent in resolutions an older Gavel stored). */
  readonly message?: EngineMessage;
}

/** The explained outcome of one night. */
export interface NightResolution {
  readonly night: number;
  readonly method: 'ordered' | 'reasonable';
  readonly events: readonly NightEvent[];
  /** Actions that went into the resolution (after intake), in resolution order. */
  readonly accepted: readonly NightAction[];
  readonly refused: readonly RefusedAction[];
  readonly ambiguities: readonly AmbiguityHit[];
  /** Reserve kills per faction for the next night (004 carry-over). */
  readonly reserveKills: Readonly<Record<string, number>>;
  /** Free-text conditions attached to actions, for the host to check by hand. */
  readonly conditions: readonly { readonly actor: string; readonly text: string }[];
  /** Moves a Delayer held over: the game adds them to the next night's actions (each with `delayedFrom`). */
  readonly delayed?: readonly NightAction[];
  /**
   * The host's report of the night (src/engine/night/results-report.ts): for each action where it landed, or
   * what stopped it and why; blocks on players who sent nothing; a faction's new kill sender. Absent in
   * resolutions stored before it and from resolvers that do not make one.
   */
  readonly report?: readonly NightReason[];
}
