/**
 * Settings and deadlines in the built extension: a host lets Gavel count
 * short-form votes ("V: Corvid") on the demo thread from Settings; then sets
 * up a game on it whose day, on the clock in Jerusalem, ends an hour and a
 * half from now, chooses the deadline badge, and the thread's tab counts down
 * while the worker holds the reminder alarm for an hour before the deadline.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoThread } from '../../scripts/forum-pages/demo-thread';
import { askWorker, onDemoForum, openPopup, trackDemoThread } from './host-steps';

const demo = onDemoForum();
const threadKey = `https://${demoThread.forumHost}|${demoThread.threadId}`;
const zone = 'Asia/Jerusalem';
const minute = 60_000;

const ask = askWorker;

/** A moment as a date and a time of day on the game's clock. */
function local(at: number): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

interface CountReply {
  readonly count: {
    readonly hammer: { readonly target: string; readonly post: number } | null;
    readonly notCounted: readonly { readonly author: string; readonly text: string }[];
  } | null;
}

describe('settings and deadlines in Chromium', () => {
  let thread: Page;
  let popup: Page;
  beforeAll(async () => {
    thread = await trackDemoThread(demo.browser);
    popup = await openPopup(demo.browser);
  });

  const demoCount = async (): Promise<CountReply['count']> =>
    (
      (await ask(popup, 'thread/count', { origin: `https://${demoThread.forumHost}`, threadId: String(demoThread.threadId) }))
        .value as CountReply
    ).count;

  it('counts Hazel\'s "V: Corvid" once the host accepts short forms in Settings, and not after restoring the defaults', async () => {
    const before = await demoCount();
    expect(before?.notCounted.map((n) => `${n.author}: ${n.text}`)).toContain('Hazel: V: Corvid');
    expect(before?.hammer?.target).toBe('Corvid');

    await popup.getByTestId('settings-abbreviations').check();
    await popup.getByTestId('settings-grammar-save').click();
    await popup.getByTestId('settings-grammar-saved').waitFor();
    const after = await demoCount();
    expect(after?.notCounted.map((n) => n.author)).not.toContain('Hazel');
    // Hazel's early vote puts Corvid at the threshold sooner.
    expect(after?.hammer?.post).toBeLessThan(before?.hammer?.post ?? 0);

    await popup.getByTestId('settings-grammar-reset').click();
    await expect.poll(async () => (await demoCount())?.hammer?.post).toBe(before?.hammer?.post);
    expect(await popup.getByTestId('settings-abbreviations').isChecked()).toBe(false);
  });

  it('counts down to the deadline on the thread tab and sets the reminder an hour before it', async () => {
    const created = await ask(popup, 'game/create', { threadKey, presetId: 'forum-template-001', roster: { from: 'opening-post' } });
    expect(created.error?.message).toBeUndefined();
    const gameId = (created.value as { id: string }).id;

    // Day 1 began an hour ago and ends 90 minutes from now (to the minute), on the clock in Jerusalem;
    // the host's own posts are not read for phases in this game.
    const now = Date.now();
    const start = local(now - 60 * minute);
    const endAt = Math.floor((now + 90 * minute) / minute) * minute;
    const clock = {
      timeZone: zone,
      firstDate: start.date,
      firstPhase: 'day',
      day: { start: start.time, end: local(endAt).time },
      night: { start: local(endAt + 60 * minute).time, end: '07:00' },
      phases: 4,
    };
    const updated = await ask(popup, 'game/update', {
      id: gameId,
      patch: { timeZone: zone, phases: { firstPhase: 'day', clock, markers: [] } },
    });
    expect(updated.error?.message).toBeUndefined();

    const deadline = await ask(popup, 'game/deadline', { gameId });
    expect(deadline.value).toMatchObject({ label: 'Day 1', at: endAt, source: 'schedule', timeZone: zone });

    // Settings: the toolbar icon shows the time left.
    await popup.getByTestId('settings-badge').selectOption('deadline');
    await expect.poll(async () => ((await ask(popup, 'settings/get', {})).value as { badge: string }).badge).toBe('deadline');

    // The badge of the thread's tab, read in the worker; 89 or 90 minutes left show as one hour.
    const badges = (): Promise<string[]> =>
      demo.browser.worker.evaluate(async () => {
        const chromeApi = (
          globalThis as unknown as {
            chrome: {
              tabs: { query(q: object): Promise<Array<{ id?: number }>> };
              action: { getBadgeText(d: { tabId: number }): Promise<string> };
            };
          }
        ).chrome;
        const tabs = await chromeApi.tabs.query({});
        return Promise.all(tabs.map((tab) => (tab.id === undefined ? '' : chromeApi.action.getBadgeText({ tabId: tab.id }))));
      });
    await expect.poll(badges, { timeout: 15_000 }).toContain('1h');

    // The alarms: the reminder at an hour before the deadline, and the minute's tick of the badge.
    const alarms = (): Promise<Array<{ name: string; scheduledTime: number; periodInMinutes?: number }>> =>
      demo.browser.worker.evaluate(() =>
        (
          globalThis as unknown as {
            chrome: { alarms: { getAll(): Promise<Array<{ name: string; scheduledTime: number; periodInMinutes?: number }>> } };
          }
        ).chrome.alarms.getAll(),
      );
    await expect
      .poll(async () => (await alarms()).find((a) => a.name === `gavel-deadline|${gameId}|60`)?.scheduledTime, { timeout: 10_000 })
      .toBe(endAt - 60 * minute);
    expect((await alarms()).find((a) => a.name === 'gavel-badge-tick')?.periodInMinutes).toBe(1);

    // Back to votes: the tab shows the leading wagon (Corvid hammered with 5 of 5) and the tick stops.
    await popup.getByTestId('settings-badge').selectOption('votes');
    await expect.poll(badges, { timeout: 15_000 }).toContain('5/5');
    await expect.poll(async () => (await alarms()).some((a) => a.name === 'gavel-badge-tick'), { timeout: 10_000 }).toBe(false);

    await popup.close();
    await thread.close();
  });
});
