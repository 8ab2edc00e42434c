/**
 * The whole Open-setup game on the forum standard (issue 19), played by
 * `gavel play`: 13 players, 3 mafia, Natural Action Resolution, to the town's
 * win. The script's own `expect` lines check lynches, deaths and the winner;
 * here we check that it plays clean and what the host's posts and messages say.
 */
import { describe, expect, it } from 'vitest';
import { runGavel as run } from './run-gavel';

const script = 'test/engine/scenarios/scripts/forum-standard-open.game';

describe('gavel play: the forum-standard Open game', () => {
  it('plays to the town’s win with every expectation holding', async () => {
    const { code, out, err } = await run('play', script);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('Winner: town [win/mafia-gone]');
    expect(out).toMatch(/Expectations: (\d+) of \1 hold/);
    // The host's night lines: the roleblock on the Watcher, the Bodyguard's charge and the vest, the spent one-shot jail.
    expect(out).toContain("night: Wat's watch was blocked by Rex");
    expect(out).toContain('night: Doc survived: Doc was attacked but not killed');
    expect(out).toContain('night: Pat survived: Pat was attacked but not killed');
    expect(out).toContain('refused (line 96): Jay: action/uses-exhausted');
  });

  it('--posts: each day-start post names the dead with role and faction (modified roles by their full name)', async () => {
    const { code, out } = await run('play', script, '--posts');
    expect(code).toBe(0);
    const dayStart = (n: number): string => {
      const from = out.indexOf(`[b]Day ${String(n)} begins.[/b]`);
      expect(from).toBeGreaterThanOrEqual(0);
      return out.slice(from, out.indexOf('--', from));
    };
    // Night 1: the macho Cop was not saved by the Doctor.
    expect(dayStart(2)).toContain('[b]Cole[/b] has died (killed at night). Macho Cop, Town');
    // Night 2: the Vigilante's shot on the Ninja, the Bodyguard dying in the Doctor's place.
    expect(dayStart(3)).toContain('[b]Nix[/b] has died (killed at night). Ninja, Mafia');
    expect(dayStart(3)).toContain('[b]Bo[/b] has died (killed at night). Bodyguard, Town');
    expect(dayStart(3)).not.toContain('[b]Doc[/b] has died');
    // The lynched are named with role and faction the same way at night's start.
    expect(out).toContain('[b]Rex[/b] has died (lynch). Untrackable Roleblocker, Mafia');
    // The Godfather's death ends the game in the final post.
    expect(out).toContain('[b]Don[/b] has died (killed at night). Godfather, Mafia');
  });

  it('--posts: the private results NAR gives (Godfather reads town, the Ninja is unseen, the Watcher sees both visitors)', async () => {
    const { out } = await run('play', script, '--posts');
    expect(out).toContain('-- private to Cole --\nYour investigation of Don: Town.');
    expect(out).toContain('-- private to Tra --\nNix stayed home.');
    expect(out).toContain('-- private to Wat --\nDoc was visited by Bo, Don.');
  });
});
