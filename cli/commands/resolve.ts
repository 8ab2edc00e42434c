import { readFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import {
  createRng,
  defaultNightSettings,
  formatResolution,
  nightRulePresets,
  resolveNight,
  type NightAction,
  type NightInput,
  type NightPlayer,
  type NightRules,
  type NightSettings,
  type NightStatus,
  type NightRoleDef,
} from '../../src/engine';

/**
 * `gavel resolve <scenario.json>`: resolves one night described in a JSON file
 * (format in docs/night.md) and prints every outcome with its reasons.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function field(obj: JsonObject, key: string, where: string): Json {
  const v = obj[key];
  if (v === undefined) throw new InputError(`${where}: missing "${key}"`);
  return v;
}

function str(v: Json | undefined, where: string): string {
  if (typeof v !== 'string' || v === '') throw new InputError(`${where} must be a non-empty string`);
  return v;
}

function optStr(v: Json | undefined, where: string): string | undefined {
  return v === undefined ? undefined : str(v, where);
}

function num(v: Json | undefined, where: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new InputError(`${where} must be a number`);
  return v;
}

/** A time: epoch milliseconds, or an ISO date-time string. */
function time(v: Json | undefined, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    if (!Number.isNaN(t)) return t;
  }
  throw new InputError(`${where} must be epoch milliseconds or an ISO date-time like "2026-11-21T21:30:00Z"`);
}

function counts(v: Json | undefined, where: string): Record<string, number> | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v)) throw new InputError(`${where} must be an object of numbers`);
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) out[k] = num(n, `${where}.${k}`);
  return out;
}

const statusIds = new Set(['poisoned', 'injured', 'arrested', 'in-love', 'vest']);

function toStatus(v: Json, where: string, idOf: (name: string, where: string) => string): NightStatus {
  if (typeof v === 'string') v = { id: v };
  if (!isObject(v)) throw new InputError(`${where} must be a status name or an object`);
  const id = str(v.id, `${where}.id`);
  if (!statusIds.has(id)) throw new InputError(`${where}.id "${id}" is not one of ${[...statusIds].join(', ')}`);
  return {
    id: id as NightStatus['id'],
    ...(v.sinceNight === undefined ? {} : { sinceNight: num(v.sinceNight, `${where}.sinceNight`) }),
    ...(v.untilNight === undefined ? {} : { untilNight: num(v.untilNight, `${where}.untilNight`) }),
    ...(v.with === undefined ? {} : { with: idOf(str(v.with, `${where}.with`), `${where}.with`) }),
    ...(v.by === undefined ? {} : { by: idOf(str(v.by, `${where}.by`), `${where}.by`) }),
  };
}

function toRules(v: Json | undefined): NightRules {
  if (v === undefined) throw new InputError(`missing "rules": a preset id (${Object.keys(nightRulePresets).join(', ')}) or an object`);
  const presetId = typeof v === 'string' ? v : isObject(v) ? str(v.preset, 'rules.preset') : undefined;
  if (presetId === undefined) throw new InputError('"rules" must be a preset id or an object with "preset"');
  const preset = nightRulePresets[presetId];
  if (preset === undefined) throw new InputError(`unknown rules preset "${presetId}" (known: ${Object.keys(nightRulePresets).join(', ')})`);
  if (!isObject(v)) return preset;
  let rules: NightRules = preset;
  if (v.method !== undefined) {
    const method = str(v.method, 'rules.method');
    if (method !== 'ordered' && method !== 'reasonable') throw new InputError('rules.method must be "ordered" or "reasonable"');
    rules = { ...rules, method };
  }
  if (v.order !== undefined) {
    if (!Array.isArray(v.order)) throw new InputError('rules.order must be a list of step names');
    rules = { ...rules, order: v.order.map((s, i) => str(s, `rules.order[${i}]`)) };
  }
  if (v.settings !== undefined) {
    if (!isObject(v.settings)) throw new InputError('rules.settings must be an object');
    const settings: Record<string, string> = { ...rules.settings };
    for (const [k, value] of Object.entries(v.settings)) {
      if (!(k in defaultNightSettings))
        throw new InputError(`rules.settings.${k} is not a setting (known: ${Object.keys(defaultNightSettings).join(', ')})`);
      settings[k] = str(value, `rules.settings.${k}`);
    }
    rules = { ...rules, settings: settings as unknown as NightSettings };
  }
  if (v.roles !== undefined) {
    if (!Array.isArray(v.roles)) throw new InputError('rules.roles must be a list of role definitions');
    const extra = v.roles.map((r, i) => {
      if (!isObject(r) || typeof r.id !== 'string' || typeof r.name !== 'string' || !Array.isArray(r.abilities)) {
        throw new InputError(`rules.roles[${i}] needs "id", "name" and "abilities" (see docs/night.md)`);
      }
      return { source: 'scenario', ...r } as unknown as NightRoleDef;
    });
    const ids = new Set(extra.map((r) => r.id));
    rules = { ...rules, roles: [...rules.roles.filter((r) => !ids.has(r.id)), ...extra] };
  }
  return rules;
}

