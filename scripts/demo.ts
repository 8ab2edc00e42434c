/**
 * `npm run demo`: builds dist/ (the npm script does that first), serves the
 * bundled demo thread from 127.0.0.1, opens Chromium with Gavel loaded on it,
 * and shows the panel's vote count. Where there is no display (or with
 * --headless) it runs headless and saves a screenshot and the panel's text in
 * demo-output/, so the main job can be seen working on any machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchWithExtension, repoRoot, startLocalForum } from './browser/harness';
import { demoRoutes, panelText } from './browser/demo-forum';
import { demoThread } from './forum-pages/demo-thread';
import { pageCount, pageUrl } from './forum-pages/phpbb';

const headless = process.argv.includes('--headless') || !process.env['DISPLAY'] || process.env['CI'] === 'true';
const outDir = join(repoRoot, 'demo-output');

async function waitForPanel(read: () => Promise<string>, pattern: RegExp, what: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  let text = '';
  while (Date.now() < deadline) {
    text = await read();
    if (pattern.test(text)) return text;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Gavel's panel did not show ${what} within 20 s. Last panel text:\n${text || '(no panel)'}`);
}

async function main(): Promise<void> {
  const forum = await startLocalForum(demoRoutes(demoThread));
  console.log(
    `Demo forum serving "${demoThread.title}" (${demoThread.posts.length} posts on ${pageCount(demoThread)} pages) from ${forum.origin}`,
  );
  const browser = await launchWithExtension({ forum, forumHosts: [demoThread.forumHost], headless });
  console.log(`Chromium started ${headless ? 'headless' : 'with a window'}; Gavel loaded as extension ${browser.extensionId}`);
  try {
    const page = await browser.context.newPage();
    // A thread Gavel does not track shows one button: the host clicks it to track the game.
    await page.goto(pageUrl(demoThread, 1));
    const track = page.getByTestId('gavel-track');
    await track.waitFor({ timeout: 20_000 });
    await track.click();
    console.log(`Tracked "${demoThread.title}" with Gavel's "Track this game" button`);
    for (let n = 1; n <= pageCount(demoThread); n++) {
      await page.goto(pageUrl(demoThread, n));
      await waitForPanel(() => panelText(page), /posts on this page/, `page ${n}'s posts`);
      console.log(`Read page ${n}: ${pageUrl(demoThread, n)}`);
    }
    await waitForPanel(() => panelText(page), new RegExp(`${demoThread.posts.length} posts stored`), 'every post of the thread');
    const text = await waitForPanel(() => panelText(page), /hammered/, 'the Day 1 hammer');
    // Show the hammer post with its badge row next to the panel.
    await page.locator('[data-testid="gavel-badges"]').filter({ hasText: 'counted: vote for Corvid' }).last().scrollIntoViewIfNeeded();
    mkdirSync(outDir, { recursive: true });
    const screenshot = join(outDir, 'gavel-demo.png');
    await page.waitForTimeout(300); // let the smooth scroll settle before the picture
    await page.screenshot({ path: screenshot });
    writeFileSync(join(outDir, 'panel.txt'), `${text}\n`);
    console.log(`\nGavel's panel on the last page:\n\n${text.replace(/^/gm, '  ')}\n`);
    console.log(`Screenshot: ${screenshot}\nPanel text: ${join(outDir, 'panel.txt')}`);
    if (!headless) {
      console.log('\nThe browser stays open: look around, then close its window to end the demo.');
      await new Promise<void>((ok) => browser.context.on('close', () => ok()));
    }
  } finally {
    await browser.close().catch(() => undefined);
    await forum.close();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
