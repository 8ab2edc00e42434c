import { resolve as resolvePath } from 'node:path';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import {
  createRng,
  findNightRuleset,
  formatProblems,
  formatResolution,
  json,
  nightResultNames,
  nightRuleNames,
  parseRuleset,
  resolveNight,
  rulesetNightRules,
  rulesets,
  type NightAction,
  type NightInput,
  type NightPlayer,
  type NightRules,
  type NightStatus,
  type NightStatusRule,
  type Reader,
  type Ruleset,
} from '../../src/engine';
import { nightStatusRules } from '../../src/engine/game/night-bridge';
import type { NightReason, NightResolution } from '../../src/engine/night/types';
import { translatorFor } from '../../extension/shared/catalogs';
import { formatList } from '../../extension/shared/format';
import type { Translator } from '../../extension/shared/i18n';
import { rulesetWords } from '../../extension/shared/ruleset-words';
import { outcomeText, sayReason, type OutcomeWords } from '../../extension/popup/night-words';
import { nightSettingProblem } from '../../src/engine/rules/validate-night';
import { rulesetModifiedRole } from '../../src/engine/night/nar-modifiers';
import { readJson } from './rulesets';
import { readInputFile } from '../input';

/**
 * `gavel resolve <scenario.json>`: resolves one night described in a JSON file
 * (format in docs/night.md) and prints every outcome with its reasons.
 */

const { anyJson, array, anyObject, byType, idText, integer, map, object, oneOf, optional, record, string } = json;

/** The most a scenario holds: far above a real night, low enough to resolve at once. */
const scenarioLimits = { players: 500, actions: 5000, targets: 10, count: 1000 } as const;

/** A time: epoch milliseconds, or an ISO date-time string. */
const time: Reader<number> = json.momentReader;

const counts: Reader<Record<string, number>> = record(integer({ min: 0, max: scenarioLimits.count }), { maxKeys: 200 });
const night = integer({ min: 0, max: json.dataLimits.phaseNumber });

interface ScenarioStatus {
  readonly id: string;
  readonly sinceNight?: number;
  readonly untilNight?: number;
  readonly with?: string;
  readonly by?: string;
}

/** A status: its id, or `{ "id", "sinceNight", "untilNight", "with", "by" }`. */
const status: Reader<ScenarioStatus> = byType(
  {
    string: map(idText, (id) => ({ id })),
    object: object<ScenarioStatus>({
      id: idText,
      sinceNight: optional(night),
      untilNight: optional(night),
      with: optional(idText),
      by: optional(idText),
    }),
  },
  'a status name or an object',
);

interface ScenarioPlayer {
  readonly name: string;
  readonly id?: string;
  readonly role: string;
  readonly secondRole?: string;
  readonly faction?: string;
  readonly family?: string;
  readonly alive?: boolean;
  readonly statuses?: ScenarioStatus[];
  readonly usesLeft?: Record<string, number>;
  readonly selfUsesLeft?: Record<string, number>;
  readonly spent?: Record<string, number>;
  readonly rank?: number;
  readonly leader?: boolean;
  readonly killsAttempted?: number;
  /** Moves of earlier phases the night reads (004: the day's choices of the Necromancer, Collector, Pimp, Forensic). */
  readonly pastMoves?: ScenarioPastMove[];
}

interface ScenarioPastMove {
  readonly night: number;
  readonly day?: boolean;
  readonly ability: string;
  readonly targets?: string[];
}

const pastMove = object<ScenarioPastMove>({
  night,
  day: optional(json.boolean),
  ability: idText,
  targets: optional(array(idText, { max: scenarioLimits.targets })),
});

