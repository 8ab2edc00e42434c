/** `gavel resolve` and `gavel rulesets` with the forum standard (issue 19): the Normal roles under Natural Action Resolution. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const dir = mkdtempSync(join(tmpdir(), 'gavel-nar-'));

function scenario(name: string, data: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

// A bus drive moves the mafia's kill; the Roleblocker stops the Vigilante; the Godfather checks town.
const narNight = {
  rules: 'forum-standard',
  seed: 1,
  night: 1,
  players: [
    { name: 'Don', role: 'godfather', faction: 'mafia' },
    { name: 'Bus', role: 'bus-driver' },
    { name: 'Vig', role: 'vigilante' },
    { name: 'Block', role: 'roleblocker' },
    { name: 'Cop', role: 'cop' },
    { name: 'Ann', role: 'vanilla' },
    { name: 'Bob', role: 'vanilla' },
  ],
  actions: [
    { actor: 'Don', ability: 'factional-kill', targets: ['Ann'], sentAt: 1 },
    { actor: 'Bus', ability: 'swap', targets: ['Ann', 'Bob'], sentAt: 2 },
    { actor: 'Vig', ability: 'shoot', targets: ['Don'], sentAt: 3 },
    { actor: 'Block', ability: 'block', targets: ['Vig'], sentAt: 4 },
    { actor: 'Cop', ability: 'investigate', targets: ['Don'], sentAt: 5 },
  ],
};

describe('gavel resolve with the forum standard', () => {
  it('resolves a NAR night: the swap moves the kill, the block stops the Vigilante, the Godfather checks town', async () => {
    const { code, out, err } = await run('resolve', scenario('nar.json', narNight), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const parsed = JSON.parse(out) as {
      rules: string;
      resolution: { events: { type: string; player?: string; to?: string; result?: { value?: unknown } }[] };
    };
    expect(parsed.rules).toBe('forum-standard');
    const events = parsed.resolution.events;
    expect(events.filter((e) => e.type === 'death').map((e) => e.player)).toEqual(['Bob']);
    expect(events.filter((e) => e.type === 'blocked').map((e) => e.player)).toEqual(['Vig']);
    expect(events.find((e) => e.type === 'message' && e.to === 'Cop')?.result?.value).toBe(false);
  });

  it('takes the short name "nar" too, and prints the chain of reasons', async () => {
    const { code, out } = await run('resolve', scenario('nar-short.json', { ...narNight, rules: 'nar' }));
    expect(code).toBe(0);
    expect(out).toMatch(/DEATH: Bob/);
  });
});

describe('gavel rulesets', () => {
  it('lists the forum standard and shows it as JSON', async () => {
    const list = await run('rulesets');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^forum-standard: /m);
    const shown = await run('rulesets', '--show', 'forum-standard');
    expect(shown.code).toBe(0);
    const ruleset = JSON.parse(shown.out) as { id: string; night: { order: string[] } };
    expect(ruleset.id).toBe('forum-standard');
    expect(ruleset.night.order).toEqual(['swap', 'redirect', 'block', 'jail', 'protect', 'kill', 'investigate', 'track']);
  });
});
