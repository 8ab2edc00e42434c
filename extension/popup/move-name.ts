/**
 * The name of a move as the popup lists it. A move may name the role it is a move of, `<role>/<ability>` (004 L47:
 * the Wizard's move of an absent role, "commissar/check"), or the role a player declares with an ability of his own
 * ("kamikaze/absent-role": the role has no such ability). The first reads "Role: move" ("Commissar: Colour check"),
 * the second "move: Role" ("Use a peaceful role absent from the game…: Kamikaze"); a plain id is the ability's name.
 */
import type { Ruleset } from '../../src/engine';

export interface MoveWords {
  role(id: string): string;
  ability(id: string): string;
}

export function moveName(words: MoveWords, ruleset: Pick<Ruleset, 'roles'>, id: string): string {
  const cut = id.indexOf('/');
  if (cut < 0) return words.ability(id);
  const role = id.slice(0, cut);
  const ability = id.slice(cut + 1);
  const ofRole = ruleset.roles.find((r) => r.id === role)?.abilities.some((a) => a.id === ability) === true;
  return ofRole ? `${words.role(role)}: ${words.ability(ability)}` : `${words.ability(ability)}: ${words.role(role)}`;
}
