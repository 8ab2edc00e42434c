import { breachRulesPresets } from '../breaches/rules';
import { nightRulePresets } from '../night/rules';
import { findRuleset } from './registry';
import type { Ruleset } from './types';

/** The result of reading a host's ruleset. Errors name the path of the bad field. */
export type RulesetParse = { readonly ok: true; readonly ruleset: Ruleset } | { readonly ok: false; readonly errors: readonly string[] };

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep-merges `over` onto `base`: objects merge, everything else (arrays too) replaces. */
function merge(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? merge(base[key], value) : value;
  return out;
}

class Checker {
  readonly errors: string[] = [];
  fail(path: string, message: string): void {
    this.errors.push(`${path}: ${message}`);
  }
  object(value: unknown, path: string): Record<string, unknown> | undefined {
    if (isObject(value)) return value;
    this.fail(path, 'must be an object');
    return undefined;
  }
  string(o: Record<string, unknown>, key: string, path: string, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || v.length === 0) this.fail(`${path}.${key}`, 'must be a non-empty string');
  }
  boolean(o: Record<string, unknown>, key: string, path: string, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'boolean') this.fail(`${path}.${key}`, 'must be true or false');
  }
  number(o: Record<string, unknown>, key: string, path: string, min = -Infinity, optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min)
      this.fail(`${path}.${key}`, `must be a number${min > -Infinity ? ` ≥ ${min}` : ''}`);
  }
  oneOf(o: Record<string, unknown>, key: string, path: string, allowed: readonly string[], optional = false): void {
    const v = o[key];
    if (v === undefined && optional) return;
    if (typeof v !== 'string' || !allowed.includes(v))
      this.fail(`${path}.${key}`, `must be one of ${allowed.map((a) => `"${a}"`).join(', ')}`);
  }
  array(o: Record<string, unknown>, key: string, path: string): unknown[] {
    const v = o[key];
    if (Array.isArray(v)) return v as unknown[];
    this.fail(`${path}.${key}`, 'must be a list');
    return [];
  }
  strings(o: Record<string, unknown>, key: string, path: string): string[] {
    const list = this.array(o, key, path);
    list.forEach((item, i) => {
      if (typeof item !== 'string') this.fail(`${path}.${key}[${i}]`, 'must be a string');
    });
    return list.filter((x): x is string => typeof x === 'string');
  }
}

/**
 * A ruleset with some settings changed, checked again. `settings` are
 * dotted paths into the ruleset (`voting.courtSize`) with their new values.
 */
export function withSettings(base: Ruleset, settings: readonly { readonly path: string; readonly value: unknown }[]): RulesetParse {
  let override: Record<string, unknown> = {};
  for (const { path, value } of settings) {
    const keys = path.split('.');
    let nested: unknown = value;
    for (let i = keys.length - 1; i >= 0; i--) nested = { [keys[i] ?? '']: nested };
    override = merge(override, nested) as Record<string, unknown>;
  }
  const unknownPaths = settings.filter(({ path }) => !hasPath(base, path.split('.')));
  if (unknownPaths.length > 0) return { ok: false, errors: unknownPaths.map(({ path }) => `${path}: no such setting in ${base.id}`) };
  return parseRuleset(merge(base, override));
}

function hasPath(value: unknown, keys: readonly string[]): boolean {
  let at: unknown = value;
  for (const key of keys) {
    if (!isObject(at) || !(key in at)) return false;
    at = at[key];
  }
  return true;
}

/**
 * Reads and checks a host's ruleset from parsed JSON. `"extends": "<preset id>"`
 * starts from a preset and deep-merges the rest over it (lists replace), so a
 * host can change one setting without copying a whole ruleset. Every problem
 * is reported with the path of the field, not just the first.
 */
