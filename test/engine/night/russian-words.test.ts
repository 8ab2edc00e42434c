/**
 * The night in a Russian host's words: real nights of every seed ruleset
 * (the scenario scripts' resolved nights, and Reasonable Action Resolution
 * nights with swaps, redirections, vests and a gun owner) are worded through
 * the catalogs, and no English word is left in a reason, a refusal, an open
 * question or an outcome, except the names the players and the ruleset give.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createRng,
  deriveState,
  forumTemplateReasonable,
  nightResultNames,
  resolveNight,
  rulesets,
  type NightEvent,
  type NightReason,
  type NightResolution,
  type Ruleset,
} from '../../../src/engine';
import { translatorFor } from '../../../extension/shared/catalogs';
import { rulesetWords } from '../../../extension/shared/ruleset-words';
import { outcomeText, sayReason, type OutcomeWords } from '../../../extension/popup/night-words';
import { playScript } from '../scenarios/run-script';
import { act, night, player, rulesForumReasonable } from './helpers';

const ru = translatorFor('ru');

interface Night {
  readonly label: string;
  readonly ruleset: Ruleset;
  readonly resolution: NightResolution;
  readonly names: ReadonlyMap<string, string>;
  readonly families: readonly string[];
}

/** Every night the scenario scripts resolve, with the players' names as the game had them. */
function scriptNights(): Night[] {
  const dir = join(import.meta.dirname, '..', 'scenarios', 'scripts');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.game'))
    .flatMap((file) => {
      const played = playScript(file);
      const ruleset = Object.values(rulesets).find((r) => r.id === played.ruleset);
      if (ruleset === undefined) return [];
      const state = deriveState(played.events);
      const names = new Map(state.players.map((p) => [p.slot.id, p.name]));
      return played.phases.flatMap((p) =>
        p.night === undefined
          ? []
          : [{ label: `${file} night ${p.phase.number}`, ruleset, resolution: p.night, names, families: state.families }],
      );
    });
}

/** Reasonable Action Resolution nights: the worked examples' mechanics, worded end to end. */
function rarNights(): Night[] {
  const rar = (label: string, input: Parameters<typeof resolveNight>[0]): Night => ({
    label,
    ruleset: forumTemplateReasonable,
    resolution: resolveNight(input, rulesForumReasonable, createRng(1)),
    names: new Map(input.players.map((p) => [p.slotId, p.name])),
    families: [],
  });
  return [
    rar(
      'doctor, vigilante, roleblocker',
      night(
        [player('V', 'vigilante'), player('B', 'doctor'), player('R', 'roleblocker'), player('A', 'vanilla')],
        [act('V', 'shoot', ['A']), act('B', 'protect', ['A']), act('R', 'block', ['B']), act('V', 'shoot', ['B'], 2_000_000)],
      ),
    ),
    rar(
      'two bus drivers, a redirector, a tracker and a watcher',
      night(
        [
          player('V', 'vigilante'),
          player('X', 'bus-driver'),
          player('Y', 'bus-driver'),
          player('Re', 'redirector'),
          player('T', 'tracker'),
          player('W', 'watcher'),
          player('A', 'vanilla'),
          player('B', 'vanilla'),
          player('C', 'vanilla'),
        ],
        [
          act('V', 'shoot', ['A']),
          act('X', 'swap', ['A', 'B']),
          act('Y', 'swap', ['B', 'C']),
          act('Re', 'redirect', ['T', 'C']),
          act('T', 'track', ['V']),
          act('W', 'watch', ['C']),
        ],
      ),
    ),
    rar(
      'a vest, a jailkeeper and a paranoid gun owner',
      night(
        [
          player('V', 'vigilante'),
          player('G', 'goon', 'mafia'),
          player('J', 'jailkeeper'),
          player('Ve', 'vest'),
          player('P', 'paranoid-gun-owner'),
          player('Co', 'cop'),
        ],
        [act('V', 'shoot', ['Ve']), act('G', 'factional-kill', ['J']), act('J', 'jail', ['Co']), act('Co', 'investigate', ['P'])],
      ),
    ),
  ];
}

