/**
 * A forum-standard game set up in the built extension's popup (issue 19): the
 * host picks the rules, enters a macho Doctor and a one-shot Vigilante in the
 * roster rows with the modifier boxes and the uses field, saves, and the Role
 * PMs section tells each of them his modifiers.
 */
import { describe, expect, it } from 'vitest';
import { demoPlayers } from '../../scripts/forum-pages/demo-thread';
import type { GameRecord } from '../../extension/storage/schema';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const demo = onDemoForum();

describe('a forum-standard setup with modifiers, in Chromium', () => {
  it('saves a macho Doctor and a one-shot Vigilante, and their role PMs show the modifiers', async () => {
    await trackDemoThread(demo.browser);
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await dashboard.getByTestId('new-game').click();
    await dashboard.getByTestId('new-game-preset').selectOption('forum-standard');
    await dashboard.getByTestId('create-game').click();
    await dashboard.getByTestId('game-page').waitFor();

    const [doctor = '', vigilante = ''] = demoPlayers;
    const row = (name: string) =>
      dashboard.getByTestId('player-row').filter({ has: dashboard.locator('.gavel-player__name', { hasText: name }) });
    for (const [name, role] of [
      [doctor, 'doctor'],
      [vigilante, 'vigilante'],
    ] as const) {
      await row(name).getByTestId('player-faction').selectOption('town');
      await row(name).getByTestId('player-role').selectOption(role);
      await row(name).locator('.gavel-player__toggle').click();
    }
    await row(doctor).locator('[data-testid="player-modifier"][data-modifier="macho"]').check();
    await row(vigilante).getByTestId('player-shots').fill('1');
    await row(vigilante).getByTestId('player-shots').press('Tab');
    await dashboard.getByTestId('save-setup').click();

    const [listed] = (await askWorker(dashboard, 'game/list', {})).value as readonly { readonly id: string }[];
    await expect
      .poll(async () => {
        const game = (await askWorker(dashboard, 'game/get', { id: listed?.id ?? '' })).value as GameRecord;
        return game.players.slice(0, 2).map((p) => p.role);
      })
      .toEqual(['macho doctor', 'one-shot vigilante']);
    const game = (await askWorker(dashboard, 'game/get', { id: listed?.id ?? '' })).value as GameRecord;
    const slot = (name: string): string => game.players.find((p) => p.name === name)?.slotId ?? '';
    const pm = (name: string) => dashboard.getByTestId(`post-role-pm-${slot(name)}`).locator('pre');
    await dashboard.getByTestId('role-pms').waitFor({ timeout: 15_000 });
    await expect.poll(() => pm(doctor).innerText()).toContain('Your role: [b]Macho Doctor[/b]');
    expect(await pm(doctor).innerText()).toContain('[b]Modifiers[/b]\n• Macho: you cannot be protected');
    const vig = await pm(vigilante).innerText();
    expect(vig).toContain('Your role: [b]One-shot Vigilante[/b]');
    expect(vig).toContain('[b]Modifiers[/b]\n• One-shot: each ability once a game');
    expect(vig).toMatch(/• [^\n]*: at night, once a game/u);
  });
});