export function parseRuleset(input: unknown): RulesetParse {
  const c = new Checker();
  if (!isObject(input)) return { ok: false, errors: ['ruleset: must be a JSON object'] };
  let value: unknown = input;
  const base = input['extends'];
  if (base !== undefined) {
    const preset = typeof base === 'string' ? findRuleset(base) : undefined;
    if (preset === undefined) return { ok: false, errors: [`extends: no preset "${String(base)}" (see gavel rulesets)`] };
    const { extends: _drop, ...rest } = input;
    value = merge(preset as unknown as Json, rest);
  }
  const checked = c.object(value, 'ruleset');
  if (checked === undefined) return { ok: false, errors: c.errors };
  const r: Record<string, unknown> = { ...checked };
  c.string(r, 'id', 'ruleset');
  c.string(r, 'name', 'ruleset');
  c.string(r, 'source', 'ruleset');
  c.oneOf(r, 'firstPhase', 'ruleset', ['day', 'night']);

  const factionIds = new Set<string>();
  c.array(r, 'factions', 'ruleset').forEach((f, i) => {
    const path = `factions[${i}]`;
    const o = c.object(f, path);
    if (o === undefined) return;
    c.string(o, 'id', path);
    c.string(o, 'name', path);
    c.oneOf(o, 'kind', path, ['town', 'mafia', 'third-party']);
    c.oneOf(o, 'color', path, ['red', 'black', 'grey'], true);
    c.boolean(o, 'elite', path, true);
    c.boolean(o, 'knowsMembers', path, true);
    if (typeof o['id'] === 'string') {
      if (factionIds.has(o['id'])) c.fail(`${path}.id`, `"${o['id']}" is used twice`);
      factionIds.add(o['id']);
    }
  });
  if (factionIds.size === 0) c.fail('ruleset.factions', 'needs at least one faction');
  c.strings(r, 'families', 'ruleset');

  const roleIds = new Set<string>();
  const abilityIds = new Set<string>();
  c.array(r, 'roles', 'ruleset').forEach((x, i) => {
    const path = `roles[${i}]`;
    const o = c.object(x, path);
    if (o === undefined) return;
    c.string(o, 'id', path);
    c.string(o, 'name', path);
    c.string(o, 'summary', path, true);
    if (typeof o['id'] === 'string') {
      if (roleIds.has(o['id'])) c.fail(`${path}.id`, `"${o['id']}" is used twice`);
      roleIds.add(o['id']);
    }
    c.array(o, 'abilities', path).forEach((a, j) => {
      const ap = `${path}.abilities[${j}]`;
      const ao = c.object(a, ap);
      if (ao === undefined) return;
      c.string(ao, 'id', ap);
      c.string(ao, 'name', ap);
      c.oneOf(ao, 'timing', ap, ['day', 'night', 'day-or-night', 'passive']);
      c.number(ao, 'usesPerGame', ap, 0, true);
      c.number(ao, 'usesPerPhase', ap, 1, true);
      c.number(ao, 'selfTargetLimit', ap, 0, true);
      c.number(ao, 'targets', ap, 1, true);
      if (ao['tags'] !== undefined) c.strings(ao, 'tags', ap);
      if (typeof ao['id'] === 'string') abilityIds.add(ao['id']);
    });
  });

  const statusIds = new Set<string>();
  c.array(r, 'statuses', 'ruleset').forEach((x, i) => {
    const path = `statuses[${i}]`;
    const o = c.object(x, path);
    if (o === undefined) return;
    c.string(o, 'id', path);
    c.string(o, 'name', path);
    for (const flag of ['blocksVoting', 'blocksActions', 'voteImmune', 'removedForWin', 'barsWin', 'public', 'barrier'])
      c.boolean(o, flag, path, true);
    c.number(o, 'defaultPhases', path, 1, true);
    const night = o['night'] === undefined ? undefined : c.object(o['night'], `${path}.night`);
    if (night !== undefined) {
      for (const flag of ['out', 'untargetable', 'cannotAct']) c.boolean(night, flag, `${path}.night`, true);
      c.oneOf(night, 'mechanic', `${path}.night`, ['poison', 'injury', 'love'], true);
    }
    if (typeof o['id'] === 'string') statusIds.add(o['id']);
  });
  const titleIds = new Set<string>();
  c.array(r, 'titles', 'ruleset').forEach((x, i) => {
    const path = `titles[${i}]`;
    const o = c.object(x, path);
    if (o === undefined) return;
    c.string(o, 'id', path);
    c.string(o, 'name', path);
    c.boolean(o, 'voteImmune', path, true);
    if (typeof o['id'] === 'string') titleIds.add(o['id']);
  });

  const knownRoles = (o: Record<string, unknown>, key: string, path: string): void => {
    for (const id of c.strings(o, key, path)) if (!roleIds.has(id)) c.fail(`${path}.${key}`, `no role "${id}" in roles`);
  };
  const voting = c.object(r['voting'], 'voting');
  if (voting !== undefined) {
    c.oneOf(voting, 'kind', 'voting', ['majority', 'family-court', 'weighted-plurality']);
    if (voting['kind'] === 'majority') {
      c.string(voting, 'ballot', 'voting');
      c.oneOf(voting, 'majorityOf', 'voting', ['living', 'eligible']);
      c.boolean(voting, 'lock', 'voting');
      c.boolean(voting, 'newVoteReplaces', 'voting');
      c.oneOf(voting, 'withoutMajority', 'voting', ['no-lynch', 'plurality']);
      c.boolean(voting, 'postTally', 'voting', true);
    } else if (voting['kind'] === 'family-court') {
      c.number(voting, 'courtSize', 'voting', 1);
      knownRoles(voting, 'extraVoteRoles', 'voting');
      knownRoles(voting, 'negativeVoteRoles', 'voting');
      knownRoles(voting, 'revengeRoles', 'voting');
      for (const key of ['jailAbility', 'defendAbility']) {
        c.string(voting, key, 'voting');
        const id = voting[key];
        if (typeof id === 'string' && !abilityIds.has(id)) c.fail(`voting.${key}`, `no ability "${id}" in any role`);
      }
      for (const key of ['improperVotesTallied', 'unvotedFamiliesGoToCourt', 'votesAgainstAbsentCount']) c.boolean(voting, key, 'voting');
      c.number(voting, 'strikesToExile', 'voting', 1);
      c.oneOf(voting, 'defendedInTie', 'voting', ['others-die', 'second-most']);
      c.oneOf(voting, 'courtTieWithoutVotes', 'voting', ['all-die', 'nobody'], true);
      if (!statusIds.has('exiled')) c.fail('statuses', 'family court exiles players: add a status with id "exiled"');
    } else if (voting['kind'] === 'weighted-plurality') {
      const weights = c.object(voting['roleWeights'], 'voting.roleWeights');
      if (weights !== undefined) {
        for (const [id, w] of Object.entries(weights)) {
          if (!roleIds.has(id)) c.fail('voting.roleWeights', `no role "${id}" in roles`);
          if (typeof w !== 'number') c.fail(`voting.roleWeights.${id}`, 'must be a number');
        }
      }
      for (const key of [
        'blackCap',
        'redCap',
        'greyCap',
        'everyoneOverride',
        'allRedsOverride',
        'runoffTargetsVote',
        'invalidTargetBecomesAutoVote',
      ])
        c.boolean(voting, key, 'voting');
      c.number(voting, 'doubleDeathAboveNegatives', 'voting', 0);
      c.oneOf(voting, 'threeWayFewNegatives', 'voting', ['first-two', 'nobody']);
      c.number(voting, 'electionDay', 'voting', 0);
      c.number(voting, 'witchHuntMinAlive', 'voting', 0);
      for (const id of c.strings(voting, 'titlesLostWith', 'voting'))
        if (!titleIds.has(id)) c.fail('voting.titlesLostWith', `no title "${id}" in titles`);
      for (const key of ['electionTitle', 'titleLostOnRedLynch']) {
        c.string(voting, key, 'voting');
        const id = voting[key];
        if (typeof id === 'string' && !titleIds.has(id)) c.fail(`voting.${key}`, `no title "${id}" in titles`);
      }
    }
  }
  const win = c.object(r['win'], 'win');
  if (win !== undefined) {
    c.oneOf(win, 'kind', 'win', ['families-after-day', 'parity', 'until-impossible', 'colors']);
    if (win['kind'] === 'families-after-day') {
      c.number(win, 'afterDay', 'win', 1);
      c.number(win, 'mafiaShare', 'win', 0);
    } else if (win['kind'] === 'parity') {
      c.oneOf(win, 'mafiaWinsWhen', 'win', ['at-parity', 'outnumber']);
    } else if (win['kind'] === 'until-impossible') {
      c.string(win, 'arrestTag', 'win');
      c.string(win, 'stopKillTag', 'win');
      c.boolean(win, 'nightKillCase', 'win');
    } else if (win['kind'] === 'colors') {
      c.number(win, 'greySurvivalDepartures', 'win', 1);
      c.string(win, 'huntNeedsTitleLost', 'win');
      c.number(win, 'huntMinAlive', 'win', 0);
    }
  }
  const ann = c.object(r['announcements'], 'announcements');
  if (ann !== undefined) {
    for (const id of c.strings(ann, 'publicStatuses', 'announcements'))
      if (!statusIds.has(id)) c.fail('announcements.publicStatuses', `no status "${id}" in statuses`);
    c.oneOf(ann, 'revealOnDeath', 'announcements', ['role', 'faction', 'role-and-faction', 'nothing']);
    c.boolean(ann, 'showWills', 'announcements');
    c.oneOf(ann, 'voteResults', 'announcements', ['totals', 'votes']);
    knownRoles(ann, 'deathRoleRoles', 'announcements');
    c.array(ann, 'publicNightResults', 'announcements').forEach((x, i) => {
      const path = `announcements.publicNightResults[${i}]`;
      const o = c.object(x, path);
      if (o === undefined) return;
      for (const key of ['role', 'ability', 'label', 'hit', 'miss']) c.string(o, key, path);
      c.oneOf(o, 'kind', path, ['protect', 'block', 'check']);
      if (typeof o['role'] === 'string' && !roleIds.has(o['role'])) c.fail(`${path}.role`, `no role "${o['role']}" in roles`);
    });
    c.array(ann, 'voteLeakRoles', 'announcements').forEach((x, i) => {
      const path = `announcements.voteLeakRoles[${i}]`;
      const o = c.object(x, path);
      if (o === undefined) return;
      c.string(o, 'role', path);
      c.number(o, 'share', path, 0);
    });
    const templates = c.object(ann['templates'], 'announcements.templates');
    if (templates !== undefined) {
      for (const key of ['dayStart', 'death', 'status', 'voteResult', 'winner']) c.string(templates, key, 'announcements.templates');
      c.string(templates, 'statusEnd', 'announcements.templates', true);
    }
  }
  const refs = r['references'];
  if (refs !== undefined) {
    const o = c.object(refs, 'references');
    if (o !== undefined) {
      const night = o['nightRules'];
      if (night !== undefined && (typeof night !== 'string' || nightRulePresets[night] === undefined)) {
        c.fail(
          'references.nightRules',
          `must be one of ${Object.keys(nightRulePresets)
            .map((k) => `"${k}"`)
            .join(', ')}`,
        );
      }
      c.oneOf(o, 'breachRules', 'references', Object.keys(breachRulesPresets), true);
      c.string(o, 'voteRules', 'references', true);
    }
  }
  if (r['openQuestions'] === undefined) r['openQuestions'] = [];
  else c.array(r, 'openQuestions', 'ruleset');
  if (c.errors.length > 0) return { ok: false, errors: c.errors };
  // Every field was checked above against the Ruleset shape.
  return { ok: true, ruleset: r as unknown as Ruleset };
}
