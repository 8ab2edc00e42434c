import { factionOf, hasStatusFlag, isCountedAlive, roleAbilities } from '../game/derive';
import type { GameEvent, GameState, PhaseRef, PlayerState } from '../game/types';
import { setupIncomplete } from '../setup/setup-check';
import type { ColorWin, FamilyWin, ImpossibleWin, OpenQuestionHit, ParityWin, RoleWin, Ruleset } from '../rules/types';
import { phaseOrdinal } from '../phases/order';
import { ownParityCheck } from './own-parity';

/** Why a win check fired (or did not). */
export type WinReason =
  /** 000: nothing is decided before the last day is over. */
  | 'win/not-yet'
  /** No side has won yet. */
  | 'win/game-continues'
  /** 000: at least half of the Mafia Members are alive after the last day. */
  | 'win/mafia-half-alive'
  /** 000: the Mafia lost; the family (or tied families) with its Mafia dead and most living Civilians wins. */
  | 'win/family-most-civilians'
  /** 000: the Mafia lost and no family has all its Mafia dead. */
  | 'win/no-family-qualifies'
  /** 001, 003: no mafia is left. */
  | 'win/mafia-gone'
  /** 001: the 50% rule (the mafia reached parity or outnumbers the town). */
  | 'win/fifty-percent-rule'
  /** 003: the mafia can no longer be stopped (parity with no arrester left). */
  | 'win/town-win-impossible'
  /** 003: a night with the town one ahead, no arrester and nobody to stop the kill. */
  | 'win/night-kill-case'
  /** 003: parity, but an arresting role is alive, so the game goes on. */
  | 'win/arrester-alive'
  /** 004: all blacks and the Faceless are out. */
  | 'win/reds-cleared'
  /** 004: at the start of a day the living reds are fewer than the blacks. */
  | 'win/blacks-outnumber'
  /** 004: reds = blacks at the start of a day and no witch hunt is possible. */
  | 'win/blacks-equal-no-hunt'
  /** 004: the last black against the last red. */
  | 'win/final-duel'
  /** 004: reds = blacks but a witch hunt is still possible: the game goes on. */
  | 'win/hunt-still-possible'
  /** 004: two days in a row ended in a no-victim run-off with the same players alive. */
  | 'win/stalemate-draw'
  /** Some player's faction or role is not entered yet: nothing can be decided. */
  | 'win/setup-incomplete'
  /** A player whose role wins by being lynched (Jester) was lynched, and the rules end the game there. */
  | 'win/lynched-wins'
  /** A killer who plays alone (Serial Killer) is left with at most one other player: nobody can stop him. */
  | 'win/solo-killer'
  /** The mafia is gone (or at parity) but a killer who plays alone still lives: the game goes on. */
  | 'win/solo-killer-alive'
  /** A third faction that wins by its own parity (the Cult) can no longer be outvoted. */
  | 'win/own-parity'
  /** A third faction that wins by its own parity (the Cult) still lives, and no side has won: the game goes on. */
  | 'win/own-parity-alive';

export interface WinCheck {
  readonly over: boolean;
  readonly reason: WinReason;
  /** `win` for a side's win, `draw` for 004's draws. */
  readonly result?: 'win' | 'draw';
  /** Winning factions (or 000 families). */
  readonly winningSides: readonly string[];
  /** Slot ids of the players who win (dead ones included where the rules say so). */
  readonly winners: readonly string[];
  /** A plain-language explanation for the host. */
  readonly detail: string;
  /** Events the check itself causes (004: the Faceless leaves victorious). */
  readonly effects: readonly GameEvent[];
  readonly openQuestions: readonly OpenQuestionHit[];
}

const going = (reason: WinReason, detail: string, extra: Partial<WinCheck> = {}): WinCheck => ({
  over: false,
  reason,
  winningSides: [],
  winners: [],
  detail,
  effects: [],
  openQuestions: [],
  ...extra,
});

const isMafia = (p: PlayerState, ruleset: Ruleset): boolean => factionOf(p, ruleset)?.kind === 'mafia';
const canWin = (p: PlayerState, ruleset: Ruleset): boolean => !hasStatusFlag(p, ruleset, 'barsWin');