const player = object<ScenarioPlayer>({
  name: idText,
  id: optional(idText),
  role: idText,
  secondRole: optional(idText),
  faction: optional(idText),
  family: optional(idText),
  alive: optional(json.boolean),
  statuses: optional(array(status, { max: 50 })),
  usesLeft: optional(counts),
  selfUsesLeft: optional(counts),
  spent: optional(counts),
  rank: optional(integer({ min: 1, max: scenarioLimits.count })),
  leader: optional(json.boolean),
  killsAttempted: optional(integer({ min: 0, max: scenarioLimits.count })),
  pastMoves: optional(array(pastMove, { max: 200 })),
});

interface ScenarioAction {
  readonly actor: string;
  readonly ability: string;
  readonly targets?: string[];
  readonly target?: string;
  readonly sentAt: number;
  readonly conditions?: string;
  /** The text the move hands on (004: the Maid's substitute, L45; the Pimp's note to his slave, L27). */
  readonly text?: string;
  /** What the Investigator is handed instead (004 L85, L86, L77): a colour check's black (true/false), a track's places by name. */
  readonly forged?: {
    readonly value?: boolean | string[];
    readonly when?: boolean | string[];
    /** 004 L86: a track's substituted blackening, handed to the Investigator the night after: a faction id, or null for none. */
    readonly blackening?: string | null;
    /** 004 L86: only when the real blackening is this side (null: none). */
    readonly blackeningWhen?: string | null;
  };
}

/** A substituted result's value: true or false (a colour check: black), or player names (a track's places). */
const forgedValue = json.byType<boolean | string[]>(
  { boolean: json.boolean, list: array(idText, { max: scenarioLimits.targets }) },
  'true, false or a list of player names',
);

const action = object<ScenarioAction>({
  actor: idText,
  ability: idText,
  targets: optional(array(idText, { max: scenarioLimits.targets })),
  target: optional(idText),
  sentAt: time,
  conditions: optional(string({ nonEmpty: false })),
  text: optional(json.moveText),
  forged: optional(
    object<NonNullable<ScenarioAction['forged']>>({
      value: optional(forgedValue),
      when: optional(forgedValue),
      blackening: optional(json.nullable(idText)),
      blackeningWhen: optional(json.nullable(idText)),
    }),
  ),
});

/** The day before the night (004 L10: a witch hunt that lynched two blacks): the ballot that decided it and who it lynched, by name. */
interface ScenarioDayBefore {
  readonly ballot?: string;
  readonly lynched: string[];
}

const dayBeforeReader = object<ScenarioDayBefore>({
  ballot: optional(idText),
  lynched: array(idText, { max: scenarioLimits.players }),
});

const ruleNames = (): string => [...Object.keys(rulesets), ...Object.keys(nightRuleNames)].join(', ');

interface InlineRules {
  readonly preset?: string;
  readonly method?: 'ordered' | 'reasonable';
  readonly order?: string[];
  readonly settings?: Record<string, unknown>;
  readonly roles?: Record<string, unknown>[];
}

/**
 * `rules`: a preset id (or alias), or `{ "preset", "method", "order", "settings", "roles" }`
 * changing a preset's night (or the scenario's own ruleset's). Roles are in the ruleset's
 * own shape (docs/rulesets.md); one with a preset role's id replaces it.
 */
const rulesReader: Reader<InlineRules> = byType<InlineRules>(
  {
    string: map(idText, (preset) => ({ preset })),
    object: object<InlineRules>({
      preset: optional(idText),
      method: optional(oneOf(['ordered', 'reasonable'])),
      order: optional(array(idText, { max: 100 })),
      settings: optional(record(anyJson, { maxKeys: 100 })),
      roles: optional(array(anyObject, { max: 200 })),
    }),
  },
  'a preset id or an object with "preset"',
);

/** A host's ruleset (JSON, possibly extending a preset), checked; its problems are reported under `at`. */
function checkedRuleset(value: unknown, at: string, cx: json.ReadContext): Ruleset | json.Invalid {
  const parsed = parseRuleset(value, cx.source);
  if (parsed.ok) return parsed.ruleset;
  for (const p of parsed.problems) json.fail(cx, p.path === '' ? at : `${at}.${p.path}`, p.problem);
  return json.INVALID;
}

