/**
 * Gavel in Russian, in the built extension: the host picks Russian in the
 * popup's Settings, the popup speaks Russian from then on, and so does the
 * panel on the forum's thread page (its words come from the worker).
 * Chromium itself reads the same `_locales` catalogs.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { panelText } from '../../scripts/browser/demo-forum';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl } from '../../scripts/forum-pages/phpbb';
import { onDemoForum, openPopup } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');

const demo = onDemoForum();

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

describe('Gavel in Russian', () => {
  it('reads its catalogs the way Chromium does', async () => {
    const popup = await openPopup(demo.browser);
    const fromChromium = await popup.evaluate(() => {
      const i18n = (
        globalThis as unknown as { chrome: { i18n: { getMessage(key: string, subs?: string[]): string; getUILanguage(): string } } }
      ).chrome.i18n;
      return {
        ui: i18n.getUILanguage(),
        name: i18n.getMessage('ext_name'),
        alive: i18n.getMessage('common_alive_of', ['7', '9']),
        posts: i18n.getMessage('popup_thread_posts_other', ['13', '2 pages']),
      };
    });
    // Chromium speaks English here, so the popup does too while the setting is automatic.
    expect(fromChromium.ui).toMatch(/^en/);
    expect(fromChromium).toMatchObject({ name: 'Gavel', alive: '7 of 9 alive', posts: '13 posts on 2 pages' });
    expect(await popup.locator('#games-heading').textContent()).toBe('Games');
    await popup.close();
  });

  it('switches the popup and the thread panel to Russian from Settings', async () => {
    let popup = await openPopup(demo.browser);
    const language = popup.getByTestId('settings-language');
    await expect.poll(() => language.inputValue()).toBe('auto');
    await language.selectOption('ru');
    await expect.poll(() => popup.locator('#games-heading').textContent()).toBe('Игры');
    await popup.close();

    // Opened again, the popup remembers the choice.
    popup = await openPopup(demo.browser);
    await expect.poll(() => popup.locator('#games-heading').textContent(), { timeout: 10_000 }).toBe('Игры');
    expect(await popup.getByTestId('new-game').innerText()).toBe('Новая игра');
    expect(await popup.getByTestId('popup-root').getAttribute('lang')).toBe('ru');
    await popup.screenshot({ path: join(screenshots, 'popup-ru.png') });
    await popup.close();

    // The thread page: the Track button and the panel in Russian.
    const thread = await demo.browser.context.newPage();
    const errors: string[] = [];
    thread.on('pageerror', (e) => errors.push(e.message));
    await thread.goto(pageUrl(demoThread, 1));
    const track = thread.getByTestId('gavel-track');
    await track.waitFor({ timeout: 15_000 });
    expect(await track.innerText()).toBe('Отслеживать эту игру в Gavel');
    await track.click();
    await expect.poll(() => panelText(thread), { timeout: 15_000 }).toMatch(/8 постов на этой странице/);
    await expect.poll(() => panelText(thread), { timeout: 20_000 }).toMatch(/День 1/);
    // The badge rows are drawn in the page's idle moments, a chunk at a time, just after the panel.
    await expect.poll(() => thread.getByTestId('gavel-count-as-of').count(), { timeout: 15_000 }).toBe(8);
    const badges = await thread.getByTestId('gavel-count-as-of').allInnerTexts();
    expect(new Set(badges)).toEqual(new Set(['подсчёт на этот пост']));
    // Why a vote was not counted, and the breaches, are in Russian too: Dandelion's quoted vote, Hazel's edit.
    await expect.poll(() => panelText(thread), { timeout: 15_000 }).toContain('“Vote: Bluebell”: внутри цитаты');
    // (The list is folded when it is long: its text is read whole.)
    // No game is set up: no rule is judged; Hazel's edit is listed, its moment in Russian.
    const breaches = await thread.getByTestId('gavel-breaches').textContent();
    expect(breaches).toContain('Для этой темы не создана игра');
    expect(breaches).toMatch(/Hazel\s*Пост отредактирован 20 нояб\. 2026 г\./);
    expect(breaches).not.toMatch(/модкилл/);
    expect((await thread.getByTestId('gavel-badge').allInnerTexts()).join('\n')).toContain('внутри цитаты');
    expect(errors).toEqual([]);
    await thread.screenshot({ path: join(screenshots, 'panel-ru.png') });
    await thread.close();
  });
});