/**
 * Checks whether the game is over after `after` (the phase that just ended),
 * by the ruleset's win rule, and says why.
 */
export function checkWin(state: GameState, ruleset: Ruleset, after: PhaseRef): WinCheck {
  // A game whose roles are not all entered cannot be won: its "town" may hold the scum.
  const incomplete = state.players.filter(setupIncomplete);
  if (incomplete.length > 0)
    return going(
      'win/setup-incomplete',
      `the faction or role of ${incomplete.length} player(s) is not entered yet: no side can be declared the winner until it is`,
    );
  const win = ruleset.win;
  switch (win.kind) {
    case 'families-after-day':
      return checkFamilies(state, ruleset, win, after);
    case 'parity':
      return withRoleWins(state, ruleset, checkParity(state, ruleset, win, after));
    case 'until-impossible':
      return checkImpossible(state, ruleset, win, after);
    case 'colors':
      return checkColors(state, ruleset, win, after);
  }
}

/** 000 "Goal": after Day 5 only. */
function checkFamilies(state: GameState, ruleset: Ruleset, win: FamilyWin, after: PhaseRef): WinCheck {
  if (!(after.kind === 'day' && after.number >= win.afterDay))
    return going('win/not-yet', `nothing is decided before Day ${win.afterDay} is over`);
  const mafia = state.players.filter((p) => isMafia(p, ruleset));
  const mafiaAlive = mafia.filter((p) => isCountedAlive(p, ruleset));
  if (mafia.length > 0 && mafiaAlive.length >= mafia.length * win.mafiaShare) {
    const factions = [...new Set(mafia.map((p) => p.faction))];
    return {
      over: true,
      result: 'win',
      reason: 'win/mafia-half-alive',
      winningSides: factions,
      winners: mafia.filter((p) => canWin(p, ruleset)).map((p) => p.slot.id),
      detail: `${mafiaAlive.length} of ${mafia.length} Mafia Members are alive (at least ${win.mafiaShare * 100}%): the Mafia wins`,
      effects: [],
      openQuestions: [],
    };
  }
  const qualifying = state.families
    .filter((f) => state.players.filter((p) => p.family === f && isMafia(p, ruleset)).every((p) => !isCountedAlive(p, ruleset)))
    .map((f) => ({
      family: f,
      civilians: state.players.filter((p) => p.family === f && !isMafia(p, ruleset) && isCountedAlive(p, ruleset)).length,
    }));
  if (qualifying.length === 0) {
    return {
      ...going('win/no-family-qualifies', 'the Mafia lost, but no family has killed all of its Mafia Members'),
      over: true,
      result: 'draw',
    };
  }
  const best = Math.max(...qualifying.map((q) => q.civilians));
  const families = qualifying.filter((q) => q.civilians === best).map((q) => q.family);
  return {
    over: true,
    result: 'win',
    reason: 'win/family-most-civilians',
    winningSides: families,
    winners: state.players
      .filter((p) => p.family !== undefined && families.includes(p.family) && !isMafia(p, ruleset) && canWin(p, ruleset))
      .map((p) => p.slot.id),
    detail: `the Mafia lost (${mafiaAlive.length} of ${mafia.length} alive); ${families.join(', ')} killed all their Mafia and kept the most Civilians alive (${best})`,
    effects: [],
    openQuestions: [],
  };
}

function sideWin(
  state: GameState,
  ruleset: Ruleset,
  kind: 'town' | 'mafia',
  reason: WinReason,
  detail: string,
  extra: Partial<WinCheck> = {},
): WinCheck {
  const factions = ruleset.factions.filter((f) => f.kind === kind).map((f) => f.id);
  return {
    over: true,
    result: 'win',
    reason,
    winningSides: factions,
    winners: state.players.filter((p) => factions.includes(p.faction) && canWin(p, ruleset)).map((p) => p.slot.id),
    detail,
    effects: [],
    openQuestions: [],
    ...extra,
  };
}

