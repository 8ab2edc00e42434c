/**
 * The forum standard's role modifiers as data (issue 19): words a host puts in
 * front of any role ("macho one-shot doctor", "ninja goon", "2-shot
 * vigilante"). Each modifier is a row of `nightModifiers` saying which of the
 * role's night abilities it changes and how (their uses, phase, targets and
 * flags), or which passive it adds. A role gets its modifiers from its
 * `RulesetRole.modifiers`, or from the words in front of its id in a player's
 * role, so a modified role needs no entry of its own in the ruleset.
 */
import type { LocalNames, Ruleset, RulesetAbility } from '../rules/types';
import type { NightAbilityDef, NightEffectKind, NightPassiveKind, NightRoleDef } from './roles';

/** One modifier: what it does to the abilities it reaches. */
export interface NightModifier {
  readonly id: string;
  readonly name: string;
  readonly names: LocalNames;
  /** One line a host reads. */
  readonly summary: string;
  /** Only abilities with these effects change (Ninja, Strongman: kills); absent = every night ability. */
  readonly effects?: readonly NightEffectKind[];
  /** Fields the abilities it reaches take. */
  readonly ability?: Partial<Pick<NightAbilityDef, 'phase' | 'unseen' | 'unstoppable' | 'unblockable' | 'compulsive' | 'targetsFaction'>>;
  /** Uses per game of every ability and passive of the role (one-shot: 1). */
  readonly shots?: number;
  /** The abilities may target their user, without a limit (self-targeting). */
  readonly selfTargeting?: boolean;
  /** Passives the role gains. */
  readonly passives?: readonly NightPassiveKind[];
}

const kills: readonly NightEffectKind[] = ['kill', 'faction-kill'];

/** The standard catalogue's modifiers; `N-shot` for any N is read as `shots: N` (see `findModifier`). */
export const nightModifiers: readonly NightModifier[] = [
  { id: 'one-shot', name: 'One-shot', names: { ru: 'одноразовый' }, summary: 'Each ability may be used once a game.', shots: 1 },
  {
    id: 'day-only',
    name: 'Day-only',
    names: { ru: 'дневной' },
    summary: 'The abilities are used by day only: a PM at night is refused and costs nothing.',
    ability: { phase: 'day' },
  },
  {
    id: 'night-only',
    name: 'Night-only',
    names: { ru: 'ночной' },
    summary: 'The abilities are used at night only (a night ability already is).',
    ability: { phase: 'night' },
  },
  {
    id: 'self-targeting',
    name: 'Self-targeting',
    names: { ru: 'действующий на себя' },
    summary: 'The abilities may target their user.',
    selfTargeting: true,
  },
  {
    id: 'compulsive',
    name: 'Compulsive',
    names: { ru: 'одержимый' },
    summary: 'Must use the abilities every night: a night without them is a breach the host settles.',
    ability: { compulsive: true },
  },
  {
    id: 'macho',
    name: 'Macho',
    names: { ru: 'гордый' },
    summary: 'Cannot be protected: Doctors, Jailkeepers and Bodyguards do not save him.',
    passives: ['macho'],
  },
  {
    id: 'loyal',
    name: 'Loyal',
    names: { ru: 'верный' },
    summary: 'The abilities work only on players of his own faction.',
    ability: { targetsFaction: 'own' },
  },
  {
    id: 'disloyal',
    name: 'Disloyal',
    names: { ru: 'неверный' },
    summary: 'The abilities work only on players of another faction.',
    ability: { targetsFaction: 'other' },
  },
  {
    id: 'ninja',
    name: 'Ninja',
    names: { ru: 'ниндзя' },
    summary: 'The kill is not seen by Trackers, Watchers or Followers.',
    effects: kills,
    ability: { unseen: true },
  },
  {
    id: 'strongman',
    name: 'Strongman',
    names: { ru: 'силач' },
    summary: 'The kill goes through every protection.',
    effects: kills,
    ability: { unstoppable: true },
  },
  {
    id: 'untrackable',
    name: 'Untrackable',
    names: { ru: 'неуловимый' },
    summary: 'No move of his is seen by Trackers, Watchers or Followers.',
    ability: { unseen: true },
  },
  {
    id: 'unstoppable',
    name: 'Unstoppable',
    names: { ru: 'неостановимый' },
    summary: 'Roleblocks and jails do not stop his moves.',
    ability: { unblockable: true },
  },
];