/**
 * The ruleset a scenario's night is resolved by: a host's ruleset (the scenario's
 * "ruleset", or --ruleset), or a preset named by "rules", changed by its other fields.
 * Its night rules are derived from it, as a game's are.
 */
function rulesetOf(spec: InlineRules | undefined, own: Ruleset | undefined, cx: json.ReadContext): Ruleset | json.Invalid {
  if (spec === undefined) {
    return own ?? json.fail(cx, 'rules', `missing: a preset id (${ruleNames()}) or an object, or a "ruleset"`);
  }
  if (spec.preset === undefined && own === undefined) return json.fail(cx, 'rules.preset', 'missing: name a preset, or give a "ruleset"');
  if (spec.preset !== undefined && own !== undefined)
    return json.fail(cx, 'rules.preset', `names the preset "${spec.preset}" and a ruleset is given too: give one`);
  const base = spec.preset === undefined ? own : findNightRuleset(spec.preset);
  if (base === undefined) return json.fail(cx, 'rules.preset', `unknown rules preset "${spec.preset ?? ''}" (known: ${ruleNames()})`);
  if (spec.method === undefined && spec.order === undefined && spec.settings === undefined && spec.roles === undefined) return base;
  const night: Record<string, unknown> = { ...base.night };
  if (spec.method !== undefined) night['method'] = spec.method;
  if (spec.order !== undefined) night['order'] = spec.order;
  if (spec.settings !== undefined) {
    let bad = false;
    for (const [key, value] of Object.entries(spec.settings)) {
      const problem = nightSettingProblem(key, value);
      if (problem !== undefined) {
        json.fail(cx, `rules.settings.${key}`, problem);
        bad = true;
      }
    }
    if (bad) return json.INVALID;
    night['settings'] = { ...base.night?.settings, ...spec.settings };
  }
  let roles: readonly unknown[] = base.roles;
  if (spec.roles !== undefined) {
    const ids = new Set(spec.roles.map((r) => r['id']));
    roles = [...base.roles.filter((r) => !ids.has(r.id)), ...spec.roles];
  }
  return checkedRuleset(JSON.parse(JSON.stringify({ ...base, night, roles })) as unknown, 'rules', cx);
}

interface ScenarioFile {
  readonly rules?: InlineRules;
  readonly ruleset?: Record<string, unknown>;
  readonly players: ScenarioPlayer[];
  readonly actions?: ScenarioAction[];
  readonly night?: number;
  readonly deadline?: number;
  readonly reserveKills?: Record<string, number>;
  /** 004 L41: the host's choice, per Collector (by name), of whose role he gets when several he named die that night. */
  readonly collectChoice?: Record<string, string>;
  readonly dayBefore?: ScenarioDayBefore;
  readonly seed?: number;
}

const scenarioFile = object<ScenarioFile>({
  rules: optional(rulesReader),
  ruleset: optional(anyObject),
  players: array(player, { min: 1, max: scenarioLimits.players }),
  actions: optional(array(action, { max: scenarioLimits.actions })),
  night: optional(night),
  deadline: optional(time),
  reserveKills: optional(counts),
  collectChoice: optional(record(idText, { maxKeys: scenarioLimits.players })),
  dayBefore: optional(dayBeforeReader),
  seed: optional(integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })),
});

/**
 * The scenario with its names turned into player ids and its roles and statuses checked against the rules;
 * `given` is a host's ruleset given on the command line.
 */
