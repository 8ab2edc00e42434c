/**
 * A host enters a seed-004 night in the built extension: the Doctor's two
 * heals (L4 "одного или двух игроков") in two labelled target fields, sent in
 * their order, and the Wizard's declaration of an absent role (L47) with no
 * move of the role and no target. The game runs on Auckland's clock, and the
 * day's move time reads on it. Screenshots:
 * test-results/screenshots/night-targets-*.png.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/browser/harness';
import { pageUrl, type DemoThread } from '../../scripts/forum-pages/phpbb';
import { askWorker, onForumThread, openPopup } from './host-steps';

const screenshots = join(repoRoot, 'test-results', 'screenshots');

const host = 'Gavel Host';
const players = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve'] as const;
const userIds: Record<string, number> = { [host]: 2, ...Object.fromEntries(players.map((p, i) => [p, 60 + i])) };
const threadStart = Date.now() - 120 * 60_000;
const at = (minutes: number): string =>
  new Date(Math.floor((threadStart + minutes * 60_000) / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
let nextId = 955_000;
const post = (author: string, minutes: number, bbcode: string) => ({
  id: nextId++,
  author,
  userId: userIds[author] ?? 99,
  time: at(minutes),
  bbcode,
});

const thread: DemoThread = {
  forumHost: 'forum.mafiascum.net',
  threadId: 95_505,
  title: 'Мафия 004: первая ночь',
  perPage: 20,
  posts: [post(host, 0, `[b]Мафия 004[/b]\n\nPlayers:\n${players.join('\n')}\n\nDay 1 begins.`), post(host, 60, 'Night 1 begins.')],
};

const roles: Readonly<Record<string, { readonly faction: string; readonly role: string; readonly secondRole?: string }>> = {
  Alice: { faction: 'red', role: 'doctor' },
  Bob: { faction: 'red', role: 'citizen' },
  Carol: { faction: 'mafia', role: 'citizen', secondRole: 'mafia' },
  Dave: { faction: 'red', role: 'citizen' },
  Eve: { faction: 'red', role: 'wizard' },
};

interface GameLike {
  readonly id: string;
  readonly players: readonly { readonly name: string; readonly slotId: string }[];
}
interface NightLike {
  readonly actions: readonly { readonly actor: string; readonly ability: string; readonly targets: readonly string[] }[];
}

const forum = onForumThread(thread);

beforeAll(() => {
  mkdirSync(screenshots, { recursive: true });
});

describe('night moves of several targets and the Wizard’s declaration in the popup, in Chromium', () => {
  it('L4: the Doctor heals two in two fields; L47: the Wizard declares an absent role on its own; times on the game’s clock', async () => {
    const browser = forum.browser;
    const tab = await browser.context.newPage();
    await tab.goto(pageUrl(thread, 1));
    await tab.getByTestId('gavel-track').click({ timeout: 15_000 });
    await tab.getByTestId('gavel-panel').waitFor({ timeout: 15_000 });
    const page = await openPopup(browser, 'dashboard');
    const threadRef = { origin: new URL(tab.url()).origin, threadId: String(thread.threadId) };
    await expect
      .poll(async () => ((await askWorker(page, 'thread/crawl-status', threadRef)).value as { status?: string } | null)?.status, {
        timeout: 30_000,
      })
      .toBe('done');

    await page.getByTestId('new-game').click();
    await expect.poll(() => page.getByTestId('new-game-thread').locator('option:checked').innerText()).toContain(thread.title);
    await page.getByTestId('new-game-preset').selectOption('russian-004');
    await page.getByTestId('create-game').click();
    await page.getByTestId('game-page').waitFor();
    const gameId = decodeURIComponent(/#\/game\/([^/]+)/u.exec(page.url())?.[1] ?? '');
    const created = (await askWorker(page, 'game/get', { id: gameId })).value as GameLike;
    const slot = (name: string): string => created.players.find((p) => p.name === name)?.slotId ?? name;
    const withRoles = created.players.map((p) => ({ ...p, ...roles[p.name] }));
    // A zone no test machine's clock is on.
    const patch = { players: withRoles, timeZone: 'Pacific/Chatham' };
    expect((await askWorker(page, 'game/update', { id: gameId, patch })).ok).toBe(true);
    const night1 = { kind: 'phase-start', phase: { kind: 'night', number: 1 } };
    expect((await askWorker(page, 'game/event', { id: gameId, action: { kind: 'append', event: night1 } })).ok).toBe(true);
    await page.reload();
    await page.getByTestId('night-action-form').waitFor({ timeout: 15_000 });

    // The Doctor: two labelled fields, the second optional.
    await page.getByTestId('night-actor').selectOption({ label: 'Alice' });
    const label = (i: number) =>
      page
        .locator('label', { has: page.getByTestId(`night-target-${i}`) })
        .locator('span')
        .first()
        .innerText();
    expect(await label(0)).toBe('Target 1');
    expect(await label(1)).toBe('Target 2 (optional)');
    await page.getByTestId('night-target-0').selectOption({ label: 'Dave' });
    await page.getByTestId('night-target-1').selectOption({ label: 'Bob' });
    await page.getByTestId('night-add-action').click();
    // The names are listed one under the other, in the order of the fields.
    await expect.poll(() => page.getByTestId('night-action').first().innerText()).toMatch(/^Alice Heal →\s+Dave\s+Bob/u);

    // The Wizard: a declaration of an absent role, no target.
    await page.getByTestId('night-actor').selectOption({ label: 'Eve' });
    const declare = 'Use a peaceful role absent from the game (three a game): Immortal';
    await page.getByTestId('night-ability').selectOption({ label: declare });
    expect(await page.getByTestId('night-target-0').count()).toBe(0);
    // The PM's time reads on the game's clock (Chatham, +13:45 in its summer).
    expect(await page.getByTestId('night-pm-time-reading').innerText()).toContain('on the game’s clock');
    await page.getByTestId('night-add-action').click();
    await expect.poll(() => page.getByTestId('night-action').count()).toBe(2);
    expect(await page.getByTestId('night-action').nth(1).innerText()).toContain(`Eve ${declare}`);
    await page.screenshot({ path: join(screenshots, 'night-targets-1-entered.png'), fullPage: true });

    const view = (await askWorker(page, 'night/actions', { gameId, night: 1 })).value as NightLike;
    expect(view.actions.map((a) => [a.actor, a.ability, a.targets])).toEqual([
      [slot('Alice'), 'heal', [slot('Dave'), slot('Bob')]],
      [slot('Eve'), 'immortal/absent-role', []],
    ]);
    await page.getByTestId('night-resolve').click();
    await page.getByTestId('night-resolution').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('night-refused').count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'night-targets-2-resolved.png'), fullPage: true });
  });
});
