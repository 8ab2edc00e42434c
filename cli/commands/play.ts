import { resolve } from 'node:path';
import {
  findRuleset,
  isPostLanguage,
  parseGameScript,
  formatProblems,
  parseRuleset,
  scriptProblems,
  phaseLabel,
  playGame,
  playerOf,
  deriveState,
  rulesets,
  type DayTally,
  type GameState,
  type PlayResult,
  type Ruleset,
} from '../../src/engine';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import { readJson } from './rulesets';
import { readInputFile } from '../input';
import { catalogWording } from '../../extension/shared/engine-wording';

/** `gavel play <game-script>`: plays a scripted game and prints each phase's outcome and the winner. */
export const command: CliCommand = {
  name: 'play',
  summary: 'play a scripted game under a ruleset and print each phase and the winner',
  usage: [
    'Usage: gavel play <game-script> [--ruleset <file.json>] [--posts] [--lang en|ru] [--markdown] [--json]',
    '',
    '  <game-script>        a game script (.txt, or .json with "script" lines); format in docs/rulesets.md',
    '  --ruleset <file>     use a ruleset JSON file instead of the script\'s "ruleset <id>" line',
    '  --posts              also print the generated public posts and private messages',
    "  --lang en|ru         the language of the posts (default: the ruleset's post language, ru for russian-004)",
    '  --markdown           write posts in Markdown (default BBCode)',
    '  --json               print the whole result (phases, tallies, event log) as JSON',
    '',
    'Exit code 1 when an "expect" line of the script does not hold.',
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values, switches } = parseArgs(args, { values: ['ruleset', 'lang'], switches: ['posts', 'markdown', 'json'] });
    const lang = values.get('lang');
    if (lang !== undefined && !isPostLanguage(lang)) throw new UsageError(`--lang must be en or ru, not "${lang}"`);
    const [file, ...extra] = positional;
    if (file === undefined) throw new UsageError('missing <game-script>');
    if (extra.length > 0) throw new UsageError(`unexpected argument ${extra[0] ?? ''}`);
    const path = resolve(io.cwd, file);
    let text: string;
    let inlineRuleset: unknown;
    if (file.endsWith('.json')) {
      const json = readJson(path, file);
      if (typeof json !== 'object' || json === null || Array.isArray(json))
        throw new InputError(`${file}: expected an object with "script"`);
      const o = json as Record<string, unknown>;
      const script = o['script'];
      if (typeof script === 'string') text = script;
      else if (Array.isArray(script) && script.every((l) => typeof l === 'string')) text = script.join('\n');
      else throw new InputError(`${file}: "script" must be a string or a list of lines`);
      inlineRuleset = o['ruleset'];
    } else {
      text = readInputFile(path, file, 'data', 'game script');
    }
    const parsed = parseGameScript(text);
    if (!parsed.ok) throw new InputError(formatProblems(scriptProblems(parsed.errors, file)));

    let ruleset: Ruleset | undefined;
    const rulesetFile = values.get('ruleset');
    const custom =
      rulesetFile !== undefined
        ? readJson(resolve(io.cwd, rulesetFile), rulesetFile)
        : typeof inlineRuleset === 'object'
          ? inlineRuleset
          : undefined;
    if (custom !== undefined) {
      const r = parseRuleset(custom, rulesetFile ?? `${file} (ruleset)`);
      if (!r.ok) throw new InputError(formatProblems(r.problems));
      ruleset = r.ruleset;
    } else {
      const id = typeof inlineRuleset === 'string' ? inlineRuleset : parsed.script.ruleset;
      if (id === null)
        throw new InputError(`${file}: no "ruleset <id>" line and no --ruleset (presets: ${Object.keys(rulesets).join(', ')})`);
      ruleset = findRuleset(id);
      if (ruleset === undefined) throw new InputError(`${file}: no preset "${id}" (presets: ${Object.keys(rulesets).join(', ')})`);
    }

    // The posts are written as the extension writes them for a game in this language (the same templates and phrases).
    // What the game rules tell players (004's end-of-day moves) is worded by the extension's catalogs.
    const run = playGame(parsed.script, ruleset, {
      dialect: switches.has('markdown') ? 'markdown' : 'bbcode',
      wording: catalogWording(ruleset),
      ...(lang === undefined ? {} : { language: lang }),
    });
    if (!run.ok) throw new InputError(formatProblems(scriptProblems(run.errors, file)));
    const result = run.result;
    if (switches.has('json')) io.out(`${JSON.stringify(result, null, 2)}\n`);
    else io.out(formatPlay(result, ruleset, switches.has('posts')));
    return result.expectations.every((e) => e.ok) ? 0 : 1;
  },
};

