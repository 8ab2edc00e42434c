/**
 * The name of a move as the popup lists it. A move may name the role it is a move of, `<role>/<ability>` (004 L47:
 * the Wizard's move of an absent role, "commissar/check"), or the role a player declares with an ability of his own
 * ("kamikaze/absent-role": the role has no such ability). The first reads "Role: move" ("Commissar: Colour check"),
 * the second "move: Role" ("Use a peaceful role absent from the game…: Kamikaze"); a plain id is the ability's name.
 */
import type { Ruleset } from '../../src/engine';

export interface MoveWords {
  role(id: string): string;
  ability(id: string, role?: string): string;
}

/**
 * `held`: the roles the player who makes the move holds (his role and second role), so a plain id is named by the
 * role that has it (004: a Maniac's `kill` is not the Mafia's "Kill (odd nights)").
 */
export function moveName(
  words: MoveWords,
  ruleset: Pick<Ruleset, 'roles'>,
  id: string,
  held: readonly (string | undefined)[] = [],
): string {
  const cut = id.indexOf('/');
  if (cut < 0) {
    const holder = held.find((r) => r !== undefined && ruleset.roles.find((x) => x.id === r)?.abilities.some((a) => a.id === id) === true);
    return words.ability(id, holder);
  }
  const role = id.slice(0, cut);
  const ability = id.slice(cut + 1);
  const ofRole = ruleset.roles.find((r) => r.id === role)?.abilities.some((a) => a.id === ability) === true;
  return ofRole ? `${words.role(role)}: ${words.ability(ability, role)}` : `${words.ability(ability)}: ${words.role(role)}`;
}
