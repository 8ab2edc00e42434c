/**
 * Gavel on the thread page, as a host uses it, on the same two-day game
 * written in phpBB, XenForo 2 and vBulletin 4 markup
 * (scripts/forum-pages/test-game.ts): an untracked thread shows only the
 * "Track this game" button; once tracked and every page visited, the panel
 * has the Day 2 count and the breaches, each post has its badge row (vote
 * counted for whom, quoted vote, abbreviated vote, edited, night post, dead
 * poster), the count can be taken as of any post, and the vote count post is
 * copied to the clipboard. The forum's own posts are left as they were.
 * Screenshots go to test-output/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, repoRoot, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes, panelText } from '../../scripts/browser/demo-forum';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { gameThread } from '../../scripts/forum-pages/test-game';
import { benchThread } from '../../scripts/bench/threads';
import { renderVbulletinPage, vbulletinPageCount, vbulletinPageUrl, vbulletinPath } from '../../scripts/forum-pages/vbulletin';
import { renderXenforoPage, xenforoPageCount, xenforoPageUrl, xenforoPath } from '../../scripts/forum-pages/xenforo';

const output = join(repoRoot, 'test-output');

interface Board {
  readonly name: string;
  readonly thread: DemoThread;
  readonly url: (page: number) => string;
  /** The forum's post containers, to check Gavel leaves them alone. */
  readonly postSelector: string;
  /** The number the forum gives the thread's n-th post (0-based index). */
  readonly numberOf: (index: number) => number;
}

const phpbb = gameThread('forum.mafiascum.net', 7101, 'Greenwood Mafia');
const xenforo = gameThread('www.mafiauniverse.com', 4411, 'Greenwood Mafia');
const vbulletin = gameThread('www.mafiauniverse.com', 55501, 'Greenwood Mafia');

const boards: readonly Board[] = [
  { name: 'phpBB', thread: phpbb, url: (n) => pageUrl(phpbb, n), postSelector: 'div.post', numberOf: (i) => i },
  {
    name: 'XenForo 2',
    thread: xenforo,
    url: (n) => xenforoPageUrl(xenforo, n),
    postSelector: 'article.message--post',
    numberOf: (i) => i + 1,
  },
  {
    name: 'vBulletin 4',
    thread: vbulletin,
    url: (n) => vbulletinPageUrl(vbulletin, n),
    postSelector: 'li.postcontainer',
    numberOf: (i) => i + 1,
  },
];

/** A long page: the bench's 200-post phpBB page (scripts/bench/page-cost.ts), read in chunks. */
const long = benchThread(200, 200);

/** One local forum answering the three boards' addresses, and the long page's. */
function routes(pathAndQuery: string): string | null {
  const phpbbPage = demoRoutes(phpbb)(pathAndQuery) ?? demoRoutes(long)(pathAndQuery);
  if (phpbbPage !== null) return phpbbPage;
  const path = new URL(pathAndQuery, 'http://local').pathname;
  for (let n = 1; n <= xenforoPageCount(xenforo); n++) if (path === xenforoPath(xenforo, n)) return renderXenforoPage(xenforo, n);
  for (let n = 1; n <= vbulletinPageCount(vbulletin); n++)
    if (path === vbulletinPath(vbulletin, n)) return renderVbulletinPage(vbulletin, n);
  return null;
}

