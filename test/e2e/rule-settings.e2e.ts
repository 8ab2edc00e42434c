/**
 * The settings a seed leaves open, set in the built extension's dashboard: the host of a 004 game reads that the
 * Anonymous is not passed a killer's "your victim's team" (L17, Gavel's reading), picks the other reading in the setup,
 * saves, and the worker stores it in the game's rules; a reload shows it.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../extension/storage/schema';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const demo = onDemoForum();
const setting = 'night.settings.forwardsVictimTeam';

describe('settings the rules leave open, in Chromium', () => {
  it('a 004 setting changed in the setup is stored in the game’s rules and shown after a reload', async () => {
    await trackDemoThread(demo.browser);
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await dashboard.getByTestId('new-game').click();
    await dashboard.getByTestId('new-game-preset').selectOption('russian-004');
    await dashboard.getByTestId('create-game').click();
    await dashboard.getByTestId('game-page').waitFor();

    const row = dashboard.locator(`[data-testid="rule-setting"][data-setting="${setting}"]`);
    const control = row.getByTestId('rule-setting-value');
    // The control is named by its question, as a screen reader reads it.
    await expect.poll(() => control.getAttribute('aria-labelledby')).toBeTruthy();
    expect(await dashboard.locator(`#${(await control.getAttribute('aria-labelledby')) ?? ''}`).innerText()).toContain(
      'general information',
    );
    expect(await control.inputValue()).toBe('no');
    expect(await row.getByTestId('rule-setting-now').innerText()).toBe('Now: no, the default.');

    await control.focus();
    await control.selectOption('yes');
    await expect.poll(() => row.getAttribute('data-changed')).toBe('yes');
    await dashboard.getByTestId('save-setup').click();

    const [listed] = (await askWorker(dashboard, 'game/list', {})).value as readonly { readonly id: string }[];
    await expect
      .poll(async () => {
        const game = (await askWorker(dashboard, 'game/get', { id: listed?.id ?? '' })).value as GameRecord;
        return game.ruleset.data.night?.settings?.forwardsVictimTeam;
      })
      .toBe('yes');

    await dashboard.reload();
    await dashboard.getByTestId('game-page').waitFor();
    const again = dashboard.locator(`[data-testid="rule-setting"][data-setting="${setting}"]`);
    await expect.poll(() => again.getByTestId('rule-setting-value').inputValue()).toBe('yes');
    expect(await again.getByTestId('rule-setting-now').innerText()).toBe('Now: yes (the default is no).');
  });
});
