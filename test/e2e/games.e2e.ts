/**
 * A host sets up a game in the built extension: tracks the demo thread,
 * creates a game from it in the popup with the forum template and the roster
 * from the opening post, adds an alias, marks a death, finds it all again
 * after closing the popup, and takes the game out to a file and back in.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { demoHost, demoPlayers } from '../../scripts/forum-pages/demo-thread';
import { onDemoForum, openPopup, trackDemoThread } from './host-steps';

const output = join(repoRoot, 'test-output');

const demo = onDemoForum();

beforeAll(() => {
  mkdirSync(output, { recursive: true });
});

/** The game file the popup downloads, as text. */
async function exportFile(popup: Page): Promise<string> {
  const download = popup.waitForEvent('download');
  await popup.getByTestId('export-game').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^gavel-Mini-2187-Gavel-Demo-Mafia-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await file.path();
  return readFile(path, 'utf8');
}

function withoutExportTime(json: string): unknown {
  const { exportedAt: _time, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return rest;
}

describe('games in the popup, in Chromium', () => {
  it('creates a game from a tracked thread, keeps it across reopening, and exports and imports it unchanged', async () => {
    // The host opens the thread and tracks it from the page.
    const thread = await trackDemoThread(demo.browser);

    // New game: the tracked thread, the forum template, the roster from the opening post.
    let popup = await openPopup(demo.browser);
    await popup.getByTestId('new-game').click();
    await expect
      .poll(() => popup.getByTestId('new-game-thread').locator('option:checked').innerText())
      .toMatch(/^Mini 2187: Gavel Demo Mafia — /);
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    expect(await popup.getByTestId('roster-from-post').isChecked()).toBe(true);
    await popup.screenshot({ path: join(output, 'games-new.png') });
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    expect(await popup.getByTestId('roster-source').innerText()).toBe(`Roster read from the player list in post #0. Hosts: ${demoHost}.`);
    expect(await popup.locator('.gavel-player__name').allInnerTexts()).toEqual([...demoPlayers]);

    // An alias for Alpha_Wolf, saved.
    await popup.getByTestId('player-aliases').first().fill('Wolf, AW');
    await popup.getByTestId('player-aliases').first().press('Tab');
    await popup.getByTestId('save-setup').click();
    await popup.getByTestId('save-bar').waitFor({ state: 'detached' });

    // Day 1 begins; Corvid is lynched.
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await expect.poll(() => popup.getByTestId('log-lines').innerText()).toContain('Day 1 begins');
    await popup.getByTestId('event-kind').selectOption('death');
    await popup.getByTestId('event-player').selectOption({ label: 'Corvid' });
    await popup.getByTestId('event-detail').fill('lynched');
    await popup.getByTestId('record-event').click();
    await expect.poll(() => popup.getByTestId('log-lines').innerText()).toContain('Corvid dies (lynched)');
    expect(await popup.getByTestId('game-page').innerText()).toContain('8 of 9 alive');
    await popup.screenshot({ path: join(output, 'games-popup.png') });
    await popup.screenshot({ path: join(output, 'games-popup-full.png'), fullPage: true });
    await popup.close();

    // Closed and opened again: it is all there.
    popup = await openPopup(demo.browser);
    await expect.poll(() => popup.getByTestId('game-list').innerText()).toContain('Mini 2187: Gavel Demo Mafia');
    expect(await popup.getByTestId('game-list').innerText()).toContain('8 of 9 alive');
    await popup.screenshot({ path: join(output, 'games-list.png'), fullPage: true });
    await popup.getByTestId('game-item').first().click();
    await popup.getByTestId('game-page').waitFor();
    expect(await popup.getByTestId('player-aliases').first().inputValue()).toBe('Wolf, AW');
    expect(await popup.getByTestId('log-lines').innerText()).toContain('Corvid dies (lynched)');

    // Out to a file and back in over the same game.
    const file = await exportFile(popup);
    const parsed = JSON.parse(file) as {
      format: string;
      game: { roster: { slots: { aliases?: string[] }[] } };
      thread: { posts: unknown[] };
    };
    expect(parsed.format).toBe('gavel-game');
    expect(parsed.game.roster.slots[0]?.aliases).toEqual(['Wolf', 'AW']);
    expect(parsed.thread.posts.length).toBeGreaterThanOrEqual(8);
    await popup.getByTestId('back-to-games').click();
    await popup
      .getByTestId('import-file')
      .setInputFiles({ name: 'mini-2187.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await expect.poll(() => popup.getByTestId('games-problem').innerText()).toContain('is already in Gavel: choose to replace it');
    await popup.getByTestId('import-replace').check();
    await popup
      .getByTestId('import-file')
      .setInputFiles({ name: 'mini-2187.json', mimeType: 'application/json', buffer: Buffer.from(file) });
    await popup.getByTestId('game-page').waitFor();
    expect(await popup.getByTestId('log-lines').innerText()).toContain('Corvid dies (lynched)');
    expect(withoutExportTime(await exportFile(popup))).toEqual(withoutExportTime(file));

    // A file that is not a game is refused in words.
    await popup.getByTestId('back-to-games').click();
    await popup
      .getByTestId('import-file')
      .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"shopping": ["milk"]}') });
    await expect
      .poll(() => popup.getByTestId('games-problem').innerText())
      .toBe('This is not a Gavel game file: it has no “format”: “gavel-game”');
    await popup.close();

    // The same game in the dashboard, with room for the roster beside the log.
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await dashboard.getByTestId('game-item').first().click();
    await dashboard.getByTestId('game-page').waitFor();
    await dashboard.screenshot({ path: join(output, 'games-dashboard.png'), fullPage: true });
    // What a host sees while laying out a schedule and opening a player's details (not saved).
    await dashboard.getByTestId('game-clock').check();
    await dashboard.getByTestId('clock-first-date').fill('2026-11-20');
    await dashboard.locator('.gavel-player__toggle').first().click();
    await dashboard.getByTestId('game-time-zone').fill('Europe/Londn');
    await dashboard.getByTestId('save-bar').waitFor();
    expect(await dashboard.getByTestId('save-bar').innerText()).toContain('"Europe/Londn" is not a time zone name');
    await dashboard.screenshot({ path: join(output, 'games-dashboard-editing.png'), fullPage: true });
    await dashboard.close();
    await thread.close();
  });
});
