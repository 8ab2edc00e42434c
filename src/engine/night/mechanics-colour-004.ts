/**
 * Seed 004: which side's mechanics a role is played by. A role with a black variant (digest §5, L85–L106) is played
 * by the blacks' mechanics when its holder is black; the Faceless (a grey holder) plays the roles L77–L79 name by the
 * blacks' mechanics and every other by the reds' (L80 "Все остальные роли соответствуют механике красных игроков");
 * an enslaved holder of some roles plays them by his master's colour (L94 "Сутенер - если взял в рабы лжеца, при
 * назначении хода его механика будет определяться цветом сутенера"). Pure data lookups: the night's effects and the
 * day's tally ask it instead of the holder's colour alone.
 */

/** The colours a holder can have here; anything but black or grey plays by the reds' mechanics. */
export type HolderColour = 'red' | 'black' | 'grey' | (string & {});

export interface MechanicsColourRules {
  /** Roles a holder of a grey faction plays by the blacks' mechanics (004 L77–L79); absent: none (L80). */
  readonly greyWorksAsBlack?: readonly string[] | undefined;
  /** Roles an enslaved holder plays by his living master's colour (004 L94: the Liar); absent: none. */
  readonly masterColourRoles?: readonly string[] | undefined;
}

/**
 * The mechanics (`black` or `red`) `role` is played by for a holder of `colour`; `masterColour` is the colour of the
 * holder's living master, if he is enslaved. A grey master of a listed role passes on the grey rule (his colour is
 * read as the holder's).
 */
export function mechanicsColour(
  rules: MechanicsColourRules | undefined,
  role: string | undefined,
  colour: HolderColour,
  masterColour?: HolderColour,
): 'red' | 'black' {
  const byColour = colour === 'black' || (colour === 'grey' && role !== undefined && rules?.greyWorksAsBlack?.includes(role) === true);
  if (masterColour !== undefined && role !== undefined && rules?.masterColourRoles?.includes(role) === true)
    return mechanicsColour(rules, role, masterColour);
  return byColour ? 'black' : 'red';
}
