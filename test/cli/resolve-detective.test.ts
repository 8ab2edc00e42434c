/** `gavel resolve` with the 004 Detective's blackening (L7) and a black Detective's substitution of it (L86). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-detective-'));

function scenario(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

type Reason = { message?: { code: string }; because?: Reason[] };
type Event = { type: string; to?: string; result?: { fact: string; about: string[]; value: unknown }; reasons?: Reason[] };

const players = [
  { name: 'Misha', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
  { name: 'Kolya', role: 'citizen', secondRole: 'mafia', faction: 'mafia' },
  { name: 'Vera', role: 'commissar', faction: 'red' },
  { name: 'Igor', role: 'investigator', faction: 'red' },
  { name: 'Anna', role: 'citizen', faction: 'red', statuses: [{ id: 'blackened', sinceNight: 1, by: 'Misha' }] },
  { name: 'Boris', role: 'citizen', faction: 'red' },
];

async function resolved(data: unknown): Promise<Event[]> {
  const { code, out, err } = await run('resolve', scenario('night.json', data), '--json');
  expect(err).toBe('');
  expect(code).toBe(0);
  return (JSON.parse(out) as { resolution: { events: Event[] } }).resolution.events;
}

const codes = (events: readonly Event[]): string[] => {
  const out: string[] = [];
  const walk = (reasons: readonly Reason[]): void => {
    for (const r of reasons) {
      if (r.message !== undefined) out.push(r.message.code);
      walk(r.because ?? []);
    }
  };
  for (const e of events) walk(e.reasons ?? []);
  return out;
};

describe('gavel resolve: the 004 Detective', () => {
  it('L7 "Детектив способен распознавать очернения … видит разницу между очернениями от стороны мафии, маньяка (якудзы) или от джокера"', async () => {
    const events = await resolved({
      rules: 'russian-004',
      night: 1,
      players: [...players, { name: 'Gleb', role: 'detective', faction: 'red' }],
      actions: [{ actor: 'Gleb', ability: 'track', targets: ['Anna'], sentAt: 1 }],
    });
    const toGleb = events.filter((e) => e.type === 'message' && e.to === 'Gleb').map((e) => e.result);
    expect(toGleb).toContainEqual({ to: 'Gleb', fact: 'blackening-seen', about: ['Anna'], value: 'mafia' });
  });

  it('L86 "Нельзя подменить информацию об очернении, если ее невозможно было получить из-за цветных чекеров" (forged.blackening)', async () => {
    const events = await resolved({
      rules: 'russian-004',
      night: 1,
      players: [...players, { name: 'Gleb', role: 'detective', secondRole: 'maniac', faction: 'maniac' }],
      actions: [
        { actor: 'Vera', ability: 'check', targets: ['Anna'], sentAt: 1 },
        { actor: 'Gleb', ability: 'track', targets: ['Anna'], sentAt: 2, forged: { value: [], blackening: null } },
      ],
    });
    expect(codes(events)).toContain('night/forged-blackening-impossible');
    expect(events.filter((e) => e.type === 'message' && e.to === 'Gleb').map((e) => e.result?.fact)).not.toContain('blackening-seen');
  });
});