const byId = new Map(nightModifiers.map((m) => [m.id, m]));

/** The modifier an id names: a row of the table, or `N-shot` (uses per game N, N ≥ 1). */
export function findModifier(id: string): NightModifier | undefined {
  const key = id.toLowerCase();
  const known = byId.get(key);
  if (known !== undefined) return known;
  const shots = /^([1-9][0-9]?)-shot$/u.exec(key);
  if (shots?.[1] === undefined) return undefined;
  const n = Number(shots[1]);
  return {
    id: key,
    name: `${n}-shot`,
    names: { ru: `${n}-кратный` },
    summary: `Each ability may be used ${n} times a game.`,
    shots: n,
  };
}

function modifyAbility(ability: NightAbilityDef, m: NightModifier): NightAbilityDef {
  if (m.effects !== undefined && !m.effects.includes(ability.effect)) return ability;
  let out: NightAbilityDef = { ...ability, ...m.ability };
  if (m.shots !== undefined) out = { ...out, uses: Math.min(out.uses ?? m.shots, m.shots) };
  if (m.selfTargeting === true && out.targets.self === 'never') {
    const { selfUses: _limit, ...rest } = out;
    out = { ...rest, targets: { ...out.targets, self: 'allowed' } };
  }
  return out;
}

/** A role with modifiers applied, in order; unknown ids are left to the ruleset check (`unknownModifiers`). */
export function applyModifiers(role: NightRoleDef, modifiers: readonly string[]): NightRoleDef {
  let out = role;
  for (const id of modifiers) {
    const m = findModifier(id);
    if (m === undefined) continue;
    const passives = [...(out.passives ?? []), ...(m.passives ?? []).filter((p) => out.passives?.includes(p) !== true)];
    let passiveUses = out.passiveUses;
    if (m.shots !== undefined && out.passives !== undefined) {
      const shots = m.shots;
      const uses: Partial<Record<NightPassiveKind, number>> = { ...passiveUses };
      for (const p of out.passives) uses[p] = Math.min(uses[p] ?? shots, shots);
      passiveUses = uses;
    }
    out = {
      ...out,
      abilities: out.abilities.map((a) => modifyAbility(a, m)),
      ...(passives.length === 0 ? {} : { passives }),
      ...(passiveUses === undefined ? {} : { passiveUses }),
    };
  }
  return out;
}

/**
 * A ruleset ability as modifiers leave it for the game's own checks (which phase it is used in, its uses, its
 * self-targets): a day-only Vigilante shoots by day, a one-shot Doctor protects once. The night resolvers read the
 * same modifiers through `applyModifiers`.
 */
export function modifyRulesetAbility(ability: RulesetAbility, modifiers: readonly string[]): RulesetAbility {
  let out = ability;
  const part = ability.night;
  const effect = part !== undefined && 'effect' in part ? part.effect : undefined;
  for (const id of modifiers) {
    const m = findModifier(id);
    if (m === undefined || (m.effects !== undefined && (effect === undefined || !m.effects.includes(effect)))) continue;
    const phase = m.ability?.phase;
    if (phase === 'day' && (out.timing === 'night' || out.timing === 'day-or-night')) out = { ...out, timing: 'day' };
    if (phase === 'night' && out.timing === 'day-or-night') out = { ...out, timing: 'night' };
    if (m.shots !== undefined) out = { ...out, usesPerGame: Math.min(out.usesPerGame ?? m.shots, m.shots) };
    if (m.selfTargeting === true && out.selfTargetLimit !== undefined) {
      const { selfTargetLimit: _limit, ...rest } = out;
      out = rest;
    }
  }
  return out;
}

