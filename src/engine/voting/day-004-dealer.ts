/**
 * The Drug dealer's purchase of votes as a day move under the Pimp's orders (seed 004 L34 "Перед голосованием
 * наркодилер указывает ведущему сколько голосов желает закупить … Если наркодилер не указал число голосов, то по
 * умолчанию используется только его собственный единичный голос"; L27 "когда раб отправит дневной … ход, сутенер …
 * должен либо подтвердить его, либо изменить, либо запретить"). The purchase is what the dealer told the host: his day
 * move `voteBank.buyAbility` with the amount as its words ("1,5"), else (as before) his vote's stated weight above his
 * own. A dealer who is a slave and whose master forbade his day moves today buys nothing: his own vote counts alone;
 * a master whose order carries an amount changes the purchase to it (the order is applied by `withDayOrders`).
 */
import { nightStatusRules } from '../game/night-bridge';
import type { GameState, PlayerState } from '../game/types';
import { rulesetNightRules } from '../rules/sections';
import type { PluralityRoleDayRules, Ruleset } from '../rules/types';
import { playerOf } from '../game/derive';

/** The amount a buy move names: a number, with a comma or a point ("1,5", "2"); null when it names none. */
export function boughtAmount(text: string | undefined): number | null {
  const m = /-?\d+(?:[.,]\d+)?/.exec(text ?? '');
  if (m === null) return null;
  const n = Number(m[0].replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** Whether the player's living master forbade his day moves today (an order naming the slave alone, L27). */
export function dayMovesForbidden(state: GameState, ruleset: Ruleset, player: PlayerState): boolean {
  const orders = rulesetNightRules(ruleset)?.borrowing?.dayOrderMoves ?? [];
  if (orders.length === 0) return false;
  const enslaved = new Set(nightStatusRules(ruleset).flatMap((s) => (s.night?.mechanic === 'enslaved' ? [s.id] : [])));
  const master = player.statuses.find((s) => enslaved.has(s.id))?.by;
  if (master === undefined || playerOf(state, master)?.alive !== true) return false;
  // An order with words changes the move instead (the amount of a purchase, L27 "либо изменить").
  return state.actions.some(
    (a) =>
      a.actor === master && orders.includes(a.ability) && a.targets.length === 1 && a.targets[0] === player.slot.id && a.text === undefined,
  );
}

/**
 * The votes the dealer asks to buy today: none when his master forbade it, else his buy move's amount, else the
 * stated weight's excess (`stated`); undefined when he asks by no means (his own vote alone).
 */
export function votesAsked(
  state: GameState,
  ruleset: Ruleset,
  bank: NonNullable<PluralityRoleDayRules['voteBank']>,
  dealer: PlayerState,
  stated: number,
): number {
  if (dayMovesForbidden(state, ruleset, dealer)) return 0;
  const buy =
    bank.buyAbility === undefined
      ? undefined
      : state.actions.filter((a) => a.actor === dealer.slot.id && a.ability === bank.buyAbility).at(-1);
  if (buy !== undefined) return boughtAmount(buy.text) ?? 0;
  return stated;
}