let forum: LocalForum;
let browser: ExtensionBrowser;

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  forum = await startLocalForum(routes);
  browser = await launchWithExtension({ forum, forumHosts: ['forum.mafiascum.net', 'www.mafiauniverse.com'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

/** The badge row Gavel put beside the post with this number (inside its shadow root). */
function badgeRow(page: Page, number: number) {
  return page.locator(`[data-testid="gavel-badges"][data-post="${number}"]`);
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('#gavel-extension-root').waitFor({ state: 'attached', timeout: 15_000 });
}

/** The text of every post of the page as the forum shows it, without Gavel's additions. */
async function forumText(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText));
}

describe.each(boards)('Gavel on a $name game thread', (board) => {
  const { thread } = board;
  const index = (author: string, nth = 0): number =>
    thread.posts.map((p, i) => (p.author === author ? i : -1)).filter((i) => i >= 0)[nth] ?? -1;
  const slug = board.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

  it('shows only a Track button on a thread it does not track, and adds nothing to the posts', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, board.url(1));
    const track = page.getByTestId('gavel-track');
    await track.waitFor({ timeout: 15_000 });
    expect(await track.innerText()).toBe('Track this game with Gavel');
    expect(await page.getByTestId('gavel-panel').count()).toBe(0);
    expect(await page.locator('[data-gavel-badges]').count()).toBe(0);
    expect(await page.locator(board.postSelector).count()).toBe(thread.perPage);
    expect(errors).toEqual([]);
    await page.screenshot({ path: join(output, `thread-${slug}-untracked.png`) });
    await page.close();
  });

  it('tracks the game, reads every page and shows the Day 2 count with the breaches', async () => {
    const page = await browser.context.newPage();
    await open(page, board.url(1));
    const before = await forumText(page, board.postSelector);
    await page.getByTestId('gavel-track').click();
    await page.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/alive/);
    // Badges beside the posts, and the forum's own posts exactly as they were.
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 15_000 }).toBe(thread.perPage);
    expect(await forumText(page, board.postSelector)).toEqual(before);
    for (let n = 2; n <= 3; n++) await open(page, board.url(n));
    await expect.poll(() => panelText(page), { timeout: 20_000 }).toMatch(new RegExp(`${thread.posts.length} posts stored`));
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/Day 2 · 5 alive · 3 to lynch/);
    const text = await panelText(page);
    // Names are separate items (a name may hold a comma), not joined by commas.
    expect(text).toMatch(/Gorse 2 \(L-1\)\s*Ash\s*Birch/);
    expect(text).toMatch(/Ash 1 \(L-2\)\s*Gorse/);
    expect(text).toMatch(/Not voting \(2\):\s*Dogwood\s*Fern/);
    // No game is set up: Gavel judges no rule of a game it does not know, and lists the edits the forum shows.
    const list = page.getByTestId('gavel-breaches');
    expect(await list.getAttribute('data-judged')).toBe('false');
    expect(await list.locator('summary').innerText()).toContain('Breaches not judged: no game set up');
    await list.locator('summary').click();
    const breaches = await list.innerText();
    expect(breaches).toContain('No game is set up for this thread, so Gavel judges no breach');
    expect(breaches).toMatch(new RegExp(`#${board.numberOf(index('Dogwood'))} Dogwood`));
    expect(breaches).not.toMatch(/mod kill|host's call|posted at night|posted while dead/);
    expect(await badgeRow(page, board.numberOf(index('Elm', 1))).innerText()).not.toContain('posted while dead');
    expect(await badgeRow(page, board.numberOf(index('Ash', 1))).innerText()).toContain('counted: vote for Gorse');
    await page.screenshot({ path: join(output, `thread-${slug}-panel-day2.png`) });
    await open(page, board.url(2));
    await expect
      .poll(
        () =>
          badgeRow(page, board.numberOf(index('Gorse')))
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/count as of/);
    // The night post is not judged either until the host sets up the game with its rules.
    expect(await badgeRow(page, board.numberOf(index('Gorse'))).innerText()).not.toContain('posted at night');
    await page.close();
  });

  it('shows on each post of Day 1 what was counted and why not', async () => {
    const page = await browser.context.newPage();
    await open(page, board.url(1));
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 15_000 }).toBe(thread.perPage);
    const row = (author: string) => badgeRow(page, board.numberOf(index(author)));
    expect(await row('Ash').innerText()).toContain('counted: vote for Cedar');
    const birch = await row('Birch').innerText();
    expect(birch).toContain('not counted: “Vote: Cedar”: inside a quote');
    expect(birch).toContain('counted: vote for Cedar');
    expect(await row('Cedar').innerText()).toContain('not counted: “V: Ash”: abbreviated keyword');
    const dogwood = await row('Dogwood').innerText();
    expect(dogwood).toContain('counted: vote for Cedar');
    expect(dogwood).toContain('edited');
    // The host's opening post has only the "count as of" control.
    expect(await row(thread.posts[0]?.author ?? '').innerText()).toMatch(/count as of this post/);
    // Each badge row sits just before its post (or in its first cell), never inside the post's text.
    const placement = await page.locator('[data-gavel-badges]').evaluateAll((hosts) =>
      hosts.map((h) => {
        const next = h.nextElementSibling;
        return next !== null && next.tagName !== 'DIV' ? next.tagName : (h.parentElement?.tagName ?? '');
      }),
    );
    expect(placement.length).toBe(thread.perPage);
    await page.locator('[data-gavel-badges]').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(output, `thread-${slug}-badges-page1.png`), fullPage: true });
    await page.close();
  });

  it('counts as of a post the host picks, and back to the latest', async () => {
    const page = await browser.context.newPage();
    await open(page, board.url(1));
    const birch = board.numberOf(index('Birch'));
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 15_000 }).toBe(thread.perPage);
    await badgeRow(page, birch).getByTestId('gavel-count-as-of').click();
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toContain(`as of post #${birch}`);
    const text = await panelText(page);
    expect(text).toMatch(/Day 1 · 7 alive · 4 to lynch/);
    expect(text).toMatch(/Cedar 2 \(L-2\)\s*Ash\s*Birch/);
    // The rows are drawn again a chunk at a time in the page's idle moments, just after the panel.
    await expect
      .poll(() => badgeRow(page, birch).getByTestId('gavel-count-as-of').innerText(), { timeout: 15_000 })
      .toBe(`count as of #${birch}`);
    await page.screenshot({ path: join(output, `thread-${slug}-as-of.png`) });
    await page.getByTestId('gavel-latest').click();
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/Day 2 · 5 alive/);
    await page.close();
  });

  it('copies the vote count post for the forum, and says so', async () => {
    const origin = new URL(board.url(1)).origin;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const page = await browser.context.newPage();
    await open(page, board.url(3));
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/Day 2 · 5 alive/);
    await page.getByTestId('gavel-copy').click();
    await expect
      .poll(() => panelText(page), { timeout: 10_000 })
      .toMatch(/Copied the Day 2 vote count as of post #\d+: paste it into your reply\./);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('[b]Vote count, Day 2[/b]');
    expect(copied).toContain('[b]Gorse[/b] (2, L-1): Ash, Birch');
    expect(copied).toContain('Not voting (2): Dogwood, Fern');
    expect(copied).toContain('With 5 alive, it takes 3 to lynch.');
    await page.screenshot({ path: join(output, `thread-${slug}-copied.png`) });
    await page.close();
  });
});

