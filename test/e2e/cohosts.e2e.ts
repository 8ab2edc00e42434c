/**
 * Issue 20 in Chromium: two browser profiles, each with the built extension,
 * and the real sync server (server/gavel-server.ts) on a free port with its
 * SQLite file in a temporary folder. Host A creates and shares a game, host B
 * joins with the invitation and sees it; both record events while the server
 * is away (both offline), and after it restarts on the same file both show
 * the same game with both events (a server restart loses nothing); a wrong
 * invitation is refused; a read-only co-host cannot change the game; a revoked
 * co-host is told so; a co-host who leaves keeps a local copy that no longer
 * syncs, and when the creator stops sharing, the co-host is told who stopped it
 * and may remove his copy. Every wait is on what the popup shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithExtension, type ExtensionBrowser } from '../../scripts/browser/harness';
import { startSyncServer, type SyncServer } from '../../server/gavel-server';
import { askWorker, openPopup } from './host-steps';

const folder = mkdtempSync(join(tmpdir(), 'gavel-cohosts-'));
const database = join(folder, 'games.sqlite');
let server: SyncServer;
let hostA: ExtensionBrowser;
let hostB: ExtensionBrowser;
const wait = { timeout: 30_000 };

beforeAll(async () => {
  server = await startSyncServer({ port: 0, database });
  hostA = await launchWithExtension();
  hostB = await launchWithExtension();
}, 120_000);

afterAll(async () => {
  await hostA?.close();
  await hostB?.close();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

const url = (): string => `ws://127.0.0.1:${server.port}`;

/** A game with a pasted roster, made in A's Gavel; its title. */
async function newGame(page: Page, title: string): Promise<void> {
  const reply = await askWorker(page, 'game/create', {
    threadKey: null,
    title,
    presetId: 'forum-template-001',
    roster: { from: 'text', text: 'Alpha\nBravo\nCharlie\nDelta\nEcho' },
    hosts: ['Host A'],
  });
  expect(reply.ok).toBe(true);
}

async function openGame(page: Page, title: string): Promise<void> {
  await page.getByTestId('game-item').filter({ hasText: title }).click();
  await page.getByTestId('game-page').waitFor();
}

async function syncState(page: Page, state: string): Promise<void> {
  await page.locator(`[data-testid="sync-state"][data-state="${state}"]`).waitFor(wait);
}

async function share(page: Page): Promise<void> {
  await page.getByTestId('sync-server').fill(url());
  await page.getByTestId('sync-host-name').fill('Host A');
  await page.getByTestId('sync-share').click();
  await syncState(page, 'connected');
}

async function invite(page: Page, name: string, right: 'write' | 'read'): Promise<string> {
  await page.getByTestId('invite-name').fill(name);
  await page.getByTestId('invite-right').selectOption(right);
  await page.getByTestId('invite').click();
  await page.getByTestId('cohost').filter({ hasText: name }).waitFor(wait);
  return page.getByTestId('invite-code').inputValue();
}

async function joinGame(page: Page, code: string, title: string): Promise<void> {
  await page.getByTestId('join-shared').locator('summary').click();
  await page.getByTestId('join-code').fill(code);
  await page.getByTestId('join-name').fill('Host B');
  await page.getByTestId('join').click();
  await page.getByTestId('game-item').filter({ hasText: title }).waitFor(wait);
}

async function recordDeath(page: Page, player: string, cause: string): Promise<void> {
  await page.getByTestId('event-kind').selectOption('death');
  await page.getByTestId('event-player').selectOption({ label: player });
  await page.getByTestId('event-detail').fill(cause);
  await page.getByTestId('record-event').click();
}

async function logShows(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByTestId('log-lines').innerText(), wait).toContain(text);
}

