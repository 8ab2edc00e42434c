/**
 * A host closes the browser in the middle of a game and opens it again the
 * next day on the same profile: the tracked thread, its posts, its count and
 * the game set up in the popup are all still there, with nothing to redo.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes } from '../../scripts/browser/demo-forum';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl } from '../../scripts/forum-pages/phpbb';
import { openPopup, trackDemoThread } from './host-steps';

let forum: LocalForum;
let profileDir: string;
let browser: ExtensionBrowser | undefined;

beforeAll(async () => {
  forum = await startLocalForum(demoRoutes(demoThread));
  profileDir = mkdtempSync(join(tmpdir(), 'gavel-restart-'));
});

afterAll(async () => {
  await browser?.close();
  await forum?.close();
  rmSync(profileDir, { recursive: true, force: true });
});

const launch = (): Promise<ExtensionBrowser> => launchWithExtension({ forum, forumHosts: [demoThread.forumHost], profileDir });

describe('a browser restart, in Chromium', () => {
  it('keeps the tracked thread, its count and the game with its log', async () => {
    browser = await launch();
    const thread = await trackDemoThread(browser);
    // Gavel reads page 2 itself; the count ends with the hammer on Corvid.
    await expect.poll(() => thread.getByTestId('gavel-panel').innerText(), { timeout: 20_000 }).toContain('Corvid hammered');

    const popup = await openPopup(browser);
    await popup.getByTestId('new-game').click();
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await popup.getByTestId('event-kind').selectOption('death');
    await popup.getByTestId('event-player').selectOption({ label: 'Corvid' });
    await popup.getByTestId('event-detail').fill('lynched');
    await popup.getByTestId('record-event').click();
    await expect.poll(() => popup.getByTestId('log-lines').innerText()).toContain('Corvid dies (lynched)');
    const extensionId = browser.extensionId;

    // The host closes the browser; the profile stays.
    await browser.close();
    browser = await launch();
    expect(browser.extensionId).toBe(extensionId);

    // The thread is still tracked: the panel shows the count at once, with no Track button.
    const again = await browser.context.newPage();
    await again.goto(pageUrl(demoThread, 2));
    await expect.poll(() => again.getByTestId('gavel-panel').innerText(), { timeout: 20_000 }).toContain('Corvid hammered');
    expect(await again.getByTestId('gavel-track').count()).toBe(0);
    expect(await again.getByTestId('gavel-panel').innerText()).toContain('13 posts stored from 2 pages');

    // The game, its roster and its log are in the popup as they were left.
    const reopened = await openPopup(browser);
    await expect.poll(() => reopened.getByTestId('game-list').innerText()).toContain('Mini 2187: Gavel Demo Mafia');
    expect(await reopened.getByTestId('game-list').innerText()).toContain('8 of 9 alive');
    await reopened.getByTestId('game-item').first().click();
    await reopened.getByTestId('game-page').waitFor();
    expect(await reopened.getByTestId('log-lines').innerText()).toContain('Day 1 begins');
    expect(await reopened.getByTestId('log-lines').innerText()).toContain('Corvid dies (lynched)');
  });
});