const scenarioOf =
  (given: Ruleset | undefined): Reader<{ input: NightInput; rules: NightRules; ruleset: Ruleset; seed: number }> =>
  (value, path, cx) => {
    const data = scenarioFile(value, path, cx);
    if (data === json.INVALID) return json.INVALID;
    const before = cx.problems.length;
    if (data.ruleset !== undefined && given !== undefined)
      return json.fail(cx, 'ruleset', 'give the ruleset once: in the scenario\'s "ruleset" or with --ruleset');
    const own = data.ruleset === undefined ? given : checkedRuleset(data.ruleset, 'ruleset', cx);
    if (own === json.INVALID) return json.INVALID;
    const chosen = rulesetOf(data.rules, own, cx);
    if (chosen === json.INVALID) return json.INVALID;
    const rules = rulesetNightRules(chosen);
    if (rules === undefined)
      return json.fail(cx, 'rules', `ruleset "${chosen.id}" has no "night" section: Gavel cannot resolve its nights`);
    const ids: string[] = [];
    // Names and ids are matched ignoring case ("bad ash" is Bad Ash): two players whose names or ids
    // differ only in case would make an action's actor or target a guess, so the roster is refused.
    const byName = new Map<string, { id: string; player: number; written: string }>();
    data.players.forEach((p, i) => {
      const id = p.id ?? p.name;
      if (ids.includes(id)) json.fail(cx, `players[${i}].id`, `the id "${id}" is used twice`);
      ids.push(id);
      const claim = (written: string, field: 'name' | 'id'): void => {
        const key = written.toLowerCase();
        const other = byName.get(key);
        if (other !== undefined && other.id !== id)
          json.fail(
            cx,
            `players[${i}].${field}`,
            `"${written}" and players[${other.player}]'s "${other.written}" differ only in case; names are matched ignoring case, so one of them must be renamed`,
          );
        else if (other === undefined) byName.set(key, { id, player: i, written });
      };
      claim(p.name, 'name');
      if (p.id !== undefined) claim(p.id, 'id');
    });
    const families = new Set(data.players.flatMap((p) => (p.family === undefined ? [] : [p.family])));
    const idOf = (name: string, at: string): string => {
      const id = byName.get(name.toLowerCase())?.id;
      if (id === undefined) json.fail(cx, at, `no player called "${name}"`);
      return id ?? name;
    };
    const roleIds = new Set(rules.roles.map((r) => r.id));
    // The statuses a scenario may give players: its ruleset's, each with its night meaning (one vocabulary).
    const statusRules: readonly NightStatusRule[] = nightStatusRules(chosen);
    const statusIds = statusRules.map((st) => st.id);

    const townFaction = chosen.factions.find((f) => f.kind === 'town')?.id ?? 'town';
    const factionIds = chosen.factions.map((f) => f.id);
    const players: NightPlayer[] = data.players.map((p, i): NightPlayer => {
      const where = `players[${i}]`;
      // A role may be written with the forum standard's modifiers in front ("macho one-shot doctor").
      if (!roleIds.has(p.role) && rulesetModifiedRole(chosen, p.role) === undefined)
        json.fail(cx, `${where}.role`, `"${p.role}" is not a role of rules "${rules.id}" (known: ${[...roleIds].join(', ')})`);
      // A side the ruleset does not have (004's sides are "red" and "black", not the forum's "town") would leave the
      // player on no side at all: no win, no teammates, no colour for a check.
      if (p.faction !== undefined && factionIds.length > 0 && !factionIds.includes(p.faction))
        json.fail(cx, `${where}.faction`, `"${p.faction}" is not a side of rules "${rules.id}" (known: ${factionIds.join(', ')})`);
      if (p.secondRole !== undefined && !roleIds.has(p.secondRole))
        json.fail(cx, `${where}.secondRole`, `"${p.secondRole}" is not a role of rules "${rules.id}"`);
      const statuses = p.statuses?.map((st, j): NightStatus => {
        const at = `${where}.statuses[${j}]`;
        if (!statusIds.includes(st.id))
          json.fail(cx, `${at}.id`, `"${st.id}" is not a status of ruleset "${chosen.id}" (known: ${statusIds.join(', ')})`);
        return {
          ...st,
          id: st.id,
          ...(st.with === undefined ? {} : { with: idOf(st.with, `${at}.with`) }),
          ...(st.by === undefined ? {} : { by: idOf(st.by, `${at}.by`) }),
        };
      });
      const { id: _id, name, role, faction, alive, statuses: _statuses, leader, pastMoves: moves, ...rest } = p;
      const pastMoves = moves?.map((m, j) => ({
        night: m.night,
        day: m.day === true,
        ability: m.ability,
        targets: (m.targets ?? []).map((t, k) => idOf(t, `${where}.pastMoves[${j}].targets[${k}]`)),
      }));
      return {
        ...rest,
        ...(pastMoves === undefined ? {} : { pastMoves }),
        slotId: ids[i] ?? name,
        name,
        role,
        // Unwritten, the ruleset's town side (004's "red"), so a PM names a faction the ruleset words.
        faction: faction ?? townFaction,
        alive: alive !== false,
        ...(statuses === undefined ? {} : { statuses }),
        ...(leader === true ? { leader: true } : {}),
      };
    });

    const forgedIds = (v: boolean | string[], at: string): boolean | string[] =>
      typeof v === 'boolean' ? v : v.map((name, j) => idOf(name, `${at}[${j}]`));
    const actions: NightAction[] = (data.actions ?? []).map((a, i): NightAction => {
      const where = `actions[${i}]`;
      // A family (000 Drunkard), a role id that is no player's name (004 L100: the black Kamikaze's trap), or a player.
      const targets = (a.targets ?? (a.target === undefined ? [] : [a.target])).map((name, j) =>
        families.has(name) || (roleIds.has(name) && !byName.has(name.toLowerCase())) ? name : idOf(name, `${where}.targets[${j}]`),
      );
      const actor = idOf(a.actor, `${where}.actor`);
      // 004 Maid (L45): words go with a move that hands them to its target, and with no other.
      if (a.text !== undefined) {
        const p = players.find((x) => x.slotId === actor);
        const roles = p === undefined ? [] : [p.role, ...(p.secondRole === undefined ? [] : [p.secondRole])];
        const def = rules.roles
          .filter((r) => roles.includes(r.id))
          .flatMap((r) => r.abilities)
          .find((ab) => ab.id === a.ability);
        if (def !== undefined && def.substitutes === undefined) {
          const worded = [
            ...new Set(rules.roles.flatMap((r) => r.abilities.filter((ab) => ab.substitutes !== undefined).map((ab) => ab.id))),
          ];
          json.fail(
            cx,
            `${where}.text`,
            `"${a.ability}" hands its target no words${worded.length === 0 ? '' : ` (moves that do: ${worded.join(', ')})`}`,
          );
        }
      }
      return {
        actor,
        ability: a.ability,
        targets,
        sentAt: a.sentAt,
        ...(a.conditions === undefined ? {} : { conditions: a.conditions }),
        ...(a.text === undefined ? {} : { text: a.text }),
        // 004 L85, L86, L77: places are named like targets.
        ...(a.forged === undefined
          ? {}
          : {
              forged: {
                ...(a.forged.value === undefined ? {} : { value: forgedIds(a.forged.value, `${where}.forged.value`) }),
                ...(a.forged.when === undefined ? {} : { when: forgedIds(a.forged.when, `${where}.forged.when`) }),
                ...(a.forged.blackening === undefined ? {} : { blackening: a.forged.blackening }),
                ...(a.forged.blackeningWhen === undefined ? {} : { blackeningWhen: a.forged.blackeningWhen }),
              },
            }),
      };
    });
    const dayBefore =
      data.dayBefore === undefined
        ? undefined
        : {
            ...(data.dayBefore.ballot === undefined ? {} : { ballot: data.dayBefore.ballot }),
            lynched: data.dayBefore.lynched.map((name, j) => idOf(name, `dayBefore.lynched[${j}]`)),
          };
    if (cx.problems.length > before) return json.INVALID;
    const input: NightInput = {
      night: data.night ?? 1,
      players,
      actions,
      deadline: data.deadline ?? Number.MAX_SAFE_INTEGER,
      ...(data.reserveKills === undefined ? {} : { reserveKills: data.reserveKills }),
      ...(data.collectChoice === undefined
        ? {}
        : {
            collectChoice: Object.fromEntries(
              Object.entries(data.collectChoice).map(([k, v]) => [idOf(k, `collectChoice.${k}`), idOf(v, `collectChoice.${k}`)]),
            ),
          }),
      ...(dayBefore === undefined ? {} : { dayBefore }),
      ...(statusRules.length === 0 ? {} : { statusRules }),
    };
    return { input, rules, ruleset: chosen, seed: data.seed ?? 0 };
  };

