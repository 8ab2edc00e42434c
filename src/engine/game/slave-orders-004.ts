/**
 * The Pimp's approval of his slave's day moves (seed 004 L27): "когда раб
 * отправит дневной … ход, сутенер узнает об этом и должен либо подтвердить
 * его, либо изменить, либо запретить. Если сутенер ничего не предпринимает,
 * то ход раба пройдет свободно. Если раб не делает ход, сутенер может
 * назначить его за него." The master's day order (`borrowing.dayOrderMoves`)
 * is applied to the day's moves before the end of the day reads them
 * (game/day-moves-004.ts, the Forensic's examination); the night after reads
 * the same orders from the players' past moves (night/roles-004-slaves.ts).
 */
import { applyDayOrders } from '../night/roles-004-slaves';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset } from '../rules/types';
import { playerOf, roleAbilities } from './derive';
import { nightStatusRules } from './night-bridge';
import type { GameState, RecordedAction } from './types';

/** The state with the day's moves as the masters left them (L27); the state itself when nobody gave a day order. */
export function withDayOrders(state: GameState, ruleset: Ruleset): GameState {
  const slaves = rulesetNightRules(ruleset)?.borrowing ?? {};
  const orders = slaves.dayOrderMoves ?? [];
  if (state.phase?.kind !== 'day' || !state.actions.some((a) => orders.includes(a.ability))) return state;
  const enslaved = new Set(nightStatusRules(ruleset).flatMap((s) => (s.night?.mechanic === 'enslaved' ? [s.id] : [])));
  const ordered = applyDayOrders<RecordedAction>(
    state.actions,
    slaves,
    {
      masterOf: (id) => {
        const p = playerOf(state, id);
        const by = p?.statuses.find((s) => enslaved.has(s.id))?.by;
        const spared = [p?.role, p?.secondRole].some((r) => r !== undefined && slaves.ordersSpare?.includes(r) === true);
        return p?.alive === true && by !== undefined && playerOf(state, by)?.alive === true && !spared ? by : undefined;
      },
      dayAbilities: (id) => {
        const p = playerOf(state, id);
        return p === undefined ? [] : roleAbilities(p, ruleset).flatMap((a) => (a.timing === 'day' ? [a.id] : []));
      },
    },
    (order, actor, ability, targets) => ({ actor, ability, targets, at: order.at }),
  );
  return { ...state, actions: ordered.moves };
}
