import type { RulesetAbility, AnnouncementTemplates, LocalNames, PostLanguage, Ruleset, RulesetRole } from './types';

/** Builds an ability definition (a shorthand for the presets). */
export function ability(
  id: string,
  name: string,
  timing: RulesetAbility['timing'],
  limits: Omit<RulesetAbility, 'id' | 'name' | 'timing'> = {},
): RulesetAbility {
  return { id, name, timing, ...limits };
}

/**
 * A preset's names in other languages, in one table a translator can read
 * whole: by id for factions, roles, statuses and titles; abilities by id, or
 * by `role/ability` where one role's ability of that id is named differently.
 */
export interface PresetNames {
  readonly ruleset: LocalNames;
  readonly factions: Readonly<Record<string, LocalNames>>;
  readonly roles: Readonly<Record<string, LocalNames>>;
  readonly abilities: Readonly<Record<string, LocalNames>>;
  readonly statuses: Readonly<Record<string, LocalNames>>;
  readonly titles?: Readonly<Record<string, LocalNames>>;
}

/**
 * The preset with its names in other languages written into each item's
 * `names` (the ruleset format's field, so an exported ruleset carries them).
 * A name for an id the preset does not have is a mistake in the table: it
 * throws when the module loads, so no test run can miss it.
 */
export function withNames(ruleset: Ruleset, table: PresetNames): Ruleset {
  const used = new Set<string>();
  const pick = (kind: string, key: string, names: Readonly<Record<string, LocalNames>> | undefined): LocalNames | undefined => {
    const found = names?.[key];
    if (found !== undefined) used.add(`${kind}:${key}`);
    return found;
  };
  const name = <T extends { readonly id: string }>(kind: string, items: readonly T[], names?: Readonly<Record<string, LocalNames>>): T[] =>
    items.map((item) => {
      const found = pick(kind, item.id, names);
      return found === undefined ? item : { ...item, names: found };
    });
  const out: Ruleset = {
    ...ruleset,
    names: table.ruleset,
    factions: name('factions', ruleset.factions, table.factions),
    statuses: name('statuses', ruleset.statuses, table.statuses),
    titles: name('titles', ruleset.titles, table.titles),
    roles: ruleset.roles.map((role) => {
      const names = pick('roles', role.id, table.roles);
      const abilities = role.abilities.map((a) => {
        const found = pick('abilities', `${role.id}/${a.id}`, table.abilities) ?? pick('abilities', a.id, table.abilities);
        return found === undefined ? a : { ...a, names: found };
      });
      return { ...role, ...(names === undefined ? {} : { names }), abilities };
    }),
  };
  const unused = (['factions', 'roles', 'abilities', 'statuses', 'titles'] as const).flatMap((kind) =>
    Object.keys(table[kind] ?? {})
      .filter((key) => !used.has(`${kind}:${key}`))
      .map((key) => `${kind}.${key}`),
  );
  if (unused.length > 0) throw new Error(`${ruleset.id}: names for what the preset does not have: ${unused.join(', ')}`);
  return out;
}

/** Builds a role definition (a shorthand for the presets); `night` is how the night treats the role as a whole. */
export function role(
  id: string,
  name: string,
  abilities: readonly RulesetAbility[] = [],
  summary?: string,
  night?: RulesetRole['night'],
): RulesetRole {
  return { id, name, abilities, ...(summary === undefined ? {} : { summary }), ...(night === undefined ? {} : { night }) };
}

/**
 * Default post templates. Placeholders: `{phase}`, `{deaths}`, `{statuses}`,
 * `{news}`, `{alive}`, `{aliveCount}` (phase start); `{name}`, `{cause}`,
 * `{reveal}`, `{will}` (one death); `{name}`, `{status}` (a status begins, or
 * ends: `statusEnd`);
 * `{phase}`, `{totals}`, `{families}`, `{votes}`, `{outcome}`, `{notes}` (vote
 * result); `{result}`, `{sides}`, `{winners}`, `{detail}` (game end).
 * `{b}…{/b}` and `{i}…{/i}` are bold and italic in either dialect.
 */
export const defaultTemplates: AnnouncementTemplates = {
  dayStart: '{b}{phase} begins.{/b}\n{deaths}\n{statuses}\n{news}\n\n{b}Alive ({aliveCount}):{/b}\n{alive}',
  death: '{b}{name}{/b} has died ({cause}). {reveal}\n{will}',
  status: '{name} is {status}.',
  statusEnd: '{name} is no longer {status}.',
  voteResult: '{b}Vote result, {phase}{/b}\n{families}\n{totals}\n{votes}\n{outcome}\n{notes}',
  winner: '{b}{result}: {sides}{/b}\n{winners}\n{i}{detail}{/i}',
};

/**
 * The default post templates in Russian: the same placeholders. Sentences are
 * built so no word has to agree with a player's gender or be declined around
 * a name ("Игрок {name} отравлен" agrees with «игрок»; "{name} выбывает из
 * игры" has no gender).
 */
export const defaultTemplatesRu: AnnouncementTemplates = {
  dayStart: '{b}{phase} начинается.{/b}\n{deaths}\n{statuses}\n{news}\n\n{b}В живых ({aliveCount}):{/b}\n{alive}',
  death: '{b}{name}{/b} выбывает из игры ({cause}). {reveal}\n{will}',
  status: 'Игрок {name} {status}.',
  statusEnd: 'Игрок {name} больше не {status}.',
  voteResult: '{b}Итоги голосования, {phase}{/b}\n{families}\n{totals}\n{votes}\n{outcome}\n{notes}',
  winner: '{b}{result}: {sides}{/b}\n{winners}\n{i}{detail}{/i}',
};

/** Gavel's default templates per post language (a ruleset without templates in a language uses these). */
export const defaultTemplatesIn: Readonly<Record<PostLanguage, AnnouncementTemplates>> = {
  en: defaultTemplates,
  ru: defaultTemplatesRu,
};