describe('co-hosts with two browser profiles and a real sync server (issue 20)', () => {
  it('A shares, B joins and sees the game; both record events offline; after the server restarts both show the same game', async () => {
    const a = await openPopup(hostA);
    await newGame(a, 'Shared Mafia');
    await a.reload();
    await a.getByTestId('games-section').waitFor();
    await openGame(a, 'Shared Mafia');
    await share(a);
    const code = await invite(a, 'Host B', 'write');
    expect(code).toMatch(/^gavel-invite:/u);

    const b = await openPopup(hostB);
    await joinGame(b, code, 'Shared Mafia');
    await openGame(b, 'Shared Mafia');
    await syncState(b, 'connected');
    expect(await b.getByTestId('game-heading').innerText()).toBe('Shared Mafia');
    // Who is connected: each sees the other.
    await expect.poll(() => a.getByTestId('sync-connected').innerText(), wait).toContain('Host B');
    await expect.poll(() => b.getByTestId('sync-connected').innerText(), wait).toContain('Host A');
    await expect.poll(() => b.getByTestId('sync-last').innerText(), wait).toMatch(/^Last synced /u);

    // Online: A's event reaches B's open page.
    await recordDeath(a, 'Alpha', 'shot');
    await logShows(b, 'Alpha dies (shot)');
    // Who did what: each side's log names the host who recorded the entry.
    await logShows(b, 'Alpha dies (shot) — by Host A');
    await logShows(a, 'Alpha dies (shot) — by Host A');

    // The server goes away: both keep working, offline.
    await server.stop();
    await syncState(a, 'offline');
    await syncState(b, 'offline');
    await recordDeath(a, 'Bravo', 'poisoned');
    await recordDeath(b, 'Charlie', 'lynched');
    await logShows(a, 'Bravo dies (poisoned)');
    await logShows(b, 'Charlie dies (lynched)');

    // Back on the same port and the same SQLite file: nothing lost, both edits merged on both sides.
    const port = Number(new URL(url()).port);
    server = await startSyncServer({ port, database });
    await syncState(a, 'connected');
    await syncState(b, 'connected');
    for (const page of [a, b]) {
      await logShows(page, 'Bravo dies (poisoned)');
      await logShows(page, 'Charlie dies (lynched) — by Host B');
      await logShows(page, 'Bravo dies (poisoned) — by Host A');
      await logShows(page, 'Alpha dies (shot)');
    }
    await expect
      .poll(async () => (await a.getByTestId('log-lines').innerText()) === (await b.getByTestId('log-lines').innerText()), wait)
      .toBe(true);
    expect(await a.getByTestId('game-status').innerText()).toContain('2 of 5 alive');
    await a.close();
    await b.close();
  });

  it('a wrong invitation is refused; a read-only co-host cannot change the game; a revoked one is told so', async () => {
    const a = await openPopup(hostA);
    await newGame(a, 'Read-only Mafia');
    await a.reload();
    await a.getByTestId('games-section').waitFor();
    await openGame(a, 'Read-only Mafia');
    await share(a);
    const code = await invite(a, 'Host B', 'read');

    // A code for a game the server never saw (its secret unknown there): refused.
    const b = await openPopup(hostB);
    const payload = JSON.parse(Buffer.from(code.slice('gavel-invite:'.length), 'base64url').toString('utf8')) as Record<string, unknown>;
    const wrong = `gavel-invite:${Buffer.from(JSON.stringify({ ...payload, g: 'no-such-game', t: 'Nowhere' })).toString('base64url')}`;
    await b.getByTestId('join-shared').locator('summary').click();
    await b.getByTestId('join-code').fill(wrong);
    await b.getByTestId('join-name').fill('Host B');
    await b.getByTestId('join').click();
    // The join waits for the server's answer: refused, said in the form, and nothing kept (the next code works).
    await b.getByTestId('join-problem').waitFor(wait);
    expect(await b.getByTestId('join-problem').innerText()).toContain('refused this invitation');

    // The right code, read-only: B sees the game, and his change is refused with the reason.
    await b.getByTestId('join-code').fill(code);
    await b.getByTestId('join').click();
    await b.getByTestId('game-item').filter({ hasText: 'Read-only Mafia' }).waitFor(wait);
    await openGame(b, 'Read-only Mafia');
    await syncState(b, 'connected');
    await recordDeath(b, 'Delta', 'lynched');
    await expect.poll(() => b.getByTestId('games-problem').innerText(), wait).toContain('read-only');
    expect(await b.getByTestId('game-page').innerText()).not.toContain('Delta dies');

    // A revokes B: B's page says so.
    await a.getByTestId('cohost').filter({ hasText: 'Host B' }).getByTestId('revoke').click();
    await expect.poll(() => a.getByTestId('cohost').filter({ hasText: 'Host B' }).innerText(), wait).toContain('revoked');
    await syncState(b, 'revoked');
    expect(await b.getByTestId('sync-state').innerText()).toContain('Revoked');
  });
  it('a co-host leaves and keeps a local copy; the creator stops sharing, the co-host is told and removes his copy', async () => {
    const a = await openPopup(hostA);
    await newGame(a, 'Parting Mafia');
    await a.reload();
    await a.getByTestId('games-section').waitFor();
    await openGame(a, 'Parting Mafia');
    await share(a);
    const code = await invite(a, 'Host B', 'write');
    const b = await openPopup(hostB);
    await joinGame(b, code, 'Parting Mafia');
    await openGame(b, 'Parting Mafia');
    await syncState(b, 'connected');
    await expect.poll(() => a.getByTestId('sync-connected').innerText(), wait).toContain('Host B');

    // B leaves, keeping his copy: asked first, then a local game, with no sync state and the share form back.
    await b.getByTestId('sync-leave-keep').click();
    expect(await b.getByTestId('sync-stop-confirm-text').innerText()).toContain('Your copy stays here as a local game');
    await b.getByTestId('sync-stop-confirm').click();
    await b.getByTestId('sync-share').waitFor(wait);
    expect(await b.getByTestId('sync-state').count()).toBe(0);
    // His copy is still a game he can run: an event recorded now stays his own.
    await recordDeath(b, 'Echo', 'vigilante');
    await logShows(b, 'Echo dies (vigilante)');
    // A no longer sees him connected, and A's game never gets B's local event.
    await expect.poll(() => a.getByTestId('sync-connected').innerText(), wait).not.toContain('Host B');
    await recordDeath(a, 'Delta', 'lynched');
    await logShows(a, 'Delta dies (lynched)');
    expect(await a.getByTestId('log-lines').innerText()).not.toContain('Echo dies');
    expect(await b.getByTestId('log-lines').innerText()).not.toContain('Delta dies');

    // A second shared game: B joins it; A stops sharing it.
    await newGame(a, 'Ending Mafia');
    // The reloaded popup reopens the game it showed; back to the list, which now holds the new game.
    await a.reload();
    await a.getByTestId('back-to-games').click();
    await a.getByTestId('games-section').waitFor(wait);
    await openGame(a, 'Ending Mafia');
    await share(a);
    const second = await invite(a, 'Host B', 'write');
    await b.getByTestId('back-to-games').click();
    await b.getByTestId('games-section').waitFor(wait);
    await joinGame(b, second, 'Ending Mafia');
    await openGame(b, 'Ending Mafia');
    await syncState(b, 'connected');

    await a.getByTestId('sync-stop').click();
    expect(await a.getByTestId('sync-stop-confirm-text').innerText()).toContain('Your co-hosts are told');
    // Cancel first: nothing happens.
    await a.getByTestId('sync-stop-cancel').click();
    await syncState(a, 'connected');
    await a.getByTestId('sync-stop').click();
    await a.getByTestId('sync-stop-confirm').click();
    await a.getByTestId('sync-share').waitFor(wait);

    // B is told who stopped it; his choices are worded for an ended share; he removes his copy.
    await syncState(b, 'ended');
    expect(await b.getByTestId('sync-state').innerText()).toContain('Host A stopped sharing this game');
    expect(await b.getByTestId('sync-leave-keep').innerText()).toBe('Keep as a local game');
    await b.getByTestId('sync-leave-remove').click();
    expect(await b.getByTestId('sync-stop-confirm-text').innerText()).toContain('Remove your copy of this game');
    await b.getByTestId('sync-stop-confirm').click();
    await b.getByTestId('games-section').waitFor(wait);
    await expect.poll(() => b.getByTestId('game-item').filter({ hasText: 'Ending Mafia' }).count(), wait).toBe(0);
    // The game he left earlier is still his.
    expect(await b.getByTestId('game-item').filter({ hasText: 'Parting Mafia' }).count()).toBe(1);
    // A keeps the game, local, with everything in it.
    expect(await a.getByTestId('game-heading').innerText()).toBe('Ending Mafia');
    await a.close();
    await b.close();
  });
});