/**
 * 001: town wins when the mafia is gone; the 50% rule ends it for the mafia. With killers who play alone
 * (`soloKillers`: the Serial Killer) the town must remove them too, the mafia's parity does not end the game
 * while one lives, and one left with at most one other player wins alone. A lynched Jester ends the game
 * where `lynchedWinEndsGame` says so.
 */
function checkParity(state: GameState, ruleset: Ruleset, win: ParityWin, after: PhaseRef): WinCheck {
  const lynchedWinner =
    after.kind === 'day' ? lynchedToday(state, after).find((p) => roleWinOf(p, ruleset)?.kind === 'lynched') : undefined;
  if (lynchedWinner !== undefined) {
    const chosen = win.lynchedWinEndsGame ?? 'game-continues';
    const hit: OpenQuestionHit = {
      setting: 'win.lynchedWinEndsGame',
      chosen,
      detail: `${lynchedWinner.name} wins by being lynched`,
    };
    if (chosen === 'game-ends')
      return {
        over: true,
        result: 'win',
        reason: 'win/lynched-wins',
        winningSides: [lynchedWinner.faction],
        winners: [lynchedWinner.slot.id],
        detail: `${lynchedWinner.name} was lynched and wins by it: the game ends`,
        effects: [],
        openQuestions: [hit],
      };
    const rest = parityCore(state, ruleset, win);
    return {
      ...rest,
      detail: `${lynchedWinner.name} was lynched and wins by it; ${rest.detail}`,
      openQuestions: [hit, ...rest.openQuestions],
    };
  }
  return parityCore(state, ruleset, win);
}

/** The parity check proper: the town, the mafia and the lone killers. */
function parityCore(state: GameState, ruleset: Ruleset, win: ParityWin): WinCheck {
  const alive = state.players.filter((p) => isCountedAlive(p, ruleset));
  const mafia = alive.filter((p) => isMafia(p, ruleset)).length;
  const killers = alive.filter((p) => (win.soloKillers ?? []).includes(p.faction));
  const killer = killers[0];
  if (killers.length === 1 && killer !== undefined && alive.length <= 2) {
    return {
      over: true,
      result: 'win',
      reason: 'win/solo-killer',
      winningSides: [killer.faction],
      winners: canWin(killer, ruleset) ? [killer.slot.id] : [],
      detail: `${killer.name} is left with ${alive.length - 1} other player(s): nobody can stop him, and he wins alone`,
      effects: [],
      openQuestions: [],
    };
  }
  // A cult (a third faction with parity of its own) alive: its own check decides (own-parity.ts).
  const own = ownParityCheck(state, ruleset, win, alive, { mafia, killers: killers.length }, (p) => canWin(p, ruleset));
  if (own !== undefined) return own;
  const others = alive.length - mafia;
  if (mafia === 0 && killers.length === 0)
    return sideWin(state, ruleset, 'town', 'win/mafia-gone', 'no mafia is left alive: the town wins');
  // With a lone killer alive the mafia needs more than half of the living (it can then lynch him too); parity is not enough.
  if (killers.length > 0 && mafia <= others)
    return going(
      'win/solo-killer-alive',
      `${mafia} mafia and ${killers.length} lone killer(s) among ${alive.length} living: the game goes on`,
    );
  const openQuestions: OpenQuestionHit[] =
    mafia === others
      ? [{ setting: 'win.mafiaWinsWhen', chosen: win.mafiaWinsWhen, detail: `the mafia (${mafia}) equals the rest (${others})` }]
      : [];
  const fires = win.mafiaWinsWhen === 'at-parity' ? mafia >= others : mafia > others;
  if (fires) {
    return sideWin(
      state,
      ruleset,
      'mafia',
      'win/fifty-percent-rule',
      `${mafia} mafia against ${others} others: the town can no longer reach a majority (50% rule)`,
      { openQuestions },
    );
  }
  return going('win/game-continues', `${mafia} mafia, ${others} others`, { openQuestions });
}

