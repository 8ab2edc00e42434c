/**
 * `gavel resolve --lang ru` with the forum standard (issue 19): a Cop's check
 * and a Friendly Neighbor's PM say the preset's verdicts in Russian («мафия»,
 * «мирный»), as the popup says them, not the English "Scum"/"Town".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-nar-verdicts-'));

describe('gavel resolve --lang ru: the forum standard’s verdicts', () => {
  it('words the Friendly Neighbor’s «мирный» and the Cop’s «мафия» in Russian', async () => {
    const file = join(dir, 'verdicts.json');
    writeFileSync(
      file,
      JSON.stringify({
        rules: 'forum-standard',
        seed: 1,
        night: 1,
        players: [
          { name: 'Ann', role: 'cop' },
          { name: 'Bob', role: 'friendly-neighbor' },
          { name: 'Cid', role: 'goon', faction: 'mafia' },
        ],
        actions: [
          { actor: 'Ann', ability: 'investigate', targets: ['Cid'], sentAt: 1 },
          { actor: 'Bob', ability: 'befriend', targets: ['Ann'], sentAt: 2 },
        ],
      }),
    );
    const { code, out, err } = await run('resolve', file, '--lang', 'ru');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Игрок Bob — дружелюбный сосед и сообщает вам, что он: мирный.');
    expect(out).toContain('Результат проверки игрока Cid: мафия.');
    expect(out).not.toContain('Town');
  });
});
