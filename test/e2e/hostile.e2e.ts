/**
 * Gavel on a thread written by hostile players (scripts/forum-pages/hostile-thread.ts):
 * names, title and posts full of markup, handlers, `javascript:` addresses,
 * entities, BiDi overrides, zero-width characters and a one-megabyte post.
 * The forum escapes all of it; these tests prove Gavel keeps it text: nothing
 * from the page runs, the panel shows every hostile name literally, no element
 * in Gavel's shadow root comes from post text, and the forum's own page is left
 * exactly as it was, apart from Gavel's one host element.
 */
import type { Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, startLocalForum, type ExtensionBrowser, type LocalForum } from '../../scripts/browser/harness';
import { demoRoutes, panelText } from '../../scripts/browser/demo-forum';
import {
  hostileHost,
  hostileNames,
  hostilePlayers,
  hostileThread,
  hostileTitle,
  hostileUncountedVote,
} from '../../scripts/forum-pages/hostile-thread';
import { pageUrl } from '../../scripts/forum-pages/phpbb';

const HOST_ID = 'gavel-extension-root';
/** Gavel's badge rows beside the posts: each its own host element with a shadow root. */
const BADGE_ATTR = 'data-gavel-badges';

/** What the page's own world saw: the payloads' flag, and the page as it was before Gavel ran. */
interface PageWorld {
  gavelPwned?: unknown;
  gavelBefore?: { readonly children: number; readonly html: string };
}

let forum: LocalForum;
let browser: ExtensionBrowser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  forum = await startLocalForum(demoRoutes(hostileThread));
  browser = await launchWithExtension({ forum, forumHosts: [hostileThread.forumHost] });
  page = await browser.context.newPage();
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // Runs in the page's own world before any of its scripts: snapshot the page as the forum
  // sent it, once it is parsed and before Gavel's content script (document_idle) adds its host.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const world = window as unknown as PageWorld;
      world.gavelBefore = { children: document.body.childElementCount, html: document.documentElement.outerHTML };
    });
  });
  await page.goto(pageUrl(hostileThread, 1));
  await page.locator(`#${HOST_ID}`).waitFor({ state: 'attached', timeout: 30_000 });
  // The host tracks the game; the count needs the one-megabyte post to reach the worker and come back counted.
  await page.getByTestId('gavel-track').click({ timeout: 30_000 });
  await panelShows(page, /10 posts stored[\s\S]*alive/, 60_000);
  await page.locator(`[${BADGE_ATTR}]`).nth(9).waitFor({ state: 'attached', timeout: 30_000 });
}, 120_000);

/** Waits until the panel's text matches (expect.poll is only for tests, this is setup). */
async function panelShows(p: Page, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let text = '';
  while (Date.now() < deadline) {
    text = await panelText(p);
    if (pattern.test(text)) return;
    await p.waitForTimeout(250);
  }
  throw new Error(`Gavel's panel never showed ${String(pattern)}; it shows:\n${text}`);
}

afterAll(async () => {
  await browser?.close();
  await forum?.close();
});

/** The panel's text as a DOM string (textContent keeps every character, including invisible ones). */
function panelTextContent(p: Page): Promise<string> {
  return p.evaluate((hostId) => {
    const panel = document.getElementById(hostId)?.shadowRoot?.querySelector('[data-testid="gavel-panel"]');
    return panel?.textContent ?? '';
  }, HOST_ID);
}