function formatTally(t: DayTally, state: GameState): string[] {
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  const lines: string[] = [];
  if (t.familyTotals !== undefined)
    lines.push(`  family votes: ${t.familyTotals.map((f) => `${f.target} ${f.total}`).join(', ') || 'none'}`);
  if (t.court !== undefined) lines.push(`  to court: ${t.court.join(', ') || 'nobody'}`);
  lines.push(
    `  ${t.familyTotals === undefined ? t.ballot : 'individual'} votes: ${t.totals.map((x) => `${name(x.target)} ${x.total}`).join(', ') || 'none'}${t.majority === undefined ? '' : ` (majority ${t.majority})`}`,
  );
  for (const v of t.voided) lines.push(`  not counted: ${name(v.voter)} → ${v.target === null ? 'nobody' : name(v.target)} (${v.reason})`);
  for (const e of t.explanations) lines.push(`  note: ${e}`);
  const o = t.outcome;
  switch (o.kind) {
    case 'lynch':
      lines.push(`  result: ${t.deaths.map((d) => `${name(d.slotId)} dies (${d.cause})`).join('; ')}`);
      break;
    case 'no-lynch':
      lines.push(`  result: nobody dies (${o.reason})`);
      break;
    case 'runoff':
    case 'election-runoff':
      lines.push(`  result: tie, second vote between ${o.candidates.map(name).join(', ')}`);
      break;
    case 'elected':
      lines.push(`  result: ${name(o.slotId)} is elected ${o.title}`);
      break;
  }
  return lines;
}

/** The human-readable report of a played game. */
export function formatPlay(result: PlayResult, ruleset: Ruleset, posts: boolean): string {
  const state = deriveState(result.events);
  const name = (id: string): string => playerOf(state, id)?.name ?? id;
  const out: string[] = [`Ruleset: ${ruleset.id} (${ruleset.name})`];
  for (const s of result.settings) out.push(`  setting changed by the script: ${s.path} = ${JSON.stringify(s.value)}`);
  // The setup check the host would read before the game starts (000: family sizes, levels, the Mafia's second roles).
  for (const w of result.setupWarnings) out.push(`  setup: ${w}`);
  // Groups that know each other (Masons, Neighbors): the host opens their chat; each member's setup PM names the others.
  for (const n of result.setupHostNotes) out.push(`  setup: ${n}`);
  // Each player's role PM, written as the extension's game page writes it (the groups' lines are in it).
  for (const g of result.rolePmGaps)
    out.push(`  setup: no role PM for ${g.name} yet: ${g.missing === 'role' ? 'no role or side entered' : 'his role needs a target'}`);
  if (posts) for (const m of result.rolePms) out.push(`-- role PM to ${m.name} --`, m.text, '--');
  for (const p of result.phases) {
    out.push('', `== ${phaseLabel(p.phase)} ==`);
    if (posts) out.push('-- opening post --', p.openingPost, '--');
    for (const t of p.tallies) out.push(...formatTally(t, state));
    for (const r of p.rejected) out.push(`  refused (line ${r.line}): ${name(r.who)}: ${r.reason}`);
    if (p.night !== undefined) out.push(`  night resolved by the ${p.night.method} night rules`);
    for (const n of p.nightNotes ?? []) out.push(`  night: ${n}`);
    out.push(`  deaths: ${p.deaths.map((d) => `${d.name} (${d.cause})`).join(', ') || 'none'}`);
    if (p.win !== null) out.push(`  ${p.win.over ? 'GAME OVER' : 'game goes on'}: ${p.win.detail} [${p.win.reason}]`);
    if (posts && p.resultPost !== undefined) out.push('-- vote result post --', p.resultPost, '--');
    if (posts) for (const m of p.privateMessages) out.push(`-- private to ${m.name} --`, m.text, '--');
  }
  out.push('');
  if (result.end === null) out.push('No winner yet: the script ended before the game did.');
  else {
    out.push(
      `${result.end.result === 'draw' ? 'Draw' : 'Winner'}: ${result.end.winningSides.join(', ') || '(none)'} [${result.end.reason}]`,
    );
    out.push(`  ${result.end.detail}`);
    if (result.end.winners.length > 0) out.push(`  winning players: ${result.end.winners.map(name).join(', ')}`);
    if (posts && result.endPost !== undefined) out.push('-- final post --', result.endPost, '--');
  }
  if (result.openQuestions.length > 0) {
    out.push('', 'Open questions of the rules this game reached (decided by the ruleset setting):');
    for (const q of result.openQuestions) out.push(`  ${q.setting} = ${q.chosen}: ${q.detail}`);
  }
  for (const w of result.warnings) out.push(`warning${w.line === 0 ? '' : ` (line ${w.line})`}: ${w.message}`);
  const failed = result.expectations.filter((e) => !e.ok);
  if (result.expectations.length > 0)
    out.push('', `Expectations: ${result.expectations.length - failed.length} of ${result.expectations.length} hold`);
  for (const f of failed) out.push(`  FAILED line ${f.line}: ${f.text} (got: ${f.actual})`);
  return `${out.join('\n')}\n`;
}