/** The ruleset's name in a language where it gives one (`names: { ru: … }`), else its own name. */
function rulesetName(ruleset: Ruleset, language: 'en' | 'ru'): string {
  const names = (ruleset as { readonly names?: Readonly<Partial<Record<string, string>>> }).names;
  return names?.[language] ?? ruleset.name;
}

/** One reason and everything under it in the host's language, indented two spaces per level (as `formatReason`). */
function reasonLines(reason: NightReason, words: OutcomeWords, depth: number): string[] {
  const mark = reason.stance === 'for' ? '+ ' : reason.stance === 'against' ? '- ' : '';
  const lines = [`${'  '.repeat(depth)}${mark}${sayReason(reason, words.format)}`];
  for (const r of reason.because ?? []) lines.push(...reasonLines(r, words, depth + 1));
  return lines;
}

/**
 * The resolution in a host's language, notes included: the same words the
 * extension's night panel shows (its catalogs, the ruleset's names in that
 * language), laid out as `formatResolution` lays out the English.
 */
export function formatResolutionIn(
  resolution: NightResolution,
  input: NightInput,
  rules: NightRules,
  ruleset: Ruleset,
  t: Translator,
): string {
  const names = rulesetWords(ruleset, t.language);
  // A check's verdict in the host's language (004's «чёрный», the forum standard's «мирный»): nightResultNames's words.
  const base = nightResultNames(
    input.players.map((p) => ({ id: p.slotId, name: p.name })),
    rules,
    t.language,
  );
  const results = { ...base, role: names.role, faction: names.faction };
  const name = results.player;
  const words: OutcomeWords = { name, format: { t, names }, results };
  const method = resolution.method === 'ordered' ? t('popup_night_method_ordered') : t('popup_night_method_rar');
  const out: string[] = [`${t('common_night', resolution.night)} · ${method}`, ''];
  const lines = resolution.events.flatMap((e) => {
    const line = outcomeText(e, words);
    return line === null ? [] : [{ e, line }];
  });
  const outcomes = lines.filter(({ e }) => e.type !== 'message');
  const messages = lines.filter(({ e }) => e.type === 'message');
  out.push(`${t('popup_night_outcome')}:`);
  if (outcomes.length === 0) out.push(`  ${t('popup_night_nothing_happened')}`);
  for (const { e, line } of outcomes) {
    out.push(`  ${line.text}`);
    for (const r of e.reasons) out.push(...reasonLines(r, words, 2));
  }
  out.push('', `${t('popup_night_messages')}:`);
  if (messages.length === 0) out.push(`  ${t('common_none')}`);
  for (const { line } of messages) out.push(`  ${line.text}`);
  if (resolution.refused.length > 0) {
    out.push('', `${t('popup_night_refused')}:`);
    for (const r of resolution.refused) {
      // The move named by the sender's role that holds it (the Maniac's `kill` is not the Mafia's).
      const sender = input.players.find((p) => p.slotId === r.action.actor);
      const holder = [sender?.role, sender?.secondRole].find(
        (id) => id !== undefined && ruleset.roles.find((x) => x.id === id)?.abilities.some((a) => a.id === r.action.ability) === true,
      );
      out.push(
        `  ${name(r.action.actor)}: ${names.ability(r.action.ability, holder)} → ${formatList(r.action.targets.map(name), t)}: ${sayReason(r, words.format)}`,
      );
    }
  }
  if (resolution.conditions.length > 0) {
    out.push('', `${t('popup_night_conditions')}:`);
    for (const c of resolution.conditions) out.push(`  ${name(c.actor)}: ${c.text}`);
  }
  const reserves = Object.entries(resolution.reserveKills);
  if (reserves.length > 0) {
    out.push('', `${t('popup_night_reserve_heading')}:`);
    for (const [f, n] of reserves) out.push(`  ${t('popup_night_reserve_line', names.faction(f), t.number(n))}`);
  }
  if (resolution.ambiguities.length > 0) {
    out.push('', `${t('popup_night_ambiguities')}:`);
    for (const a of resolution.ambiguities) out.push(`  ${sayReason(a, words.format)}`);
  }
  return `${out.join('\n')}\n`;
}