describe('a thread of hostile posts', () => {
  it('is served as the forum would: escaped, with every payload in the posts as text', async () => {
    const posts = await page.locator('div.post').count();
    expect(posts).toBe(10);
    const authors = await page.locator('div.post dl.postprofile a.username').allTextContents();
    expect(authors).toEqual(expect.arrayContaining([hostileHost, ...hostilePlayers]));
    const bodyLength = await page.evaluate(() => document.body.textContent?.length ?? 0);
    expect(bodyLength).toBeGreaterThan(950_000); // the wall of text is about a megabyte of source
  });

  it('uses payloads that would run if they were markup (the check below could fail)', async () => {
    const control = await browser.context.newPage();
    let controlDialogs = 0;
    control.on('dialog', (dialog) => {
      controlDialogs++;
      void dialog.dismiss();
    });
    await control.goto(`${forum.origin}/nothing-here`);
    const ran = await control.evaluate(async (names) => {
      const holder = document.createElement('div');
      document.body.append(holder);
      // The very mistake Gavel must never make, done on purpose in a throwaway page.
      for (const markup of [names.img, names.hover]) holder.append(document.createRange().createContextualFragment(markup));
      holder.querySelector('b')?.dispatchEvent(new MouseEvent('mouseover'));
      await new Promise((ok) => setTimeout(ok, 300));
      return (window as unknown as PageWorld).gavelPwned;
    }, hostileNames);
    expect(ran).toBe('img');
    expect(controlDialogs).toBe(1);
    await control.close();
  });

  it('runs none of the payloads in the page: no flag set, no dialog, no page error', async () => {
    // Hover and click everything Gavel drew, as a curious host would.
    const panel = page.locator(`#${HOST_ID}`);
    await panel.hover();
    await page.evaluate((hostId) => {
      const root = document.getElementById(hostId)?.shadowRoot;
      for (const el of root?.querySelectorAll('*') ?? []) {
        for (const type of ['mouseover', 'mouseenter', 'focus']) el.dispatchEvent(new Event(type));
      }
    }, HOST_ID);
    await page.waitForTimeout(500);
    const flag = await page.evaluate(() => (window as unknown as PageWorld).gavelPwned);
    expect(flag).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('shows every hostile name, the title and the uncounted vote as literal text', async () => {
    const text = await panelTextContent(page);
    for (const name of hostilePlayers) expect(text, `name ${JSON.stringify(name)}`).toContain(name);
    expect(text).toContain(hostileTitle);
    expect(text).toContain(`Vote: ${hostileUncountedVote}`);
    // Invisible characters survive exactly: the BiDi override and zero-width characters stay inside their names.
    expect(text).toContain('Evil\u202Egnp.exe');
    expect(text).toContain('Zero\u200BWidth');
    expect(text).toContain('Join\u200Der');
    // Entities are shown as the player typed them, not decoded into other characters.
    expect(text).toContain('Tom &amp; Jerry &lt;3 &#60;i&#62;');
    // And the count is right: three votes on the script-named player, 5 to lynch.
    expect(text).toMatch(/<script>gavelPwned='script'<\/script>\s*3/);
    expect(text).toMatch(/5\s*to lynch/);
  });

  it('shows the hostile votes beside the posts as literal text', async () => {
    const rows = await page.evaluate(
      (attr) => [...document.querySelectorAll(`[${attr}]`)].map((host) => host.shadowRoot?.textContent ?? ''),
      BADGE_ATTR,
    );
    expect(rows).toHaveLength(10);
    const all = rows.join('\n');
    expect(all).toContain(`counted: vote for ${hostileNames.script}`);
    expect(all).toContain(hostileUncountedVote);
  });

  it('has no element in its shadow roots that came from post text', async () => {
    const found = await page.evaluate(
      ({ hostId, attr }) => {
        const roots = [document.getElementById(hostId), ...document.querySelectorAll(`[${attr}]`)].map((host) => host?.shadowRoot ?? null);
        const elements = roots.flatMap((root) => [...(root?.querySelectorAll('*') ?? [])]);
        return {
          roots: roots.filter((r) => r !== null).length,
          tags: [...new Set(elements.map((el) => el.localName))].sort(),
          handlerAttributes: elements.flatMap((el) =>
            el
              .getAttributeNames()
              .filter((n) => n.startsWith('on'))
              .map((n) => `${el.localName}[${n}]`),
          ),
          // Gavel links only to web addresses (a post's permalink); nothing else a page could put there.
          unsafeLinks: elements
            .flatMap((el) =>
              ['href', 'src', 'srcdoc', 'action', 'formaction'].map((name) => el.getAttribute(name)).filter((v): v is string => v !== null),
            )
            .filter((v) => v !== '#' && !/^https?:\/\//.test(v)),
          styles: roots.map((root) => root?.querySelectorAll('style').length ?? 0),
        };
      },
      { hostId: HOST_ID, attr: BADGE_ATTR },
    );
    expect(found.roots).toBe(11);
    const fromPosts = [
      'img',
      'script',
      'iframe',
      'svg',
      'b',
      'object',
      'embed',
      'frame',
      'math',
      'link',
      'meta',
      'form',
      'input',
      'video',
      'audio',
    ];
    expect(found.tags.filter((t) => fromPosts.includes(t))).toEqual([]);
    expect(found.handlerAttributes).toEqual([]);
    expect(found.unsafeLinks).toEqual([]);
    expect(found.styles.every((n) => n === 1)).toBe(true); // Gavel's own stylesheet in each root, and no other
  });

  it('leaves the forum page exactly as it was, apart from its panel host and one badge row per post', async () => {
    const after = await page.evaluate(
      ({ hostId, attr }) => {
        const world = window as unknown as PageWorld;
        const clone = document.documentElement.cloneNode(true) as HTMLElement;
        const hosts = clone.querySelectorAll(`#${hostId}`);
        for (const host of hosts) host.remove();
        const badgeRows = clone.querySelectorAll(`[${attr}]`);
        for (const row of badgeRows) row.remove();
        return {
          before: world.gavelBefore ?? null,
          hosts: hosts.length,
          badgeRows: badgeRows.length,
          hostParent: document.getElementById(hostId)?.parentElement?.localName ?? null,
          children: document.body.childElementCount,
          html: clone.outerHTML,
        };
      },
      { hostId: HOST_ID, attr: BADGE_ATTR },
    );
    expect(after.before).not.toBeNull();
    expect(after.hosts).toBe(1);
    expect(after.badgeRows).toBe(10);
    expect(after.hostParent).toBe('body');
    expect(after.children).toBe((after.before?.children ?? 0) + 1);
    expect(after.html.length).toBe(after.before?.html.length);
    expect(after.html === after.before?.html).toBe(true);
  });
});
