/**
 * The setup check a host reads before a game starts: how many players each
 * faction has, and what looks wrong with the roles as entered (nobody is scum,
 * the scum already have parity, roles not entered yet, a role handed out more
 * often than the ruleset allows). It never refuses a setup: a host may run an
 * odd game on purpose, so each finding is a warning, worded by the reader from
 * its code.
 *
 * "Not entered yet" is explicit: a player whose faction or role is
 * `unassigned` has none yet. A game is created that way (the opening post
 * gives names, not roles), and the win check decides nothing while any player
 * is unassigned: a game whose roles are unknown cannot be won.
 */
import type { PlayerSetup } from '../game/types';
import type { OpenQuestionHit, Ruleset } from '../rules/types';
import { countedMessage, engineMessage, word, type EngineMessage } from '../words';

/**
 * The faction or role id of a player whose faction or role the host has not
 * entered yet. No ruleset may use it as an id (the ruleset check refuses it).
 */
export const unassigned = '?';

/** Whether a faction or role id is "not entered yet". */
export function isUnassigned(id: string): boolean {
  return id === unassigned;
}

/** Whether a player's faction or role (either of them) is not entered yet. */
export function setupIncomplete(player: Pick<PlayerSetup, 'faction' | 'role'>): boolean {
  return isUnassigned(player.faction) || isUnassigned(player.role);
}

/** How many players hold one faction (`unassigned`: players whose faction is not entered). */
export interface FactionCount {
  readonly faction: string;
  readonly count: number;
  /** The faction's kind in the ruleset; null for `unassigned` or an id the ruleset does not define. */
  readonly kind: 'town' | 'mafia' | 'third-party' | null;
}

/** One finding: what is wrong, and the players it is about (shown as a list of names beside it). */
export interface SetupWarning {
  readonly message: EngineMessage;
  readonly names: readonly string[];
}

export interface SetupCheck {
  /** Players per faction, in the ruleset's order, then players with no faction yet (factions nobody holds are left out). */
  readonly factions: readonly FactionCount[];
  /** Players whose faction or role is not entered yet. */
  readonly incomplete: readonly string[];
  /** What the host should look at before the game starts; empty when nothing looks wrong. */
  readonly warnings: readonly SetupWarning[];
  /** Questions the seed leaves open that this roster meets, with how the ruleset answered them (000's Mafia second roles). */
  readonly openQuestions: readonly OpenQuestionHit[];
}

/**
 * Checks the players' factions and roles against the ruleset. Counted over the
 * setup (every player the game starts with), since it is read before the game
 * starts. "Scum" is a faction of kind `mafia`.
 */
export function checkSetup(players: readonly PlayerSetup[], ruleset: Ruleset): SetupCheck {
  const kindOf = new Map(ruleset.factions.map((f) => [f.id, f.kind] as const));
  const counts = new Map<string, number>();
  for (const p of players) counts.set(p.faction, (counts.get(p.faction) ?? 0) + 1);
  const factions: FactionCount[] = [
    ...ruleset.factions.flatMap((f) => {
      const count = counts.get(f.id) ?? 0;
      return count === 0 ? [] : [{ faction: f.id, count, kind: f.kind }];
    }),
    ...[...counts.entries()]
      .filter(([id]) => !kindOf.has(id) && !isUnassigned(id))
      .map(([faction, count]) => ({ faction, count, kind: null })),
    ...(counts.has(unassigned) ? [{ faction: unassigned, count: counts.get(unassigned) ?? 0, kind: null }] : []),
  ];

  const warnings: SetupWarning[] = [];
  const warn = (message: EngineMessage, names: readonly string[] = []): void => {
    warnings.push({ message, names });
  };
  const incomplete = players.filter(setupIncomplete).map((p) => p.name);
  if (players.length === 0) warn(engineMessage('setup/no-players'));
  if (incomplete.length > 0) warn(countedMessage('setup/roles-missing', incomplete.length), incomplete);

  const entered = players.filter((p) => !isUnassigned(p.faction));
  const scum = entered.filter((p) => kindOf.get(p.faction) === 'mafia').length;
  const others = players.length - scum;
  // "No scum" is a finding only once every faction is entered: until then the scum may be among the rest.
  if (players.length > 0 && scum === 0 && entered.length === players.length) warn(engineMessage('setup/no-scum'));
  if (scum > 0 && scum >= others) warn(engineMessage('setup/scum-parity', word.number(scum), word.number(others)));

  for (const role of ruleset.roles) {
    if (role.limit === undefined) continue;
    const holders = players.filter((p) => p.role === role.id || p.secondRole === role.id);
    if (holders.length > role.limit)
      warn(
        countedMessage('setup/role-over-limit', holders.length, word.role(role.id), word.number(role.limit)),
        holders.map((p) => p.name),
      );
  }
  const openQuestions = checkSetupRules(players, ruleset, warn);
  return { factions, incomplete, warnings, openQuestions };
}

