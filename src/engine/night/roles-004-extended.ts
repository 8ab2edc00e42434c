/**
 * The 004 extended format's night (seed L131, L55): what changes for the
 * killer sides when the game has 16 main players. As data, a ruleset's
 * `night.blackFormat`; absent, the night is the standard format's.
 *
 * - L131.4: "Первая и вторая ночь считаются общими ночами для мафии и маньяка, поэтому они ходят
 *   одновременно, но внутренний порядок ходов киллеров не меняется": the first `commonNights` nights
 *   belong to every killer side (each gets its shot; `killerOrder` still orders them).
 * - L131.5: "В первые две ночи суммарно не может умереть больше одного черного от негативного хода
 *   киллера другого черного … этот ход будет пропущен, при этом запасного выстрела на следующую ночь
 *   для него не будет": `blackOnBlackCap`.
 * - L55: "В расширенном формате ни одна из сторон не может полностью перехватить вторую ночь, если жив
 *   хотя бы один черный с другой стороны": `nightsKeptWhileAlive`.
 */
import { engineMessage, word } from '../words';
import type { NightContext, ResolvedAction } from './context';
import type { NightRules } from './rules';
import type { NightInput } from './types';
import { say } from './say';

/** The extended format's night rules (004 L131, L55). */
export interface BlackFormatRules {
  /** The first this many nights are common nights: every killer side moves (L131.4). */
  readonly commonNights?: number;
  /**
   * In the first `nights` nights at most `deaths` blacks in total die of another black's killer move; a later
   * such shot is skipped and spent (L131.5).
   */
  readonly blackOnBlackCap?: { readonly nights: number; readonly deaths: number };
  /** A paired group keeps its nights (and does not hand them over) while any of its members lives (L55). */
  readonly nightsKeptWhileAlive?: boolean;
}

/** L131.4: whether tonight is a common night, when every killer side shoots. */
export function commonNight(rules: NightRules, input: NightInput): boolean {
  return input.night >= 1 && input.night <= (rules.blackFormat?.commonNights ?? 0);
}

/** L55 (extended): a paired group never hands its nights over while one of its members lives. */
export function nightsKept(rules: NightRules): boolean {
  return rules.blackFormat?.nightsKeptWhileAlive === true;
}

/** Shots skipped by the cap tonight, per killer side (they are spent: no reserve shot comes of them). */
const capped = new WeakMap<NightContext, Map<string, number>>();

const black = (rules: NightRules, faction: string | undefined): boolean => faction !== undefined && rules.guiltyFactions.includes(faction);

/** Blacks dead of another black's killer move before tonight and tonight so far. */
function blackOnBlackDeaths(ctx: NightContext): number {
  const rules = ctx.rules;
  const factionOf = (id: string): string | undefined => ctx.input.players.find((p) => p.slotId === id)?.faction;
  const before = ctx.input.players.filter(
    (p) =>
      !p.alive &&
      black(rules, p.faction) &&
      p.killedWith === 'faction-kill' &&
      (p.killedBy ?? []).some((k) => k !== p.slotId && black(rules, factionOf(k))),
  ).length;
  let tonight = 0;
  for (const [faction, victims] of ctx.factionVictims) {
    if (!black(rules, faction)) continue;
    tonight += victims.filter((v) => black(rules, ctx.player(v)?.faction) && ctx.player(v)?.alive === false).length;
  }
  return before + tonight;
}

/**
 * L131.5: a black's killer shot at another black once the cap is reached is skipped (and spent). Returns whether
 * the shot at `target` is skipped; the skip is recorded for the morning's explanation.
 */
export function blackOnBlackCapped(ctx: NightContext, action: ResolvedAction, target: string): boolean {
  const cap = ctx.rules.blackFormat?.blackOnBlackCap;
  if (cap === undefined || ctx.night > cap.nights) return false;
  const shooter = action.accepted.faction;
  if (!black(ctx.rules, shooter) || !black(ctx.rules, ctx.player(target)?.faction)) return false;
  if (ctx.player(target)?.alive !== true || blackOnBlackDeaths(ctx) < cap.deaths) return false;
  const table = capped.get(ctx) ?? new Map<string, number>();
  table.set(shooter, (table.get(shooter) ?? 0) + 1);
  capped.set(ctx, table);
  ctx.emit({
    type: 'nullified',
    player: action.actor.slotId,
    ability: action.accepted.ability.id,
    cause: 'thwarted',
    reasons: [
      say(
        `${action.actor.name}'s shot at ${ctx.name(target)} is skipped: in the first ${cap.nights} nights at most ${cap.deaths} black may die of another black's killer move (004 L131.5)`,
        engineMessage('night/black-death-cap', word.text(action.actor.name), word.text(ctx.name(target))),
        action.reasons,
      ),
    ],
  });
  return true;
}

/** L131.5: the shots each killer side lost to the cap tonight ("запасного выстрела на следующую ночь для него не будет"). */
export function cappedShots(ctx: NightContext): ReadonlyMap<string, number> {
  return capped.get(ctx) ?? new Map<string, number>();
}
