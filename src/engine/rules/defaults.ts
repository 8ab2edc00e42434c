import type { RulesetAbility, AnnouncementTemplates, RulesetRole } from './types';

/** Builds an ability definition (a shorthand for the presets). */
export function ability(
  id: string,
  name: string,
  timing: RulesetAbility['timing'],
  limits: Omit<RulesetAbility, 'id' | 'name' | 'timing'> = {},
): RulesetAbility {
  return { id, name, timing, ...limits };
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
