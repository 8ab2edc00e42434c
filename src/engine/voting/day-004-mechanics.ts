/**
 * 004: the side whose mechanics a day role is played by (L78 the Faceless's Liar, L94 an enslaved Liar, L97 the black
 * Liar), read from the ruleset's night rules (`greyWorksAsBlack`, `borrowing.masterColourRoles`).
 */
import { playerOf } from '../game/derive';
import { nightStatusRules } from '../game/night-bridge';
import type { GameEvent, GameState, PlayerState } from '../game/types';
import { mechanicsColour } from '../night/mechanics-colour-004';
import { rulesetNightRules } from '../rules/sections';
import type { PluralityRoleDayRules, Ruleset } from '../rules/types';
import { engineMessage, word } from '../words';
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

/** The team words of the Hero's PM, by the saved player's colour. */
const teamMessages: Readonly<Record<string, { readonly code: string; readonly en: string }>> = {
  red: { code: 'day/hero-saved-team-red', en: 'is of the red team' },
  black: { code: 'day/hero-saved-team-black', en: 'is of the black team' },
  grey: { code: 'day/hero-saved-team-grey', en: 'is the grey player' },
};

/**
 * What a black (L98) or grey (L73) Hero's save brings beyond the cancelled lynch: his PM naming the saved player's
 * team ("После голосования черный герой узнает от ведущего команду того, кого спас"; L73 "ведущий назовет команду
 * линчуемого"), and for a black Hero (`blackSave`) the statuses of L98.
 */
export function heroSaveEffects(
  ruleset: Ruleset,
  hero: PlayerState,
  saved: PlayerState,
  blackSave: NonNullable<PluralityRoleDayRules['blackSave']> | undefined,
): GameEvent[] {
  const colour = colorOf(saved, ruleset);
  const team = teamMessages[colour];
  const events: GameEvent[] = [];
  if (team !== undefined) {
    const message = engineMessage(team.code, word.text(saved.name));
    events.push({ type: 'message/send', to: hero.slot.id, text: `The player you saved, ${saved.name}, ${team.en}.`, message });
  }
  if (blackSave === undefined) return events;
  const status = (slotId: string, id: string, extra: { with?: string; phases?: number } = {}): GameEvent => ({
    type: 'status/add',
    slotId,
    status: id,
    ...extra,
  });
  // "Если спас именно красного игрока, то герой будет чекаться красным, как оборотень, пока спасенный красный остается жив."
  if (colour === 'red') events.push(status(hero.slot.id, blackSave.reddenedStatus, { with: saved.slot.id }));
  if (colour === 'black') {
    // "Если оборотень с ролью героя спасает другого черного, то потеряет свой красный цвет до конца игры."
    if (checksRedUntilKill(ruleset, hero) && !hero.statuses.some((s) => s.id === blackSave.bloodiedStatus))
      events.push(status(hero.slot.id, blackSave.bloodiedStatus));
    // "Черный герой и спасенный черный игрок не могут использовать черные ходы киллеров в ближайшую ночь."
    for (const id of [hero.slot.id, saved.slot.id]) events.push(status(id, blackSave.noKillStatus, { phases: blackSave.noKillPhases }));
  }
  return events;
}

/** Whether the player holds a role that checks red until his first kill (the night passive `innocent-until-kill`: a werewolf). */
function checksRedUntilKill(ruleset: Ruleset, player: PlayerState): boolean {
  return [player.role, player.secondRole].some((id) =>
    ruleset.roles.some(
      (r) =>
        r.id === id && r.abilities.some((a) => a.night !== undefined && 'passive' in a.night && a.night.passive === 'innocent-until-kill'),
    ),
  );
}
