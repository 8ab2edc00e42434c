/**
 * Runs a scenario script (the `gavel play` format) from scripts/ and returns
 * the played result; a script that does not parse or play fails the test
 * with the script's own error lines.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRuleset, parseGameScript, playGame, type PlayResult } from '../../../src/engine';
import { catalogWording } from '../../../extension/shared/engine-wording';

const here = dirname(fileURLToPath(import.meta.url));

export function readScript(name: string): string {
  return readFileSync(join(here, 'scripts', name), 'utf8');
}

export function playText(text: string): PlayResult {
  const parsed = parseGameScript(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
  const ruleset = findRuleset(parsed.script.ruleset ?? '');
  if (ruleset === undefined) throw new Error(`no preset ${parsed.script.ruleset ?? '(none)'}`);
  // What the game rules tell players is worded by the extension's catalogs, as `gavel play` and the worker word it.
  const run = playGame(parsed.script, ruleset, { wording: catalogWording(ruleset) });
  if (!run.ok) throw new Error(run.errors.map((e) => `line ${e.line}: ${e.message}`).join('\n'));
  return run.result;
}

export function playScript(name: string): PlayResult {
  return playText(readScript(name));
}

/** The failed `expect` lines, as "line N: text (got …)" for a readable test failure. */
export function failedExpectations(result: PlayResult): string[] {
  return result.expectations.filter((e) => !e.ok).map((e) => `line ${e.line}: ${e.text} (got: ${e.actual})`);
}