/** The ids in a list that name no modifier. */
export function unknownModifiers(ids: readonly string[]): string[] {
  return ids.filter((id) => findModifier(id) === undefined);
}

/**
 * A role written with modifiers in front, read against the ruleset's roles:
 * "macho one-shot doctor" (or "macho+one-shot+doctor") is the role `doctor` with `macho` and `one-shot`.
 * The role is its id or its English name (words joined by spaces or hyphens);
 * the longest role that ends the text wins, and every word before it must be a
 * modifier. Undefined for plain role ids and for text that is not such a role.
 */
export function parseModifiedRole(
  roles: readonly { readonly id: string; readonly name: string }[],
  text: string,
): { readonly base: string; readonly modifiers: readonly string[] } | undefined {
  // Words are parted by spaces, or by "+" where a space cannot go (a game script's `role=macho+one-shot+doctor`).
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s+]+/u);
  if (words.length < 2) return undefined;
  const key = (s: string): string => s.toLowerCase().replace(/[\s-]+/gu, '-');
  const table = new Map<string, string>();
  for (const r of roles) {
    if (!table.has(key(r.id))) table.set(key(r.id), r.id);
    if (!table.has(key(r.name))) table.set(key(r.name), r.id);
  }
  for (let i = 1; i < words.length; i++) {
    const base = table.get(key(words.slice(i).join('-')));
    if (base === undefined) continue;
    const modifiers = words.slice(0, i);
    return modifiers.every((m) => findModifier(m) !== undefined) ? { base, modifiers } : undefined;
  }
  return undefined;
}

/** The night role a modified role text stands for, named after its words ("Macho One-shot Doctor"). */
export function modifiedNightRole(roles: readonly NightRoleDef[], text: string): NightRoleDef | undefined {
  const parsed = parseModifiedRole(roles, text);
  const base = parsed === undefined ? undefined : roles.find((r) => r.id === parsed.base);
  if (parsed === undefined || base === undefined) return undefined;
  const names = parsed.modifiers.map((m) => findModifier(m)?.name ?? m);
  return { ...applyModifiers(base, parsed.modifiers), id: text, name: [...names, base.name].join(' ') };
}

/**
 * A player's role text read as a modified role of the ruleset: only where the ruleset takes modifiers
 * (`roleModifiers`); elsewhere "macho doctor" is no role at all.
 */
export function rulesetModifiedRole(
  ruleset: Pick<Ruleset, 'roles' | 'roleModifiers'>,
  text: string,
): { readonly base: string; readonly modifiers: readonly string[] } | undefined {
  return ruleset.roleModifiers === true ? parseModifiedRole(ruleset.roles, text) : undefined;
}

/** Whether a player's role text is a role of the ruleset, plain or (where it takes them) written with modifiers in front. */
export function isRulesetRole(ruleset: Pick<Ruleset, 'roles' | 'roleModifiers'>, text: string): boolean {
  return ruleset.roles.some((r) => r.id === text) || rulesetModifiedRole(ruleset, text) !== undefined;
}

/**
 * A modified role's name in a language: its modifiers' names, then its base
 * role's (as `baseName` gives it): "Macho One-shot Doctor", "гордый
 * одноразовый Доктор". Undefined for text that is not a modified role.
 */
export function modifiedRoleName(
  roles: readonly { readonly id: string; readonly name: string }[],
  text: string,
  language: 'en' | 'ru',
  baseName: (id: string) => string,
): string | undefined {
  const parsed = parseModifiedRole(roles, text);
  if (parsed === undefined) return undefined;
  const words = parsed.modifiers.map((id) => {
    const m = findModifier(id);
    return (language === 'en' ? m?.name : m?.names[language]) ?? id;
  });
  return [...words, baseName(parsed.base)].join(' ');
}