/**
 * The ruleset's own setup rules (`setup`): family sizes with their Mafia
 * Members, player levels and the Mafia's second roles (000). Warnings go to
 * `warn`; returns the open questions the roster meets.
 */
function checkSetupRules(
  players: readonly PlayerSetup[],
  ruleset: Ruleset,
  warn: (message: EngineMessage, names?: readonly string[]) => void,
): OpenQuestionHit[] {
  const rules = ruleset.setup;
  const openQuestions: OpenQuestionHit[] = [];
  if (rules === undefined) return openQuestions;
  const isMafia = (p: PlayerSetup): boolean => ruleset.factions.find((f) => f.id === p.faction)?.kind === 'mafia';
  const levels = rules.levels ?? {};
  const playing = players.filter((p) => p.level === undefined || levels[p.level]?.plays !== false);

  // 000: "Every family will consist of either 8 or 10 players. Families of 8 will have 1 Mafia Member, and families of 10 will have 2."
  const sizes = rules.families ?? [];
  if (sizes.length > 0) {
    const families = [...new Set(playing.flatMap((p) => (p.family === undefined ? [] : [p.family])))];
    for (const family of families) {
      const members = playing.filter((p) => p.family === family);
      const names = members.map((p) => p.name);
      const size = sizes.find((f) => f.size === members.length);
      if (size === undefined) {
        const allowed = sizes.map((f) => f.size).join(', ');
        warn(countedMessage('setup/family-size', members.length, word.text(family), word.text(allowed)), names);
        continue;
      }
      const mafia = members.filter(isMafia);
      if (!members.some((p) => isUnassigned(p.faction)) && mafia.length !== size.mafia)
        warn(
          countedMessage('setup/family-mafia', mafia.length, word.text(family), word.number(size.size), word.number(size.mafia)),
          mafia.map((p) => p.name),
        );
    }
  }

  // 000: "Spectators don't affect the game at all … Beginners can only be Townspeople or Mafia Members and nothing else."
  for (const p of players) {
    if (p.level === undefined) continue;
    const level = levels[p.level];
    if (level === undefined) {
      warn(engineMessage('setup/level-unknown', word.text(p.name), word.text(p.level)), [p.name]);
      continue;
    }
    if (!level.plays) {
      warn(engineMessage('setup/level-does-not-play', word.text(p.name), word.level(p.level)), [p.name]);
      continue;
    }
    const allowed = level.roles;
    if (allowed === undefined) continue;
    for (const role of [p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])]) {
      if (!isUnassigned(role) && !allowed.includes(role))
        warn(engineMessage('setup/level-role', word.text(p.name), word.level(p.level), word.role(role)), [p.name]);
    }
  }

  // 004 L131.1: the extended format's 11 red and 5 black main players (the Faceless and the elite not counted).
  const colorOf = (p: PlayerSetup): string | undefined => ruleset.factions.find((f) => f.id === p.faction)?.color;
  const complete = !players.some((p) => isUnassigned(p.faction));
  for (const [color, wanted] of Object.entries(rules.colorCounts ?? {})) {
    if (!complete) break;
    const holders = playing.filter((p) => colorOf(p) === color);
    if (holders.length === wanted) continue;
    const n = holders.length;
    const need = word.number(wanted);
    if (color === 'red') warn(countedMessage('setup/red-count', n, need));
    else if (color === 'black') warn(countedMessage('setup/black-count', n, need));
    else warn(countedMessage('setup/color-count', n, word.text(color), need));
  }
  // L131.2: the roles the format adds (the Politician, a second Active citizen, a second Werewolf).
  for (const [role, wanted] of Object.entries(rules.roleCounts ?? {})) {
    const holders = playing.filter((p) => p.role === role || p.secondRole === role);
    if (holders.length >= wanted || players.some(setupIncomplete)) continue;
    warn(
      countedMessage('setup/role-count', holders.length, word.role(role), word.number(wanted)),
      holders.map((p) => p.name),
    );
  }

  // 000's missing list of the Mafia's second roles: a setting, reported whenever a Mafia Member has one.
  const second = rules.mafiaSecondRoles ?? 'any';
  for (const p of players.filter((x) => isMafia(x) && x.secondRole !== undefined && !isUnassigned(x.secondRole ?? ''))) {
    const role = p.secondRole ?? '';
    openQuestions.push({
      setting: 'setup.mafiaSecondRoles',
      chosen: second === 'any' ? 'any' : second.join(', '),
      detail: `${p.name} is a Mafia Member with ${role} as a second role; the seed's list of allowed roles is missing`,
    });
    if (second !== 'any' && !second.includes(role))
      warn(engineMessage('setup/mafia-second-role', word.text(p.name), word.role(role)), [p.name]);
  }
  return openQuestions;
}
