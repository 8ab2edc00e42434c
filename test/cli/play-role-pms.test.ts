/**
 * `gavel play --posts` prints each player's role PM from the composer the
 * extension's game page uses (`composeRolePms`), so the command line and the
 * extension agree; the Neighbors' group lines are part of their PMs.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { composeRolePms, deriveState, findRuleset, parseGameScript, playGame } from '../../src/engine';
import { runGavel as run } from './run-gavel';

const script = 'test/engine/scenarios/scripts/forum-standard-more.game';

function extensionPms(language: 'en' | 'ru', dialect: 'bbcode' | 'markdown'): ReturnType<typeof composeRolePms> {
  const parsed = parseGameScript(readFileSync(script, 'utf8'));
  if (!parsed.ok) throw new Error('script does not parse');
  const ruleset = findRuleset(parsed.script.ruleset ?? '');
  if (ruleset === undefined) throw new Error('no preset');
  const played = playGame(parsed.script, ruleset, { language, dialect });
  if (!played.ok) throw new Error('script does not play');
  // What the game page reads: the game's state after its setup event.
  const setupOnly = deriveState(played.result.events.slice(0, 1));
  return composeRolePms(setupOnly, ruleset, language, dialect);
}

describe('gavel play --posts: the role PMs', () => {
  it('prints one role PM per player, the same text the game page composes from the game', async () => {
    const { code, out, err } = await run('play', script, '--posts');
    expect(err).toBe('');
    expect(code).toBe(0);
    const pms = extensionPms('en', 'bbcode');
    expect(pms.gaps).toEqual([]);
    expect(pms.pms.length).toBeGreaterThan(0);
    for (const pm of pms.pms) expect(out).toContain(`-- role PM to ${pm.name} --\n${pm.text}\n--`);
    // The Neighbors' setup PMs are in their role PMs, worded as the game page words them.
    expect(out).toContain('The other players with the role Neighbor: Bob. The host opens your group a private chat.');
    expect(out).not.toContain('-- setup PM to');
  });

  it('in Russian and Markdown with --lang ru --markdown', async () => {
    const { code, out } = await run('play', script, '--posts', '--lang', 'ru', '--markdown');
    expect(code).toBe(0);
    for (const pm of extensionPms('ru', 'markdown').pms) expect(out).toContain(`-- role PM to ${pm.name} --\n${pm.text}\n--`);
    expect(out).toContain('Другие игроки с ролью «Сосед»: Bob.');
  });
});