describe('Gavel on a long thread page, read a chunk at a time', () => {
  /** How many post containers each task of the content script's reading read, in order (its `gavel:task` measures). */
  const readTasks = (page: Page): Promise<number[]> =>
    page.evaluate(() =>
      performance
        .getEntriesByName('gavel:task')
        .map((e) => (e as PerformanceMeasure).detail as { kind: string; posts?: number })
        .filter((d) => d.kind === 'read')
        .map((d) => d.posts ?? 0),
    );

  it('shows the panel and every badge, and the worker stores every post of the page', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, pageUrl(long, 1));
    await page.getByTestId('gavel-track').click();
    await page.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    // The worker got the whole page: all 200 posts, not the chunk read first.
    await expect.poll(() => panelText(page), { timeout: 30_000 }).toMatch(/200 posts stored/);
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 30_000 }).toBe(200);
    expect(await page.locator('div.post').count()).toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opened at a post deep in the page, reads the posts in view first, the rest in later tasks, and badges every post', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const deep = long.posts[150];
    if (deep === undefined) throw new Error('the long thread has no post 150');
    await open(page, `${pageUrl(long, 1)}#p${deep.id}`);
    await page.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 30_000 }).toBe(200);
    // The post in view wears its row, with the count's verdict (the "count as of" control is drawn with it).
    await expect
      .poll(
        () =>
          badgeRow(page, 150)
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/count as of/);
    await expect.poll(() => panelText(page), { timeout: 15_000 }).toMatch(/200 posts stored/);
    // Not one long task: the first read only the posts in view (post 150 and a few more), the rest came after.
    const reads = await readTasks(page);
    expect(reads.length).toBeGreaterThan(1);
    expect(reads[0]).toBeGreaterThan(0);
    expect(reads[0]).toBeLessThan(20);
    expect(reads.reduce((a, b) => a + b, 0)).toBe(200);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('going to another page in the middle of the reading leaves no error, and the next page is read whole', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto(pageUrl(long, 1));
    // Away as soon as the reading has begun, before it can have ended.
    await page.waitForFunction(() => performance.getEntriesByName('gavel:read').length > 0, undefined, { timeout: 15_000 });
    await page.goto(pageUrl(phpbb, 1));
    await page.getByTestId('gavel-track').or(page.getByTestId('gavel-panel')).first().waitFor({ timeout: 15_000 });
    await page.goBack();
    await page.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-gavel-badges]').count(), { timeout: 30_000 }).toBe(200);
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((m) => m.includes('Gavel'))).toEqual([]);
    await page.close();
  });
});