/** Reads a scenario file into the engine's input. */
export function readScenario(text: string, file: string): { input: NightInput; rules: NightRules; seed: number } {
  let data: Json;
  try {
    data = JSON.parse(text) as Json;
  } catch (error) {
    throw new InputError(`${file} is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(data)) throw new InputError(`${file} must hold a JSON object`);
  const rules = toRules(data.rules);
  const rawPlayers = field(data, 'players', file);
  if (!Array.isArray(rawPlayers) || rawPlayers.length === 0) throw new InputError('"players" must be a non-empty list');

  const ids: string[] = [];
  const byName = new Map<string, string>();
  rawPlayers.forEach((p, i) => {
    if (!isObject(p)) throw new InputError(`players[${i}] must be an object`);
    const name = str(p.name, `players[${i}].name`);
    const id = optStr(p.id, `players[${i}].id`) ?? name;
    if (ids.includes(id)) throw new InputError(`players[${i}]: the id "${id}" is used twice`);
    ids.push(id);
    byName.set(name.toLowerCase(), id);
    byName.set(id.toLowerCase(), id);
  });
  const families = new Set(rawPlayers.map((p) => (isObject(p) && typeof p.family === 'string' ? p.family : '')).filter((f) => f !== ''));
  const idOf = (name: string, where: string): string => {
    const id = byName.get(name.toLowerCase());
    if (id === undefined) throw new InputError(`${where}: no player called "${name}"`);
    return id;
  };
  const roleIds = new Set(rules.roles.map((r) => r.id));

  const players: NightPlayer[] = rawPlayers.map((raw, i) => {
    const p = raw as JsonObject;
    const where = `players[${i}]`;
    const role = str(p.role, `${where}.role`);
    if (!roleIds.has(role))
      throw new InputError(`${where}.role "${role}" is not a role of rules "${rules.id}" (known: ${[...roleIds].join(', ')})`);
    const secondRole = optStr(p.secondRole, `${where}.secondRole`);
    if (secondRole !== undefined && !roleIds.has(secondRole))
      throw new InputError(`${where}.secondRole "${secondRole}" is not a role of rules "${rules.id}"`);
    const statuses =
      p.statuses === undefined
        ? undefined
        : Array.isArray(p.statuses)
          ? p.statuses.map((s, j) => toStatus(s, `${where}.statuses[${j}]`, idOf))
          : undefined;
    if (p.statuses !== undefined && statuses === undefined) throw new InputError(`${where}.statuses must be a list`);
    const usesLeft = counts(p.usesLeft, `${where}.usesLeft`);
    const selfUsesLeft = counts(p.selfUsesLeft, `${where}.selfUsesLeft`);
    const spent = counts(p.spent, `${where}.spent`);
    const family = optStr(p.family, `${where}.family`);
    if (p.alive !== undefined && typeof p.alive !== 'boolean') throw new InputError(`${where}.alive must be true or false`);
    if (p.leader !== undefined && typeof p.leader !== 'boolean') throw new InputError(`${where}.leader must be true or false`);
    return {
      slotId: ids[i] ?? str(p.name, `${where}.name`),
      name: str(p.name, `${where}.name`),
      role,
      faction: optStr(p.faction, `${where}.faction`) ?? 'town',
      alive: p.alive !== false,
      ...(secondRole === undefined ? {} : { secondRole }),
      ...(family === undefined ? {} : { family }),
      ...(statuses === undefined ? {} : { statuses }),
      ...(usesLeft === undefined ? {} : { usesLeft }),
      ...(selfUsesLeft === undefined ? {} : { selfUsesLeft }),
      ...(spent === undefined ? {} : { spent }),
      ...(p.rank === undefined ? {} : { rank: num(p.rank, `${where}.rank`) }),
      ...(p.killsAttempted === undefined ? {} : { killsAttempted: num(p.killsAttempted, `${where}.killsAttempted`) }),
      ...(p.leader === true ? { leader: true } : {}),
    };
  });

  const rawActions = data.actions ?? [];
  if (!Array.isArray(rawActions)) throw new InputError('"actions" must be a list');
  const actions: NightAction[] = rawActions.map((raw, i) => {
    const where = `actions[${i}]`;
    if (!isObject(raw)) throw new InputError(`${where} must be an object`);
    const targetsRaw = raw.targets ?? (raw.target === undefined ? [] : [raw.target]);
    if (!Array.isArray(targetsRaw)) throw new InputError(`${where}.targets must be a list of names`);
    const targets = targetsRaw.map((t, j) => {
      const name = str(t, `${where}.targets[${j}]`);
      return families.has(name) ? name : idOf(name, `${where}.targets[${j}]`);
    });
    const conditions = optStr(raw.conditions, `${where}.conditions`);
    return {
      actor: idOf(str(raw.actor, `${where}.actor`), `${where}.actor`),
      ability: str(raw.ability, `${where}.ability`),
      targets,
      sentAt: time(field(raw, 'sentAt', where), `${where}.sentAt`),
      ...(conditions === undefined ? {} : { conditions }),
    };
  });

  const reserveKills = counts(data.reserveKills, 'reserveKills');
  const input: NightInput = {
    night: data.night === undefined ? 1 : num(data.night, 'night'),
    players,
    actions,
    deadline: data.deadline === undefined ? Number.MAX_SAFE_INTEGER : time(data.deadline, 'deadline'),
    ...(reserveKills === undefined ? {} : { reserveKills }),
  };
  const seed = data.seed === undefined ? 0 : num(data.seed, 'seed');
  return { input, rules, seed };
}

export const command: CliCommand = {
  name: 'resolve',
  summary: 'resolve one night from a scenario file and explain every outcome',
  usage: [
    'Usage: gavel resolve <scenario.json> [--json] [--seed <n>] [--lang en|ru]',
    '',
    '  <scenario.json>  players, roles, actions (role PMs), rules preset or inline rules, seed (docs/night.md)',
    '  --json           print the resolution as JSON instead of text',
    "  --seed <n>       override the scenario's seed (random draws: Drunkard, Bumbling Bureaucrat)",
    '  --lang en|ru     the language of the messages and public words (default en); the notes stay in English',
    '',
    `Rules presets: ${Object.keys(nightRulePresets).join(', ')}`,
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values, switches } = parseArgs(args, { values: ['seed', 'lang'], switches: ['json'] });
    const lang = values.get('lang') ?? 'en';
    if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not "${lang}"`);
    const [file, ...extra] = positional;
    if (file === undefined) throw new UsageError('missing <scenario.json>');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0] ?? ''}`);
    let text: string;
    try {
      text = readFileSync(resolvePath(io.cwd, file), 'utf8');
    } catch {
      throw new InputError(`cannot read ${file}`);
    }
    const scenario = readScenario(text, file);
    const seedText = values.get('seed');
    const seed = seedText === undefined ? scenario.seed : Number(seedText);
    if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
    const resolution = resolveNight(scenario.input, scenario.rules, createRng(seed));
    if (switches.has('json')) io.out(`${JSON.stringify({ rules: scenario.rules.id, seed, resolution }, null, 2)}\n`);
    else
      io.out(
        `Rules: ${scenario.rules.name}; seed ${seed}\n${formatResolution(resolution, scenario.input, { rules: scenario.rules, language: lang })}`,
      );
    return 0;
  },
};
