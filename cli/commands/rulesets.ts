import { resolve } from 'node:path';
import { byHandAbilities, findRuleset, json, parseRuleset, rulesets, type Ruleset } from '../../src/engine';
import { InputError, UsageError, parseArgs, type CliCommand } from '../command';
import { readInputFile } from '../input';

function describe(r: Ruleset): string {
  const lines = [
    `${r.id}: ${r.name}`,
    `  source:     ${r.source}`,
    `  starts at:  ${r.firstPhase}`,
    `  factions:   ${r.factions.map((f) => f.id).join(', ')}`,
    `  voting:     ${r.voting.kind}`,
    `  win:        ${r.win.kind}`,
    `  roles:      ${r.roles.map((x) => x.id).join(', ')}`,
    `  statuses:   ${r.statuses.map((s) => s.id).join(', ') || '(none)'}`,
  ];
  if (r.titles.length > 0) lines.push(`  titles:     ${r.titles.map((t) => t.id).join(', ')}`);
  const night = r.night;
  lines.push(
    night === undefined
      ? '  night:      stated by the host (no night section)'
      : `  night:      ${night.method}, steps ${night.order.join(' > ')}`,
  );
  const byHand = r.roles.flatMap((role) => byHandAbilities(role).map((a) => `${role.id}.${a.id}`));
  if (night !== undefined && byHand.length > 0) lines.push(`  by hand:    ${byHand.join(', ')} (night abilities with no night part)`);
  if (r.openQuestions.length > 0) {
    lines.push('  open questions (settings with a default):');
    for (const q of r.openQuestions) lines.push(`    ${q.setting}: ${q.question}`);
  }
  return lines.join('\n');
}

/** `gavel rulesets`: the preset rulesets, one in full, or a host's ruleset checked. */
export const command: CliCommand = {
  name: 'rulesets',
  summary: 'list the preset rulesets, show one as JSON, or check a ruleset file',
  usage: [
    'Usage: gavel rulesets                 list the presets',
    '       gavel rulesets --show <id>     print a preset as JSON (a starting point for your own)',
    '       gavel rulesets --check <file>  check a ruleset JSON file and list every problem',
    '',
    'A ruleset file may start from a preset with "extends": "<id>" and change only some settings.',
    'The format is in docs/rulesets.md.',
  ].join('\n'),
  run: async (args, io) => {
    const { positional, values } = parseArgs(args, { values: ['show', 'check'] });
    if (positional.length > 0) throw new UsageError(`unexpected argument ${positional[0] ?? ''}`);
    const show = values.get('show');
    const check = values.get('check');
    if (show !== undefined) {
      const r = findRuleset(show);
      if (r === undefined) throw new InputError(`no preset "${show}" (presets: ${Object.keys(rulesets).join(', ')})`);
      io.out(`${JSON.stringify(r, null, 2)}\n`);
      return 0;
    }
    if (check !== undefined) {
      const parsed = parseRuleset(readJson(resolve(io.cwd, check), check));
      if (!parsed.ok) {
        io.err(
          `${check}: ${parsed.errors.length} problem${parsed.errors.length === 1 ? '' : 's'}\n${parsed.errors.map((e) => `  ${e}`).join('\n')}\n`,
        );
        return 1;
      }
      io.out(`${check}: ok\n${describe(parsed.ruleset)}\n`);
      return 0;
    }
    io.out(`${Object.values(rulesets).map(describe).join('\n\n')}\n`);
    return 0;
  },
};

/** Reads a JSON file, turning a missing file or bad JSON into a one-line InputError. */
export function readJson(path: string, shown: string): unknown {
  const text = readInputFile(path, shown, 'data');
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(`${shown} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const deep = json.tooDeep(value);
  if (deep !== undefined) throw new InputError(`${shown}: ${json.shortPath(deep)}: nested more than ${json.maxJsonDepth} deep`);
  return value;
}