/** 003 "Winning Condition": the game ends only when one side's win is impossible. */
function checkImpossible(state: GameState, ruleset: Ruleset, win: ImpossibleWin, after: PhaseRef): WinCheck {
  const alive = state.players.filter((p) => isCountedAlive(p, ruleset));
  const mafia = alive.filter((p) => isMafia(p, ruleset));
  const town = alive.filter((p) => !isMafia(p, ruleset));
  if (mafia.length === 0)
    return sideWin(state, ruleset, 'town', 'win/mafia-gone', 'the whole Black Organization is dead or arrested: the town wins');
  const hasTag = (p: PlayerState, tag: string): boolean => roleAbilities(p, ruleset).some((a) => a.tags?.includes(tag) === true);
  const arrester = town.find((p) => hasTag(p, win.arrestTag));
  if (mafia.length >= town.length) {
    if (arrester !== undefined) {
      return going(
        'win/arrester-alive',
        `${mafia.length} BO against ${town.length} town, but ${arrester.name} can still arrest: the game goes on`,
      );
    }
    return sideWin(
      state,
      ruleset,
      'mafia',
      'win/town-win-impossible',
      `${mafia.length} BO against ${town.length} town and nobody left who can arrest: the town can no longer win`,
    );
  }
  const stopper = town.find((p) => hasTag(p, win.stopKillTag));
  if (win.nightKillCase && after.kind === 'day' && town.length === mafia.length + 1 && arrester === undefined && stopper === undefined) {
    return sideWin(
      state,
      ruleset,
      'mafia',
      'win/night-kill-case',
      `night with ${town.length} town against ${mafia.length} BO, no police and nobody to stop the kill: the kill will succeed and the vote will tie`,
      {
        openQuestions: [
          {
            setting: 'win.nightKillCase',
            chosen: 'true',
            detail: 'the seed says "the BO has 1 more players than the town"; read as the town one ahead',
          },
        ],
      },
    );
  }
  return going('win/game-continues', `${mafia.length} BO, ${town.length} town`);
}

/** 004 §6: red, black and grey results. */
function checkColors(state: GameState, ruleset: Ruleset, win: ColorWin, after: PhaseRef): WinCheck {
  const color = (p: PlayerState): string | undefined => factionOf(p, ruleset)?.color;
  const elite = (p: PlayerState): boolean => factionOf(p, ruleset)?.elite === true;
  const main = state.players.filter((p) => !elite(p));
  const alive = main.filter((p) => isCountedAlive(p, ruleset));
  const reds = alive.filter((p) => color(p) === 'red');
  const blacks = alive.filter((p) => color(p) === 'black');
  const greys = alive.filter((p) => color(p) === 'grey');
  const effects: GameEvent[] = [];
  const greyLeft = main.filter((p) => color(p) === 'grey' && p.alive && hasStatusFlag(p, ruleset, 'removedForWin'));
  // The Faceless survives the departure of N players: grey win; he leaves at once.
  const departures = main.filter((p) => !p.alive).length;
  for (const g of greys) {
    if (departures >= win.greySurvivalDepartures) {
      effects.push({ type: 'status/add', slotId: g.slot.id, status: 'left' });
      greyLeft.push(g);
    }
  }
  const greyStillIn = greys.filter((g) => !greyLeft.includes(g));
  const outcome = (side: 'red' | 'black', reason: WinReason, detail: string): WinCheck => {
    const sides = ruleset.factions.filter((f) => f.color === side).map((f) => f.id);
    const draw = greyLeft.length > 0;
    return {
      over: true,
      result: draw ? 'draw' : 'win',
      reason,
      winningSides: draw ? [...sides, ...new Set(greyLeft.map((g) => g.faction))] : sides,
      winners: draw ? greyLeft.map((g) => g.slot.id) : main.filter((p) => sides.includes(p.faction)).map((p) => p.slot.id),
      detail: draw ? `${detail}; the Faceless already won, so this is a draw for the ${side}s` : detail,
      effects,
      openQuestions: [],
    };
  };
  const last = state.history[state.history.length - 1];
  const before = state.history[state.history.length - 2];
  if (
    last !== undefined &&
    before !== undefined &&
    last.noVictimRunoff &&
    before.noVictimRunoff &&
    last.living.length === before.living.length &&
    last.living.every((id) => before.living.includes(id))
  ) {
    return {
      over: true,
      result: 'draw',
      reason: 'win/stalemate-draw',
      winningSides: [],
      winners: [],
      detail: 'two days in a row ended in a no-victim run-off with the same players alive: a draw',
      effects,
      openQuestions: [],
    };
  }
  if (blacks.length === 0 && greyStillIn.length === 0)
    return outcome('red', 'win/reds-cleared', 'all blacks and the Faceless are out: the reds win');
  const startOfDay = after.kind === 'night';
  if (startOfDay && blacks.length > 0) {
    if (reds.length === 1 && blacks.length === 1)
      return outcome('black', 'win/final-duel', 'the last black against the last red: the blacks win');
    if (reds.length < blacks.length)
      return outcome('black', 'win/blacks-outnumber', `${reds.length} reds against ${blacks.length} blacks at the start of the day`);
    if (reds.length === blacks.length) {
      const titleHeld = state.players.some((p) => p.titles.includes(win.huntNeedsTitleLost));
      const huntUsed = state.history.some((d) => d.ballot === 'hunt');
      const huntPossible = !titleHeld && !huntUsed && alive.length > win.huntMinAlive;
      if (!huntPossible)
        return outcome('black', 'win/blacks-equal-no-hunt', `${reds.length} reds and ${blacks.length} blacks and no witch hunt possible`);
      return going('win/hunt-still-possible', `${reds.length} reds and ${blacks.length} blacks, but a witch hunt is still possible`, {
        effects,
      });
    }
  }
  return going('win/game-continues', `${reds.length} reds, ${blacks.length} blacks, ${greyStillIn.length} grey`, { effects });
}

