/**
 * A host who installs Gavel in the middle of a game, in the built extension,
 * in English and in Russian: the thread is on Day 2 already. The host tracks
 * it and creates the game; the game page offers "This thread is on Day 2:
 * start there?" first, with what Gavel read (the host's post that ended Day
 * 1, its hammer, Elm's lynch, Gorse's night kill); the host confirms; the
 * header says Day 2 with five alive, as the count does; the day's controls
 * come first; ending Day 2 offers its hammer first. Screenshots of each step:
 * test-results/screenshots/catch-up-<language>-<step>.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { dayTwoThread } from '../../scripts/forum-pages/demo-day-two';
import { pageUrl } from '../../scripts/forum-pages/phpbb';
import { askWorker, onForumThread, openPopup } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');

/** What the host reads, per language. */
const words = {
  en: {
    heading: 'This thread is on Day 2: start there?',
    started: 'Started by Gavel Host’s post #7: “Day 2 begins!”',
    day1End: 'Ended by Gavel Host’s post #6: “Day 1 is over.”',
    day1Hammer: 'Hammer: post #5, Fern’s vote on Elm.',
    before: '7 of 7 alive · Before the game',
    after: '5 of 7 alive · Day 2',
    summary: /^Day 2 · 5 alive · 3 to lynch/u,
    endHeading: 'End Day 2',
    fromHammer: 'Offered from the hammer: post #11.',
  },
  ru: {
    heading: 'В теме уже День 2: продолжить игру оттуда?',
    started: 'Начало: пост #7 от Gavel Host — «Day 2 begins!»',
    day1End: 'Конец: пост #6 от Gavel Host — «Day 1 is over.»',
    day1Hammer: 'Хаммер: пост #5 — Fern голосует против Elm.',
    before: 'в живых 7 из 7 · До начала игры',
    after: 'в живых 5 из 7 · День 2',
    summary: /^День 2 · живых: 5 · нужно голосов \(линч\): 3/u,
    endHeading: 'Завершить день 2',
    fromHammer: 'Предложено по хаммеру: пост #11.',
  },
} as const;

/** Whether `first` comes before `second` on the page. */
function before(page: Page, first: string, second: string): Promise<boolean> {
  return page.evaluate(
    ([a, b]) => {
      const x = document.querySelector(`[data-testid="${a}"]`);
      const y = document.querySelector(`[data-testid="${b}"]`);
      return x !== null && y !== null && (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    },
    [first, second] as const,
  );
}

describe.each(['en', 'ru'] as const)('catching up a game set up on Day 2 (%s)', (language) => {
  const say = words[language];
  const forum = onForumThread(dayTwoThread);
  const shot = (step: string): string => join(screenshots, `catch-up-${language}-${step}.png`);

  beforeAll(() => {
    mkdirSync(screenshots, { recursive: true });
  });

  it('offers Day 2 first, records it on confirmation, and then offers Day 2’s hammer first', async () => {
    const browser = forum.browser;
    if (language === 'ru') {
      const popup = await openPopup(browser);
      await popup.getByTestId('settings-language').selectOption('ru');
      await expect.poll(() => popup.locator('#games-heading').textContent()).toBe('Игры');
      await popup.close();
    }

    // The host tracks the thread; Gavel reads both of its pages.
    const tab = await browser.context.newPage();
    await tab.goto(pageUrl(dayTwoThread, 1));
    await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
    await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    const dashboard = await openPopup(browser, 'dashboard');
    const thread = { origin: new URL(tab.url()).origin, threadId: String(dayTwoThread.threadId) };
    await expect
      .poll(
        async () => {
          const reply = await askWorker(dashboard, 'thread/crawl-status', thread);
          return (reply.value as { status?: string } | null)?.status;
        },
        { timeout: 30_000 },
      )
      .toBe('done');

    // A new game on the thread: it starts before the game, and the thread is on Day 2.
    await dashboard.getByTestId('new-game').click();
    await expect
      .poll(() => dashboard.getByTestId('new-game-thread').locator('option:checked').innerText())
      .toContain(`${dayTwoThread.title} — `);
    await dashboard.getByTestId('new-game-preset').selectOption('forum-template-001');
    await dashboard.getByTestId('create-game').click();
    await dashboard.getByTestId('game-page').waitFor();
    const offer = dashboard.getByTestId('catch-up');
    await offer.waitFor({ timeout: 15_000 });
    expect(await dashboard.getByTestId('game-status').innerText()).toContain(say.before);
    expect(await dashboard.getByTestId('catch-up-heading').textContent()).toBe(say.heading);
    expect(await dashboard.getByTestId('catch-up-started').innerText()).toBe(say.started);
    expect(await dashboard.getByTestId('catch-up-day-1-end').innerText()).toBe(say.day1End);
    expect(await dashboard.getByTestId('catch-up-day-1-hammer').innerText()).toBe(say.day1Hammer);
    expect(await dashboard.getByTestId('catch-up-day-1-lynch').locator('option:checked').innerText()).toBe('Elm');
    expect(await dashboard.getByTestId('catch-up-night-1-deaths').locator('.gavel-names__name').allInnerTexts()).toEqual(['Gorse']);
    // The offer is the first of the day's controls, and they come before the breaches and the event log.
    expect(await dashboard.getByTestId('game-controls').evaluate((e) => e.firstElementChild?.getAttribute('data-testid'))).toBe('catch-up');
    expect(await before(dashboard, 'game-controls', 'breaches-panel')).toBe(true);
    expect(await before(dashboard, 'game-controls', 'event-log')).toBe(true);
    await dashboard.screenshot({ path: shot('1-offer'), fullPage: true });

    // Confirmed: the game is on Day 2, and the header and the count say the same day and the same number alive.
    await dashboard.getByTestId('catch-up-confirm').click();
    await offer.waitFor({ state: 'detached' });
    await expect.poll(() => dashboard.getByTestId('game-status').innerText()).toContain(say.after);
    await expect.poll(() => dashboard.getByTestId('day-summary').innerText(), { timeout: 15_000 }).toMatch(say.summary);
    expect(await dashboard.getByTestId('day-behind').count()).toBe(0);
    expect(await before(dashboard, 'day-panel', 'breaches-panel')).toBe(true);
    await dashboard.screenshot({ path: shot('2-day-2'), fullPage: true });

    // Ending Day 2: its hammer is offered first.
    const form = dashboard.getByTestId('day-end-form');
    expect(await form.locator('h3').innerText()).toBe(say.endHeading);
    const lynch = dashboard.getByTestId('day-end-lynch');
    expect(await lynch.locator('option:checked').innerText()).toBe('Fern');
    expect(await lynch.locator('option').nth(1).innerText()).toBe('Fern');
    expect(await form.innerText()).toContain(say.fromHammer);
    await form.screenshot({ path: shot('3-end-day-2') });
    await dashboard.close();
    await tab.close();
  });
});
