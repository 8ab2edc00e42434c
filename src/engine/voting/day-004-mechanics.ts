/**
 * 004: the side whose mechanics a day role is played by (L78 the Faceless's Liar, L94 an enslaved Liar, L97 the black
 * Liar), read from the ruleset's night rules (`greyWorksAsBlack`, `borrowing.masterColourRoles`).
 */
import { playerOf } from '../game/derive';
import { nightStatusRules } from '../game/night-bridge';
import type { GameState, PlayerState } from '../game/types';
import { mechanicsColour } from '../night/mechanics-colour-004';
import { rulesetNightRules } from '../rules/sections';
import type { Ruleset } from '../rules/types';
import { colorOf } from './day-004';

/** The colour of the player's living master, if he is enslaved (L27: "до тех пор, пока сутенера не убьют"). */
export function masterColourOf(state: GameState, ruleset: Ruleset, player: PlayerState): string | undefined {
  const enslaved = new Set(nightStatusRules(ruleset).flatMap((s) => (s.night?.mechanic === 'enslaved' ? [s.id] : [])));
  const by = player.statuses.find((s) => enslaved.has(s.id))?.by;
  const master = by === undefined ? undefined : playerOf(state, by);
  return master?.alive === true ? colorOf(master, ruleset) : undefined;
}

/** The mechanics the player's move of `ability` (the Liar's scandal) is played by: the role holding it, his colour, his master's. */
export function liarMechanics(state: GameState, ruleset: Ruleset, player: PlayerState, ability: string | undefined): 'red' | 'black' {
  const night = rulesetNightRules(ruleset);
  const role = ability === undefined ? undefined : ruleset.roles.find((r) => r.abilities.some((a) => a.id === ability))?.id;
  const rules = { greyWorksAsBlack: night?.greyWorksAsBlack, masterColourRoles: night?.borrowing?.masterColourRoles };
  return mechanicsColour(rules, role, colorOf(player, ruleset), masterColourOf(state, ruleset, player));
}
