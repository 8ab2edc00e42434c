/** `gavel resolve` with a move that names roles (004 L100: the black Kamikaze's trap): role ids are targets, not players. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel, writeInput } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-role-targets-'));

const trapNight = (named: string) => ({
  rules: 'russian-004',
  night: 2,
  players: [
    { name: 'Kat', role: 'kamikaze', secondRole: 'mafia', faction: 'mafia' },
    { name: 'Max', role: 'citizen', secondRole: 'maniac', faction: 'maniac' },
    { name: 'Doc', role: 'doctor', faction: 'red' },
    { name: 'Rita', role: 'citizen', faction: 'red' },
  ],
  actions: [
    { actor: 'Kat', ability: 'name-trap-roles', targets: [named], sentAt: 1 },
    { actor: 'Doc', ability: 'heal', targets: ['Kat'], sentAt: 2 },
  ],
});

describe('gavel resolve: role targets', () => {
  it('L100 «может указать ведущему мирные роли… в качестве потенциальных жертв»: the trap named by role id takes the Doctor along', async () => {
    const { code, out } = await runGavel('resolve', writeInput(dir, 'trap.json', trapNight('doctor')), '--json');
    expect(code).toBe(0);
    const deaths = (JSON.parse(out) as { resolution: { events: { type: string; player?: string }[] } }).resolution.events
      .filter((e) => e.type === 'death')
      .map((e) => e.player)
      .sort();
    expect(deaths).toEqual(['Doc', 'Kat']);
  });
  it('a name that is neither a player nor a role is still bad input', async () => {
    const { code, err } = await runGavel('resolve', writeInput(dir, 'bad.json', trapNight('nobody')));
    expect(code).toBe(1);
    expect(err).toMatch(/nobody/);
  });
});
