/** `gavel resolve` with a black Commissar's and Detective's substitution of what the Investigator is handed (004 L85, L86). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-forged-'));

function scenario(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

const players = [
  { name: 'Misha', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
  { name: 'Kolya', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
  { name: 'Vera', role: 'commissar', secondRole: 'maniac', faction: 'maniac' },
  { name: 'Igor', role: 'investigator', faction: 'red' },
  { name: 'Anna', role: 'citizen', faction: 'red', statuses: ['blackened'] },
  { name: 'Boris', role: 'citizen', faction: 'red' },
];

describe('gavel resolve: 004 L85 black Commissar', () => {
  it('"сразу узнает был ли полученный черный чек ложным"; "Имеет право подменить чек следователя" (forged, by name)', async () => {
    const file = scenario('forged.json', {
      rules: 'russian-004',
      seed: 1,
      night: 1,
      players,
      actions: [{ actor: 'Vera', ability: 'check', targets: ['Anna'], sentAt: 1, forged: { value: false, when: true } }],
    });
    const { code, out, err } = await run('resolve', file, '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    type Told = { type: string; to?: string; result?: { fact: string; about: string[]; value: unknown } };
    const events = (JSON.parse(out) as { resolution: { events: Told[] } }).resolution.events;
    const to = (who: string) => events.filter((e) => e.type === 'message' && e.to === who).map((e) => e.result);
    // 004 L17: the substituter is told what the Investigator is handed (setting forgerAlsoToldTruth, default no).
    expect(to('Vera')).toEqual([{ to: 'Vera', fact: 'alignment-check', about: ['Anna'], value: false }]);
    expect(to('Igor')).toEqual([
      {
        to: 'Igor',
        fact: 'forwarded-result',
        about: ['Vera'],
        value: { to: 'Vera', fact: 'alignment-check', about: ['Anna'], value: false },
      },
    ]);
  });

  it('a place named in forged that is no player is refused with its path', async () => {
    const file = scenario('bad.json', {
      rules: 'russian-004',
      night: 1,
      players: [...players, { name: 'Gleb', role: 'detective', secondRole: 'maniac', faction: 'maniac' }],
      actions: [{ actor: 'Gleb', ability: 'track', targets: ['Misha'], sentAt: 1, forged: { value: ['Nobody'] } }],
    });
    const { code, err } = await run('resolve', file);
    expect(code).not.toBe(0);
    expect(err).toContain('actions[0].forged.value[0]');
  });
});
