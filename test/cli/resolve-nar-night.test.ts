/** `gavel resolve` with the forum standard's night roles and modifiers (issue 19): a role written with modifiers in front. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-nar-night-'));

function scenario(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('gavel resolve: roles with modifiers', () => {
  it('takes "macho one-shot doctor" and "ninja goon" as roles, and a Bodyguard dies in his ward’s place', async () => {
    const file = scenario('modified.json', {
      rules: 'forum-standard',
      seed: 1,
      night: 1,
      players: [
        { name: 'Nin', role: 'ninja goon', faction: 'mafia' },
        { name: 'Doc', role: 'macho one-shot doctor' },
        { name: 'Guard', role: 'bodyguard' },
        { name: 'Ann', role: 'vanilla' },
        { name: 'Tom', role: 'tracker' },
      ],
      actions: [
        { actor: 'Nin', ability: 'factional-kill', targets: ['Ann'], sentAt: 1 },
        { actor: 'Guard', ability: 'stand-in', targets: ['Ann'], sentAt: 2 },
        { actor: 'Doc', ability: 'protect', targets: ['Guard'], sentAt: 3 },
        { actor: 'Tom', ability: 'track', targets: ['Nin'], sentAt: 4 },
      ],
    });
    const { code, out, err } = await run('resolve', file, '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const events = (JSON.parse(out) as { resolution: { events: { type: string; player?: string; ability?: string }[] } }).resolution.events;
    // The Bodyguard takes the kill, and the Doctor's protection on him saves him.
    expect(events.filter((e) => e.type === 'death')).toEqual([]);
    expect(events.filter((e) => e.type === 'uses-spent').map((e) => [e.player, e.ability])).toEqual([['Doc', 'protect']]);
  });

  it('refuses a role with a word that is no modifier', async () => {
    const file = scenario('bad.json', {
      rules: 'forum-standard',
      night: 1,
      players: [{ name: 'Doc', role: 'shy doctor' }],
      actions: [],
    });
    const { code, err } = await run('resolve', file);
    expect(code).not.toBe(0);
    expect(err).toMatch(/"shy doctor" is not a role of rules "forum-standard"/);
  });
});