/** Reads a scenario file into the engine's input; every problem is named with the file and its place. */
export function readScenario(
  text: string,
  file: string,
  ruleset?: Ruleset,
): { input: NightInput; rules: NightRules; ruleset: Ruleset; seed: number } {
  const read = json.readJsonText(text, scenarioOf(ruleset), file);
  if (!read.ok) throw new InputError(formatProblems(read.problems));
  return read.value;
}

export const command: CliCommand = {
  name: 'resolve',
  summary: 'resolve one night from a scenario file and explain every outcome',
  usage: [
    'Usage: gavel resolve <scenario.json> [--ruleset <file>] [--json] [--seed <n>] [--lang en|ru]',
    '',
    '  <scenario.json>  players, roles, actions (role PMs), rules preset or inline rules, seed (docs/night.md)',
    "  --ruleset <file> resolve by a host's ruleset file (docs/rulesets.md): its roles and its night section",
    '  --json           print the resolution as JSON instead of text',
    "  --seed <n>       override the scenario's seed (random draws: Drunkard, Bumbling Bureaucrat)",
    '  --lang en|ru     the language of the night, the messages and the notes (reasons, refusals, open questions); default en',
    '',
    `Rules presets: ${ruleNames()}`,
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values, switches } = parseArgs(args, { values: ['seed', 'ruleset', 'lang'], switches: ['json'] });
    const lang = values.get('lang') ?? 'en';
    if (lang !== 'en' && lang !== 'ru') throw new UsageError(`--lang must be en or ru, not "${lang}"`);
    const [file, ...extra] = positional;
    if (file === undefined) throw new UsageError('missing <scenario.json>');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0] ?? ''}`);
    const text = readInputFile(resolvePath(io.cwd, file), file, 'data', 'scenario');
    const rulesetFile = values.get('ruleset');
    let ruleset: Ruleset | undefined;
    if (rulesetFile !== undefined) {
      const parsed = parseRuleset(readJson(resolvePath(io.cwd, rulesetFile), rulesetFile), rulesetFile);
      if (!parsed.ok) throw new InputError(formatProblems(parsed.problems));
      ruleset = parsed.ruleset;
    }
    const scenario = readScenario(text, file, ruleset);
    const seedText = values.get('seed');
    const seed = seedText === undefined ? scenario.seed : Number(seedText);
    if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
    const resolution = resolveNight(scenario.input, scenario.rules, createRng(seed));
    if (switches.has('json')) io.out(`${JSON.stringify({ rules: scenario.rules.id, seed, resolution }, null, 2)}\n`);
    else if (lang === 'en')
      io.out(
        `Rules: ${scenario.rules.name}; seed ${seed}\n${formatResolution(resolution, scenario.input, { rules: scenario.rules, language: lang })}`,
      );
    else {
      const t = translatorFor(lang);
      io.out(
        `${t('popup_night_rules', rulesetName(scenario.ruleset, lang), t.number(seed))}\n${formatResolutionIn(resolution, scenario.input, scenario.rules, scenario.ruleset, t)}`,
      );
    }
    return 0;
  },
};
