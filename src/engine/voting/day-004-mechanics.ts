/**
 * 004: the side whose mechanics a day role is played by (L78 the Faceless's Liar, L94 an enslaved Liar, L97 the black
 * Liar), read from the ruleset's night rules (`greyWorksAsBlack`, `borrowing.masterColourRoles`).
 */
import { checkAction } from '../game/actions';
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

/** The team words of the black Hero's PM after his save (L98), by the saved player's colour. */
const teamMessages: Readonly<Record<string, { readonly code: string; readonly en: string }>> = {
  red: { code: 'day/hero-saved-team-red', en: 'is of the red team' },
  black: { code: 'day/hero-saved-team-black', en: 'is of the black team' },
  grey: { code: 'day/hero-saved-team-grey', en: 'is the grey player' },
};

/**
 * What a black Hero's save (L98, `blackSave`) brings beyond the cancelled lynch: his PM naming the saved player's team
 * ("После голосования черный герой узнает от ведущего команду того, кого спас") and the statuses of L98. The grey
 * Hero (L73) is told the team before he decides, by `heroAskedTeam`, not again here.
 */
export function heroSaveEffects(
  ruleset: Ruleset,
  hero: PlayerState,
  saved: PlayerState,
  blackSave: NonNullable<PluralityRoleDayRules['blackSave']> | undefined,
): GameEvent[] {
  if (blackSave === undefined) return [];
  const colour = colorOf(saved, ruleset);
  const team = teamMessages[colour];
  const events: GameEvent[] = [];
  if (team !== undefined) {
    const message = engineMessage(team.code, word.text(saved.name));
    events.push({ type: 'message/send', to: hero.slot.id, text: `The player you saved, ${saved.name}, ${team.en}.`, message });
  }
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

/** The team words of the grey Hero's PM when the host asks for his move (L73), by the lynched player's colour. */
const askedTeamMessages: Readonly<Record<string, { readonly code: string; readonly en: string }>> = {
  red: { code: 'day/hero-asked-team-red', en: 'is of the red team' },
  black: { code: 'day/hero-asked-team-black', en: 'is of the black team' },
};

/**
 * L73: "ведущий назовет команду линчуемого в тот момент, когда спросит безликого про ход героя". When the vote lynches
 * (`lynched`: the vote's deaths, before any save), each living grey player who holds the save move (`saveAbility`,
 * unspent before this ballot's own save: `savedNow` of his saves since the ballot opened) is told by PM the team of
 * each lynched player other than himself, whether he then saves or not (`roleDay.greyToldLynchedTeam`). The Faceless
 * is the only grey player (L66.10), so a lynched player is red or black (an elite player cannot be voted against, L151).
 */
export function heroAskedTeam(
  state: GameState,
  ruleset: Ruleset,
  lynched: readonly string[],
  saveAbility: string,
  savedNow: (slotId: string) => number,
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const hero of state.players) {
    if (!hero.alive || colorOf(hero, ruleset) !== 'grey') continue;
    // The state as the host asked him: this ballot's own save not yet made.
    const spent = Math.max(0, (hero.uses[saveAbility] ?? 0) - savedNow(hero.slot.id));
    const asked: GameState = {
      ...state,
      players: state.players.map((p) => (p === hero ? { ...p, uses: { ...p.uses, [saveAbility]: spent } } : p)),
    };
    if (!checkAction(asked, ruleset, hero.slot.id, saveAbility, []).ok) continue;
    for (const id of lynched) {
      const player = playerOf(state, id);
      const team = player === undefined || id === hero.slot.id ? undefined : askedTeamMessages[colorOf(player, ruleset)];
      if (player === undefined || team === undefined) continue;
      const message = engineMessage(team.code, word.text(player.name));
      events.push({ type: 'message/send', to: hero.slot.id, text: `The player being lynched, ${player.name}, ${team.en}.`, message });
    }
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