/** The role's own win, if it has one (`RulesetRole.win`). */
function roleWinOf(player: PlayerState, ruleset: Ruleset): RoleWin | undefined {
  return ruleset.roles.find((r) => r.id === player.role)?.win;
}

/** The players the day's vote lynched (its recorded result). */
function lynchedToday(state: GameState, day: PhaseRef): PlayerState[] {
  const ids = state.history.filter((h) => h.phase.kind === 'day' && h.phase.number === day.number).flatMap((h) => h.lynched);
  return state.players.filter((p) => ids.includes(p.slot.id));
}

/**
 * The roles' own wins, added to the winners of a game that ends: a player who wins by being lynched (Jester)
 * and was, one whose target set at setup (Lyncher) was lynched while he lived, one who wins by surviving
 * (Survivor) and is alive. A game that goes on lists nobody.
 */
function withRoleWins(state: GameState, ruleset: Ruleset, check: WinCheck): WinCheck {
  if (!check.over) return check;
  const lynched = new Map<string, PhaseRef>();
  for (const h of state.history) for (const id of h.lynched) if (!lynched.has(id)) lynched.set(id, h.phase);
  const extra: string[] = [];
  for (const p of state.players) {
    const own = roleWinOf(p, ruleset);
    if (own === undefined || check.winners.includes(p.slot.id) || !canWin(p, ruleset)) continue;
    const won =
      own.kind === 'lynched'
        ? lynched.has(p.slot.id)
        : own.kind === 'survives'
          ? isCountedAlive(p, ruleset)
          : p.target !== undefined && targetLynchedWhileAlive(p, lynched.get(p.target), ruleset);
    if (won) extra.push(p.slot.id);
  }
  if (extra.length === 0) return check;
  const names = extra.map((id) => state.players.find((p) => p.slot.id === id)?.name ?? id);
  return {
    ...check,
    winners: [...check.winners, ...extra],
    detail: `${check.detail}; ${names.join(', ')} also win(s) by their role's own goal`,
  };
}

/** Whether a Lyncher lived to see his target lynched (he died on that day or later, or lives). */
function targetLynchedWhileAlive(player: PlayerState, lynchedOn: PhaseRef | undefined, ruleset: Ruleset): boolean {
  if (lynchedOn === undefined) return false;
  const died = player.death?.phase;
  if (player.alive || died === undefined || died === null) return true;
  return phaseOrdinal(died.kind, died.number, ruleset.firstPhase) >= phaseOrdinal(lynchedOn.kind, lynchedOn.number, ruleset.firstPhase);
}
