/**
 * The working state of one ordered night, shared by the resolver and the
 * effect functions. Internal only: what leaves the engine is the plain
 * NightResolution built from the events recorded here.
 */
import type { Rng } from '../rng';
import type { AcceptedAction } from './intake';
import type { NightEffectKind, NightRoleDef } from './roles';
import type { NightRules } from './rules';
import type { AmbiguityHit, NightDeathCause, NightEvent, NightInput, NightStatus, NightReason } from './types';

/** A player as the night changes them. */
export interface WorkPlayer {
  readonly slotId: string;
  readonly name: string;
  role: string;
  secondRole: string | undefined;
  /** The player's side; a recruit changes it at its step of the night, so moves later in the order read the new one. */
  faction: string;
  readonly family: string | undefined;
  alive: boolean;
  statuses: NightStatus[];
  /** Passive protections spent so far (including before tonight). */
  readonly spent: Record<string, number>;
}

/** A protection placed on a player tonight. */
export interface Protection {
  readonly by: string;
  readonly kind: 'protect' | 'guard' | 'jail';
  /** Causes it saves from; undefined = every kill. */
  readonly from: readonly NightDeathCause[] | undefined;
  /** 004 Blocker protection: only negative moves are stopped. */
  readonly negativeOnly: boolean;
  readonly reasons: readonly NightReason[];
}

/** A block placed on a player tonight. */
export interface Block {
  readonly by: string;
  readonly spares: 'faction-kill' | 'negative' | undefined;
  /** The block stops only the moves of this role (004 Hacker: a black keeps one of his two roles the second day, L22). */
  readonly onlyRole?: string;
  /** The block stops only moves of these effects (004 L98: the black Hero's save stops the killer moves). */
  readonly onlyEffects?: readonly string[];
  readonly reasons: readonly NightReason[];
}

/** An accepted action at the moment it resolves: its final targets and how they got there. */
export interface ResolvedAction {
  readonly accepted: AcceptedAction;
  readonly actor: WorkPlayer;
  readonly targets: readonly string[];
  readonly reasons: readonly NightReason[];
}

/** What an attack may carry. */
export interface AttackOptions {
  /** Ignores every protection (poison deaths, revenge). */
  readonly unstoppable?: boolean;
  /** A negative (black) move, stopped by a 004 Blocker's protection. */
  readonly negative?: boolean;
}

export interface NightContext {
  readonly input: NightInput;
  readonly rules: NightRules;
  readonly rng: Rng;
  readonly night: number;
  readonly players: readonly WorkPlayer[];
  readonly protections: Map<string, Protection[]>;
  readonly blocks: Map<string, Block[]>;
  /** Bumbling Bureaucrat marks: player → bureaucrat. */
  readonly bumbled: Map<string, string>;
  /** Bus Driver swaps, in the order they happened. */
  readonly swaps: { readonly a: string; readonly b: string; readonly by: string }[];
  /** Redirector marks: player → { new target, redirector }. */
  readonly redirects: Map<string, { readonly to: string; readonly by: string }>;
  /** Visits so far: actor → target, with the role and effect that made the visit (trackers and watchers read these). */
  readonly visits: { readonly actor: string; readonly target: string; readonly role?: string; readonly effect?: NightEffectKind }[];
  /** Players cured of poison tonight. */
  readonly cured: Set<string>;
  /** Players whose protection saved someone tonight. */
  readonly savedBy: Set<string>;
  /** Players whose block stopped a move tonight. */
  readonly blockedBy: Set<string>;
  /** Successful faction kills tonight: faction → victims. */
  readonly factionVictims: Map<string, string[]>;
  /** Actions whose public morning word is not a plain hit (004: a check on a dead target fails, one with no information). */
  readonly outcomes: Map<AcceptedAction, { readonly kind: 'miss' | 'no-info'; readonly reason: NightReason }>;
  /** The index in `rules.order` of the step resolving now. */
  stepIndex: number;
  /** Players attacked and saved tonight, with the step index of the first attack (004 L16). */
  readonly survivedAt: Map<string, number>;
  /** Private results already sent tonight (`tells`), so one fact is told once. */
  readonly told: Set<string>;
  player(id: string): WorkPlayer | undefined;
  name(id: string): string;
  role(id: string | undefined): NightRoleDef | undefined;
  emit(event: NightEvent): void;
  ambiguity(hit: AmbiguityHit): void;
  /**
   * Attacks a player. Returns 'killed', 'saved' or 'already-dead'.
   * Protections, passives (vest, Butler shield, Bodyguard self-guard) and
   * after-death passives (Armed Robber, Witness, Active Citizen) all run here.
   */
  attack(
    victim: string,
    attackers: readonly string[],
    cause: NightDeathCause,
    reasons: readonly NightReason[],
    options?: AttackOptions,
  ): 'killed' | 'saved' | 'already-dead';
  /** Would a protection on `victim` stop this harm? Spends passives and injures attackers as the rules say. */
  shield(victim: string, attackers: readonly string[], cause: NightDeathCause, options?: AttackOptions): NightReason | undefined;
}

/** The effect of one kind of ability in the ordered resolver. */
export type EffectFn = (ctx: NightContext, action: ResolvedAction) => void;

/** Whether one of the player's roles (his role or his second role) holds the passive. */
export function hasPassive(ctx: NightContext, p: WorkPlayer, passive: string): boolean {
  return [ctx.role(p.role), ctx.role(p.secondRole)].some((r) => r?.passives?.some((x) => x === passive) === true);
}