/** Everything a host reads of a night, in Russian: outcome lines (not the players' results), reasons, refusals, open questions. */
function russianTexts(n: Night): string[] {
  const names = rulesetWords(n.ruleset, 'ru');
  const results = {
    ...nightResultNames([...n.names].map(([id, name]) => ({ id, name }))),
    role: names.role,
    faction: names.faction,
  };
  const words: OutcomeWords = { name: (id) => n.names.get(id) ?? id, format: { t: ru, names }, results };
  const reasons = (list: readonly NightReason[]): string[] =>
    list.flatMap((r) => [sayReason(r, words.format), ...reasons(r.because ?? [])]);
  const told = (e: NightEvent): boolean => e.type === 'message' || e.type === 'announcement';
  return [
    ...n.resolution.events.flatMap((e) => [...(told(e) ? [] : [outcomeText(e, words)?.text ?? '']), ...reasons(e.reasons)]),
    ...n.resolution.refused.map((r) => sayReason(r, words.format)),
    ...n.resolution.ambiguities.map((a) => sayReason(a, words.format)),
  ].filter((t) => t !== '');
}

/** Each statement carries a message of its own, not the English text as written. */
function everyStatementHasAMessage(resolution: NightResolution): string[] {
  const missing: string[] = [];
  const walk = (r: NightReason): void => {
    if (r.message === undefined) missing.push(r.text);
    for (const b of r.because ?? []) walk(b);
  };
  for (const e of resolution.events) for (const r of e.reasons) walk(r);
  for (const r of resolution.refused) if (r.message === undefined) missing.push(r.text);
  for (const a of resolution.ambiguities) if (a.message === undefined) missing.push(a.text);
  return missing;
}

/** The Latin words left once the names (players', families', the ruleset's, and Gavel's own) are taken out. */
function englishLeft(text: string, n: Night): string[] {
  const words = rulesetWords(n.ruleset, 'ru');
  const given = [
    ...n.names.values(),
    ...n.families,
    ...n.ruleset.roles.flatMap((r) => [words.role(r.id), ...r.abilities.map((a) => words.ability(a.id))]),
    ...n.ruleset.statuses.map((s) => words.status(s.id)),
    ...n.ruleset.factions.map((f) => words.faction(f.id)),
    'Gavel',
  ].sort((a, b) => b.length - a.length);
  let rest = text;
  for (const name of given) rest = rest.split(name).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('the night in Russian', () => {
  const nights = [...scriptNights(), ...rarNights()];

  it('resolves real nights of every seed ruleset', () => {
    const ids = new Set(nights.map((n) => n.ruleset.id));
    for (const id of ['mafia-1923-000', 'forum-template-001', 'forum-template-001-rar', 'detective-conan-003', 'russian-004'])
      expect(ids, id).toContain(id);
    expect(nights.length).toBeGreaterThan(10);
  });

  it('gives every reason, refusal and open question a message of its own', () => {
    for (const n of nights) expect(everyStatementHasAMessage(n.resolution), n.label).toEqual([]);
  });

  it('words every reason, refusal, open question and outcome in Russian, with no English word but names and no code', () => {
    let statements = 0;
    for (const n of nights) {
      for (const text of russianTexts(n)) {
        statements += 1;
        expect(englishLeft(text, n), `${n.label}: ${text}`).toEqual([]);
        // No seed reference ("(003)", "000 step 11") nor a catalog key of a missing message.
        expect(text, n.label).not.toMatch(/\(\d{3}\b|\b\d{3}\)|engine_/);
        expect(text, n.label).toMatch(/[а-яё]/i);
      }
    }
    expect(statements).toBeGreaterThan(100);
  });

  it('still shows a reason stored before reasons carried a message, as it was written', () => {
    const stored = { text: 'Vig shot Gorny' } as NightReason;
    const names = rulesetWords(rulesets['forum-template-001'], 'ru');
    expect(sayReason(stored, { t: ru, names })).toBe('Vig shot Gorny');
  });

  it('keeps the English notes for the English reader', () => {
    const n = rarNights()[0];
    if (n === undefined) throw new Error('no night');
    const first = n.resolution.events.find((e) => e.type === 'death')?.reasons[0];
    expect(first?.text).toBe('A dies');
    expect(first === undefined ? '' : sayReason(first, { t: translatorFor('en'), names: rulesetWords(n.ruleset, 'en') })).toBe('A dies');
    expect(first === undefined ? '' : sayReason(first, { t: ru, names: rulesetWords(n.ruleset, 'ru') })).toBe('Игрок A погибает');
  });
});
