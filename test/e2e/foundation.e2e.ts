/**
 * The built extension in a real Chromium: the content script reads a forum
 * thread and shows its panel, the popup opens by the extension id and keeps a
 * setting across being closed and reopened, and the worker answers messages.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, repoRoot } from '../../scripts/browser/harness';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { pageUrl, renderPage } from '../../scripts/forum-pages/phpbb';
import { panelText } from '../../scripts/browser/demo-forum';
import { onDemoForum } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');

const demo = onDemoForum();

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

async function openThreadPage(n: number): Promise<Page> {
  const page = await demo.browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pageUrl(demoThread, n));
  await page.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });
  expect(errors).toEqual([]);
  return page;
}

describe('Gavel in Chromium', () => {
  it('serves the demo thread pages it is tested on', () => {
    expect(renderPage(demoThread, 1)).toContain('Gavel Demo Mafia');
  });

  it('runs the content script on a thread page, offers to track it, and shows its panel without touching the forum', async () => {
    const page = await openThreadPage(1);
    const postsBefore = await page.locator('div.post').count();
    expect(postsBefore).toBe(8);
    const textBefore = await page.locator('div.post').allInnerTexts();
    // A thread Gavel does not track yet gets one small button and no count.
    const track = page.getByTestId('gavel-track');
    await track.waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('gavel-panel').count()).toBe(0);
    await track.click();
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/8 posts on this page/);
    const text = await panelText(page);
    expect(text).toContain('phpBB');
    expect(text).toContain('Mini 2187: Gavel Demo Mafia');
    // The forum's own posts are unchanged: Gavel adds its panel's host and one badge row before each post.
    expect(await page.locator('div.post').count()).toBe(postsBefore);
    expect(await page.locator('div.post').allInnerTexts()).toEqual(textBefore);
    expect(await page.locator('body > #gavel-extension-root').count()).toBe(1);
    await expect.poll(() => page.locator('[data-gavel-badges] + div.post').count(), { timeout: 15_000 }).toBe(postsBefore);
    await page.screenshot({ path: join(screenshots, 'panel-page-1.png') });
    await page.close();
  });

  it('counts the votes of every page it has read', async () => {
    const page = await openThreadPage(2);
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/13 posts stored/);
    // The count comes a moment after the stored posts are reported ("Counting…").
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/Corvid\s*5/);
    const text = await panelText(page);
    expect(text).toMatch(/hammer/i);
    await page.screenshot({ path: join(screenshots, 'panel-page-2.png') });
    await page.close();
  });

  it('opens the popup by the extension id, and a setting survives closing and reopening it', async () => {
    let popup = await demo.browser.openExtensionPage('extension/popup/index.html');
    await popup.setViewportSize({ width: 400, height: 560 });
    await popup.getByTestId('popup-root').waitFor();
    // Readable text: Chromium's own stylesheet shrinks an extension page's body to 75% unless the popup sets its size.
    expect(await popup.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('13px');
    await expect.poll(() => popup.getByTestId('thread-list').innerText()).toContain('Mini 2187: Gavel Demo Mafia');
    const select = popup.getByTestId('output-dialect');
    await expect.poll(() => select.inputValue()).toBe('bbcode');
    await select.selectOption('markdown');
    await expect.poll(() => select.inputValue()).toBe('markdown');
    await popup.screenshot({ path: join(screenshots, 'popup.png') });
    await popup.close();

    popup = await demo.browser.openExtensionPage('extension/popup/index.html');
    await expect.poll(() => popup.getByTestId('output-dialect').inputValue(), { timeout: 10_000 }).toBe('markdown');
    await popup.close();
  });

  it('has a service worker that answers a message', async () => {
    const page = await demo.browser.openExtensionPage('extension/popup/index.html');
    const reply = await page.evaluate(() => {
      const runtime = (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime;
      return runtime.sendMessage({ gavel: 1, type: 'worker/ping', payload: {} });
    });
    expect(reply).toEqual({ ok: true, value: { pong: true, version: '0.1.0' } });
    await page.close();
  });

  it('exposes none of its files to the forum: a page cannot load them to tell that Gavel is installed', async () => {
    const page = await openThreadPage(1);
    const { extensionId } = demo.browser;
    // The content script ran (the panel is there), as one classic script the browser injected.
    const manifest = await demo.browser.worker.evaluate(() =>
      (globalThis as unknown as { chrome: { runtime: { getManifest(): Record<string, unknown> } } }).chrome.runtime.getManifest(),
    );
    expect(manifest['web_accessible_resources']).toBeUndefined();
    // Every file of the build, probed from the forum's page as a site fingerprinting its visitors would.
    const files = ['manifest.json', ...readdirSync(join(distDir, 'assets')).map((f) => `assets/${f}`)];
    expect(files).toContain('assets/content-script.js');
    const loaded = await page.evaluate(
      async ({ id, files }) => {
        const results = await Promise.all(
          files.map((file) =>
            fetch(`chrome-extension://${id}/${file}`).then(
              () => file,
              () => null,
            ),
          ),
        );
        return results.filter((file) => file !== null);
      },
      { id: extensionId, files },
    );
    expect(loaded).toEqual([]);
    await page.close();
  });
});
