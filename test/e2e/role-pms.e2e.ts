/**
 * The role PMs in the built extension (issue 19): a host sets a game up on the
 * demo thread, enters the roles, and the game page shows one PM per player to
 * copy (the mafia told each other, the town told nobody), lists the player
 * whose role is not entered, and writes them again in Russian when the game's
 * post language changes.
 */
import { describe, expect, it } from 'vitest';
import { demoPlayers } from '../../scripts/forum-pages/demo-thread';
import type { GameRecord } from '../../extension/storage/schema';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const demo = onDemoForum();

describe('role PMs on the game page, in Chromium', () => {
  it('shows a copyable PM per player, in the game’s post language', async () => {
    await trackDemoThread(demo.browser);
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await dashboard.getByTestId('new-game').click();
    await dashboard.getByTestId('new-game-preset').selectOption('forum-template-001');
    await dashboard.getByTestId('create-game').click();
    await dashboard.getByTestId('game-page').waitFor();

    // The roles, as the host enters them: two mafia, a cop, vanilla town; the last player's role is not entered yet.
    const [listed] = (await askWorker(dashboard, 'game/list', {})).value as readonly { readonly id: string }[];
    const game = (await askWorker(dashboard, 'game/get', { id: listed?.id ?? '' })).value as GameRecord;
    const [wolf, second, third] = demoPlayers;
    const last = demoPlayers[demoPlayers.length - 1];
    const role = (name: string): { faction: string; role: string } =>
      name === wolf || name === second
        ? { faction: 'mafia', role: 'goon' }
        : name === third
          ? { faction: 'town', role: 'cop' }
          : name === last
            ? { faction: '?', role: '?' }
            : { faction: 'town', role: 'vanilla' };
    const updated = await askWorker(dashboard, 'game/update', {
      id: game.id,
      patch: { players: game.players.map((p) => ({ ...p, ...role(p.name) })) },
    });
    expect(updated.ok).toBe(true);
    await dashboard.reload();
    const section = dashboard.getByTestId('role-pms');
    await section.waitFor({ timeout: 15_000 });

    const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? '';
    const pm = (name: string) => dashboard.getByTestId(`post-role-pm-${slot(name)}`).locator('pre');
    await expect.poll(() => section.locator('.gavel-copyable').count()).toBe(demoPlayers.length - 1);
    expect(await dashboard.getByTestId('role-pms-gaps').innerText()).toBe(`No PM for ${last ?? ''} yet: the role or side is not entered.`);
    const wolfPm = await pm(wolf ?? '').innerText();
    expect(wolfPm).toContain(`Hello, [b]${wolf ?? ''}[/b]!`);
    expect(wolfPm).toContain(`[b]Your team (Mafia)[/b]\n${second ?? ''}: Mafia Goon`);
    const copPm = await pm(third ?? '').innerText();
    expect(copPm).toContain('Your role: [b]Cop[/b]');
    expect(copPm).not.toContain(wolf ?? '');
    expect(copPm).not.toContain('Your team');

    await dashboard.getByTestId(`copy-role-pm-${slot(third ?? '')}`).click();
    await expect.poll(() => dashboard.getByTestId(`copy-role-pm-${slot(third ?? '')}`).innerText()).toBe('Copied ✓');

    // The game's posts in Russian: the PMs follow at once.
    await dashboard.getByTestId('game-post-language').selectOption('ru');
    await expect.poll(() => pm(third ?? '').innerText()).toContain('Ваша роль: [b]Комиссар[/b]');
    expect(await pm(wolf ?? '').innerText()).toContain('[b]Ваша команда (Мафия)[/b]');
  });
});
