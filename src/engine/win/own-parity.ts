/**
 * Third factions that win by parity of their own (the forum standard's Cult,
 * issue 19; `win.ownParity`). The usual forum reading: a scum side wins when
 * nobody left can outvote it. Alone among scum sides, a side wins at parity
 * with everyone else (as `mafiaWinsWhen` says for the mafia); while another
 * scum side (the mafia, a lone killer, another cult) lives, it needs more than
 * half of the living, since the others could still be lynched or killed by the
 * rest (`win.ownParityBesideScum`: `majority`, the default, or `parity`; an
 * open question, reported when a side is at exactly parity beside another).
 * The town wins only when every such side is gone too.
 */
import type { GameState, PlayerState } from '../game/types';
import type { OpenQuestionHit, ParityWin, Ruleset } from '../rules/types';
import type { WinCheck } from './check';

/** The living members of each own-parity faction that has any. */
export function ownParitySides(alive: readonly PlayerState[], win: ParityWin): Map<string, PlayerState[]> {
  const sides = new Map<string, PlayerState[]>();
  for (const faction of win.ownParity ?? []) {
    const members = alive.filter((p) => p.faction === faction);
    if (members.length > 0) sides.set(faction, members);
  }
  return sides;
}

/**
 * The check with an own-parity faction alive (undefined when none is: the
 * plain parity check decides). `mafia` and `killers` are the living mafia and
 * lone killers; `canWin` says whether a player may be listed as a winner.
 */
export function ownParityCheck(
  state: GameState,
  ruleset: Ruleset,
  win: ParityWin,
  alive: readonly PlayerState[],
  counts: { readonly mafia: number; readonly killers: number },
  canWin: (p: PlayerState) => boolean,
): WinCheck | undefined {
  const sides = ownParitySides(alive, win);
  if (sides.size === 0) return undefined;
  const beside = win.ownParityBesideScum ?? 'majority';
  const openQuestions: OpenQuestionHit[] = [];
  const hit = (side: string, n: number, others: number): void => {
    openQuestions.push({
      setting: 'win.ownParityBesideScum',
      chosen: beside,
      detail: `${side} (${n}) equals the rest (${others}) while another scum side lives`,
    });
  };
  const atParity = win.mafiaWinsWhen === 'at-parity';
  for (const [faction, members] of sides) {
    const n = members.length;
    const others = alive.length - n;
    const otherScum = counts.mafia > 0 || counts.killers > 0 || sides.size > 1;
    if (otherScum && n === others) hit(faction, n, others);
    const fires = n > others || (n === others && atParity && (!otherScum || beside === 'parity'));
    if (!fires) continue;
    const name = ruleset.factions.find((f) => f.id === faction)?.name ?? faction;
    return {
      effects: [],
      openQuestions,
      over: true,
      result: 'win',
      reason: 'win/own-parity',
      winningSides: [faction],
      winners: state.players.filter((p) => p.faction === faction && canWin(p)).map((p) => p.slot.id),
      detail: `${n} ${name} against ${others} others${otherScum ? ', more than half of the living' : ''}: nobody left can outvote them, and the ${name} wins`,
    };
  }
  // The mafia beside a cult: by default parity is not enough, it needs more than half of the living.
  const rest = alive.length - counts.mafia;
  if (counts.mafia > 0 && counts.mafia === rest) hit('mafia', counts.mafia, rest);
  if (counts.mafia > 0 && (counts.mafia > rest || (counts.mafia === rest && atParity && beside === 'parity'))) {
    const factions = ruleset.factions.filter((f) => f.kind === 'mafia').map((f) => f.id);
    return {
      effects: [],
      openQuestions,
      over: true,
      result: 'win',
      reason: 'win/fifty-percent-rule',
      winningSides: factions,
      winners: state.players.filter((p) => factions.includes(p.faction) && canWin(p)).map((p) => p.slot.id),
      detail: `${counts.mafia} mafia among ${alive.length} living, more than half: nobody left can outvote them`,
    };
  }
  const listed = [...sides].map(([f, m]) => `${m.length} ${ruleset.factions.find((x) => x.id === f)?.name ?? f}`).join(', ');
  return {
    effects: [],
    openQuestions,
    over: false,
    reason: 'win/own-parity-alive',
    winningSides: [],
    winners: [],
    detail: `${listed}, ${counts.mafia} mafia among ${alive.length} living: the game goes on`,
  };
}
