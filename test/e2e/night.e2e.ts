/**
 * A host runs a night in the built extension: a game on the demo thread with a
 * goon, a doctor and a cop; the Day 1 count from the thread; Night 1 with the
 * three role PMs entered in the popup; the resolution read with its reasons;
 * applied; and the Day 2 start post copied for the thread.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const output = join(repoRoot, 'test-output');
const screenshots = join(repoRoot, 'test-results', 'screenshots');

const demo = onDemoForum();

beforeAll(() => {
  mkdirSync(output, { recursive: true });
  mkdirSync(screenshots, { recursive: true });
});

async function setRole(popup: Page, row: number, faction: string, role: string): Promise<void> {
  await popup.getByTestId('player-faction').nth(row).selectOption(faction);
  await popup.getByTestId('player-role').nth(row).selectOption(role);
}

async function enterAction(popup: Page, actor: string, target: string): Promise<void> {
  const before = await popup.getByTestId('night-action').count();
  await popup.getByTestId('night-actor').selectOption({ label: actor });
  await popup.getByTestId('night-target-0').selectOption({ label: target });
  await popup.getByTestId('night-pm-time').fill('2026-11-21 22:15');
  await popup.getByTestId('night-add-action').click();
  await expect.poll(() => popup.getByTestId('night-action').count()).toBe(before + 1);
}

describe('the night in the popup, in Chromium', () => {
  it('takes three role PMs, resolves Night 1 with its reasons, applies it, and copies the Day 2 start post', async () => {
    const thread = await trackDemoThread(demo.browser);

    const popup = await openPopup(demo.browser);
    await popup.getByTestId('new-game').click();
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();

    // Alpha_Wolf is the goon, Bluebell the doctor, Corvid the cop.
    await setRole(popup, 0, 'mafia', 'goon');
    await setRole(popup, 1, 'town', 'doctor');
    await setRole(popup, 2, 'town', 'cop');
    await popup.getByTestId('save-setup').click();
    await popup.getByTestId('save-bar').waitFor({ state: 'detached' });

    // Day 1: the count of the thread, hammered on Corvid.
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await popup.getByTestId('day-panel').waitFor();
    await expect.poll(() => popup.getByTestId('day-wagons').innerText(), { timeout: 10_000 }).toContain('Corvid (5)');
    expect(await popup.getByTestId('day-panel').innerText()).toContain('Not voting (2): Ember, Ironwood');
    await popup.screenshot({ path: join(output, 'night-day1-popup.png'), fullPage: true });

    // Night 1 begins (the host skips the lynch here: the night is what is tested).
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await popup.getByTestId('night-panel').waitFor();
    await expect.poll(() => popup.getByTestId('night-waiting').innerText()).toContain('Not sent yet: Alpha_Wolf');

    await enterAction(popup, 'Alpha_Wolf', 'Ember');
    await enterAction(popup, 'Bluebell', 'Ember');
    await enterAction(popup, 'Corvid', 'Alpha_Wolf');
    expect(await popup.getByTestId('night-waiting').innerText()).toBe('Every player with a night ability has sent an action.');

    await popup.getByTestId('night-resolve').click();
    await popup.getByTestId('night-resolution').waitFor();
    const outcomes = await popup.getByTestId('night-outcome').allInnerTexts();
    const saved = outcomes.find((t) => t.startsWith('Ember was not killed'));
    expect(saved).toContain('Bluebell (Doctor) protected Ember');
    expect(outcomes.some((t) => t.startsWith('Message to Corvid:'))).toBe(true);
    await popup.screenshot({ path: join(output, 'night-resolved-popup.png'), fullPage: true });

    await popup.getByTestId('night-apply').click();
    await popup.getByTestId('night-posts').waitFor();
    const dayStart = await popup.getByTestId('post-day-start').locator('pre').innerText();
    expect(dayStart).toContain('Day 2');
    expect(dayStart).toContain('Nobody died.');
    expect(await popup.getByTestId('post-pm-0').innerText()).toContain('PM to Corvid');
    await popup.getByTestId('copy-day-start').click();
    await expect.poll(() => popup.getByTestId('copy-day-start').innerText()).toBe('Copied ✓');
    // What the clipboard holds, pasted where a host would paste it: a reply box.
    const reply = await demo.browser.context.newPage();
    await reply.setContent('<textarea id="reply"></textarea>');
    await reply.locator('#reply').focus();
    await reply.keyboard.press('ControlOrMeta+V');
    expect(await reply.locator('#reply').inputValue()).toBe(dayStart);
    await reply.close();
    expect(await popup.getByTestId('log-lines').innerText()).toContain('Day 2 begins');
    await popup.screenshot({ path: join(output, 'night-applied-popup.png'), fullPage: true });
    await popup.close();

    // The same game in the dashboard on Day 2.
    const dashboard = await openPopup(demo.browser, 'dashboard');
    await dashboard.getByTestId('game-item').first().click();
    await dashboard.getByTestId('game-page').waitFor();
    await dashboard.getByTestId('day-panel').waitFor();
    // The popup was closed: the night's posts are still there to copy.
    expect(await dashboard.getByTestId('post-day-start').locator('pre').innerText()).toBe(dayStart);
    await dashboard.screenshot({ path: join(output, 'night-dashboard.png'), fullPage: true });
    await dashboard.close();
    await thread.close();
  });
});

describe('the night in the popup, in Russian, in Chromium', () => {
  const russian = onDemoForum();

  it('a Russian host enters the role PMs, reads the resolution with its reasons in Russian, and applies it', async () => {
    const thread = await trackDemoThread(russian.browser);
    const popup = await openPopup(russian.browser);
    expect((await askWorker(popup, 'settings/set', { language: 'ru' })).ok).toBe(true);
    await popup.reload();
    await expect.poll(() => popup.locator('#games-heading').textContent(), { timeout: 10_000 }).toBe('Игры');
    await popup.getByTestId('new-game').click();
    await popup.getByTestId('new-game-preset').selectOption('forum-template-001');
    await popup.getByTestId('create-game').click();
    await popup.getByTestId('game-page').waitFor();
    await setRole(popup, 0, 'mafia', 'goon');
    await setRole(popup, 1, 'town', 'doctor');
    await setRole(popup, 2, 'town', 'cop');
    await popup.getByTestId('save-setup').click();
    await popup.getByTestId('save-bar').waitFor({ state: 'detached' });

    // Day 1, then Night 1.
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await popup.getByTestId('day-panel').waitFor();
    await popup.getByTestId('event-kind').selectOption('phase-start');
    await popup.getByTestId('record-event').click();
    await popup.getByTestId('night-panel').waitFor();
    await expect.poll(() => popup.getByTestId('night-waiting').innerText()).toContain('Ещё не прислали:');
    await popup.screenshot({ path: join(screenshots, 'night-ru-waiting.png'), fullPage: true });

    await enterAction(popup, 'Alpha_Wolf', 'Ember');
    await enterAction(popup, 'Bluebell', 'Ember');
    await enterAction(popup, 'Corvid', 'Alpha_Wolf');
    await popup.getByTestId('night-resolve').click();
    await popup.getByTestId('night-resolution').waitFor();
    const outcomes = await popup.getByTestId('night-outcome').allInnerTexts();
    const saved = outcomes.find((t) => t.startsWith('Ember остаётся в живых'));
    expect(saved).toContain('Игрок Bluebell');
    expect(saved).toContain('защитил игрока Ember');
    expect(outcomes.some((t) => t.startsWith('Сообщение для Corvid:'))).toBe(true);
    const resolution = await popup.getByTestId('night-resolution').innerText();
    expect(resolution).toContain('Ночь разрешена');
    expect(resolution).not.toMatch(/\(\d{3}\)|зерно|engine_|night\//);
    await popup.screenshot({ path: join(screenshots, 'night-ru-resolved.png'), fullPage: true });

    await popup.getByTestId('night-apply').click();
    await popup.getByTestId('night-posts').waitFor();
    expect(await popup.getByTestId('log-lines').innerText()).toContain('Начало: День 2');
    await popup.screenshot({ path: join(screenshots, 'night-ru-applied.png'), fullPage: true });
    await popup.close();
    await thread.close();
  });
});
