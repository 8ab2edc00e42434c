/**
 * Deadline reminders and the deadline badge in the worker, with the browser's
 * alarms and notifications faked and the clock set by the test: a game on a
 * thread whose Day 1 ends at 19:00 in Jerusalem (17:00 UTC).
 */
import { describe, expect, it } from 'vitest';
import { freshDatabases } from './fresh-db';
import { gameOnThread, origin, schedule, threadId } from './deadline-thread';
import { createBadgeBoard, threadBadge } from '../../extension/background/badge';
import {
  BADGE_TICK_ALARM,
  createDeadlineReminders,
  deadlineHandlers,
  parseReminderAlarm,
  reminderAlarmName,
  type AlarmInfo,
  type DeadlineBrowser,
} from '../../extension/background/deadlines';
import type { HandlerContext } from '../../extension/shared/messaging';
import { appendEvents, createGame, updateGame } from '../../extension/storage/games';
import { setSettings } from '../../extension/storage/repository';
import type { GavelDatabase } from '../../extension/storage/schema';

const freshDb = freshDatabases('gavel-deadlines');
const at = (iso: string): number => Date.parse(iso);
const page: HandlerContext = {
  sender: { id: 'gavel', url: 'chrome-extension://gavel/extension/popup/index.html' },
  senderKind: 'extension-page',
};

/** The browser's alarms and notifications, kept in memory. */
function fakeBrowser(): DeadlineBrowser & {
  alarms: Map<string, AlarmInfo>;
  shown: { id: string; title: string; message: string }[];
  created: string[];
} {
  const alarms = new Map<string, AlarmInfo>();
  const shown: { id: string; title: string; message: string }[] = [];
  const created: string[] = [];
  return {
    alarms,
    shown,
    created,
    getAlarms: () => Promise.resolve([...alarms.values()]),
    createAlarm: (name, info) => {
      created.push(name);
      alarms.set(
        name,
        'when' in info ? { name, scheduledTime: info.when } : { name, scheduledTime: 0, periodInMinutes: info.periodInMinutes },
      );
      return Promise.resolve();
    },
    clearAlarm: (name) => Promise.resolve(alarms.delete(name)),
    notify: (id, message) => {
      shown.push({ id, ...message });
      return Promise.resolve();
    },
  };
}

function reminders(db: GavelDatabase, clock: { now: number }) {
  const browser = fakeBrowser();
  return { browser, planner: createDeadlineReminders({ db: () => db, now: () => clock.now, browser }) };
}

const scheduled = (alarms: Map<string, AlarmInfo>): Record<string, string> =>
  Object.fromEntries([...alarms.values()].map((a) => [a.name, new Date(a.scheduledTime).toISOString()]));

describe('deadline reminders', () => {
  it('sets one alarm per reminder before the day ends, named for the game and the minutes', async () => {
    const db = freshDb();
    await gameOnThread(db);
    await setSettings(db, { reminders: [60, 0] });
    const clock = { now: at('2026-11-23T12:00:00Z') };
    const { browser, planner } = reminders(db, clock);
    await planner.plan();
    expect(scheduled(browser.alarms)).toEqual({
      'gavel-deadline|game-1|60': '2026-11-23T16:00:00.000Z',
      'gavel-deadline|game-1|0': '2026-11-23T17:00:00.000Z',
    });
    // Planning again changes nothing that is still right.
    browser.created.length = 0;
    await planner.plan();
    expect(browser.created).toEqual([]);
  });

  it("moves a reminder whose time has passed on to the next phase's deadline", async () => {
    const db = freshDb();
    await gameOnThread(db);
    await setSettings(db, { reminders: [60, 0] });
    const { browser, planner } = reminders(db, { now: at('2026-11-23T16:30:00Z') });
    await planner.plan();
    expect(scheduled(browser.alarms)).toEqual({
      'gavel-deadline|game-1|0': '2026-11-23T17:00:00.000Z',
      // 16:00 has passed: the hour before Night 1 ends, 07:00 on Tuesday in Jerusalem.
      'gavel-deadline|game-1|60': '2026-11-24T04:00:00.000Z',
    });
  });

  it('moves the alarm when the host changes the schedule, and clears it when the reminders are turned off', async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    const clock = { now: at('2026-11-23T12:00:00Z') };
    const { browser, planner } = reminders(db, clock);
    await planner.plan();
    expect(scheduled(browser.alarms)).toEqual({ 'gavel-deadline|game-1|60': '2026-11-23T16:00:00.000Z' });

    // The day now ends at 20:00 in Jerusalem.
    await updateGame(
      db,
      game.id,
      { phases: { firstPhase: 'day', clock: { ...schedule, day: { start: '09:00', end: '20:00' } } } },
      clock.now,
    );
    await planner.plan();
    expect(scheduled(browser.alarms)).toEqual({ 'gavel-deadline|game-1|60': '2026-11-23T17:00:00.000Z' });

    await setSettings(db, { reminders: [] });
    await planner.plan();
    expect(browser.alarms.size).toBe(0);
  });

  it('sets none for a game that is over, or has no schedule and no deadline post, and keeps other alarms alone', async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    const clock = { now: at('2026-11-23T12:00:00Z') };
    const { browser, planner } = reminders(db, clock);
    browser.alarms.set('gavel-crawl', { name: 'gavel-crawl', scheduledTime: clock.now + 30_000, periodInMinutes: 0.5 });
    await planner.plan();
    expect(browser.alarms.has('gavel-deadline|game-1|60')).toBe(true);

    await appendEvents(
      db,
      game.id,
      game.events.length,
      [{ type: 'game/end', winners: ['town'], reason: 'the last mafioso was lynched' }],
      clock.now,
    );
    await planner.plan();
    expect([...browser.alarms.keys()]).toEqual(['gavel-crawl']);

    const other = freshDb();
    await gameOnThread(other, { clock: null });
    const second = reminders(other, clock);
    await second.planner.plan();
    expect(second.browser.alarms.size).toBe(0);
  });

  it("shows the host a notification when a reminder fires, then sets the next phase's", async () => {
    const db = freshDb();
    await gameOnThread(db);
    const clock = { now: at('2026-11-23T12:00:00Z') };
    const { browser, planner } = reminders(db, clock);
    await planner.plan();

    clock.now = at('2026-11-23T16:00:00Z');
    browser.alarms.delete('gavel-deadline|game-1|60');
    expect(await planner.onAlarm('gavel-deadline|game-1|60')).toBe(true);
    expect(browser.shown).toEqual([
      {
        id: `gavel-deadline|game-1|60|${at('2026-11-23T17:00:00Z')}`,
        title: 'Gavel',
        message: 'Deadline Mafia: Day 1 ends in 60 minutes (19:00 Asia/Jerusalem)',
      },
    ]);
    // Night 1 ends at 07:00 on Tuesday in Jerusalem.
    expect(scheduled(browser.alarms)).toEqual({ 'gavel-deadline|game-1|60': '2026-11-24T04:00:00.000Z' });
  });

  it('says "now" for a reminder at the deadline, and stays silent for a deadline that moved', async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    await setSettings(db, { reminders: [0] });
    const clock = { now: at('2026-11-23T17:00:00Z') };
    const { browser, planner } = reminders(db, clock);
    await planner.onAlarm(reminderAlarmName(game.id, 0));
    expect(browser.shown.map((n) => n.message)).toEqual(['Deadline Mafia: Day 1 ends now (19:00 Asia/Jerusalem)']);

    // The host pushed the day to 21:00 after the 60-minute alarm was set for 19:00.
    await updateGame(
      db,
      game.id,
      {
        phases: {
          firstPhase: 'day',
          clock: { ...schedule, day: { start: '09:00', end: '21:00' }, night: { start: '21:30', end: '07:00' } },
        },
      },
      clock.now,
    );
    clock.now = at('2026-11-23T16:00:00Z');
    browser.shown.length = 0;
    await planner.onAlarm(reminderAlarmName(game.id, 60));
    expect(browser.shown).toEqual([]);
    expect(scheduled(browser.alarms)).toEqual({ 'gavel-deadline|game-1|0': '2026-11-23T19:00:00.000Z' });
  });

  it("writes the reminder in the host's language", async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    await setSettings(db, { reminders: [180, 90], language: 'auto' });
    const clock = { now: at('2026-11-23T14:00:00Z') };
    const browser = fakeBrowser();
    const planner = createDeadlineReminders({ db: () => db, now: () => clock.now, browser, uiLanguage: () => 'ru-RU' });
    await planner.onAlarm(reminderAlarmName(game.id, 180));
    clock.now = at('2026-11-23T15:30:00Z');
    await planner.onAlarm(reminderAlarmName(game.id, 90));
    await setSettings(db, { language: 'en' });
    clock.now = at('2026-11-23T14:00:00Z');
    await planner.onAlarm(reminderAlarmName(game.id, 180));
    expect(browser.shown.map((n) => n.message)).toEqual([
      'Deadline Mafia: День 1 заканчивается через 3 часа (19:00 Asia/Jerusalem)',
      'Deadline Mafia: День 1 заканчивается через 90 минут (19:00 Asia/Jerusalem)',
      'Deadline Mafia: Day 1 ends in 3 hours (19:00 Asia/Jerusalem)',
    ]);
  });

  it('answers only for its own alarms', async () => {
    const db = freshDb();
    const { planner } = reminders(db, { now: 0 });
    expect(await planner.onAlarm('gavel-crawl')).toBe(false);
    expect(await planner.onAlarm(BADGE_TICK_ALARM)).toBe(false);
    expect(parseReminderAlarm('gavel-deadline|a|b|15')).toEqual({ gameId: 'a|b', minutesBefore: 15 });
    expect(parseReminderAlarm('gavel-deadline|x|soon')).toBeNull();
  });

  it("gives the popup the open game's deadline in the game's zone", async () => {
    const db = freshDb();
    const game = await gameOnThread(db);
    const handlers = deadlineHandlers(
      () => db,
      () => at('2026-11-23T12:00:00Z'),
    );
    expect(await handlers['game/deadline']({ gameId: game.id }, page)).toEqual({
      phase: { kind: 'day', number: 1 },
      label: 'Day 1',
      at: at('2026-11-23T17:00:00Z'),
      source: 'schedule',
      timeZone: 'Asia/Jerusalem',
    });
    expect(await handlers['game/deadline']({ gameId: 'no-such-game' }, page)).toBeNull();
    const practice = await createGame(
      db,
      {
        id: 'practice',
        threadKey: null,
        presetId: 'forum-template-001',
        roster: { from: 'text', text: 'Corvid\nDove' },
        dialect: 'bbcode',
      },
      0,
    );
    expect(await handlers['game/deadline']({ gameId: practice.id }, page)).toBeNull();
  });
});

describe('the toolbar badge', () => {
  it('shows the leading wagon by default, and the time to the deadline when the host chose it', async () => {
    const db = freshDb();
    await gameOnThread(db);
    const now = at('2026-11-23T12:00:00Z');
    expect(await threadBadge(db, origin, threadId, now)).toEqual({ text: '1/3', countdown: false });
    await setSettings(db, { badge: 'deadline' });
    expect(await threadBadge(db, origin, threadId, now)).toEqual({ text: '5h', countdown: true });
    expect((await threadBadge(db, origin, threadId, at('2026-11-23T16:15:00Z'))).text).toBe('45m');
  });

  it('writes the countdown in the host’s language, the browser’s under the automatic setting', async () => {
    const db = freshDb();
    await gameOnThread(db);
    await setSettings(db, { badge: 'deadline', language: 'ru' });
    expect((await threadBadge(db, origin, threadId, at('2026-11-23T12:00:00Z'))).text).toBe('5ч');
    expect((await threadBadge(db, origin, threadId, at('2026-11-23T16:15:00Z'))).text).toBe('45м');
    await setSettings(db, { language: 'auto' });
    expect((await threadBadge(db, origin, threadId, at('2026-11-23T12:00:00Z'), () => 'ru-RU')).text).toBe('5ч');
    expect((await threadBadge(db, origin, threadId, at('2026-11-23T12:00:00Z'), () => 'en-GB')).text).toBe('5h');
  });

  it('falls back to the wagon when the game has no deadline', async () => {
    const db = freshDb();
    await gameOnThread(db, { clock: null });
    await setSettings(db, { badge: 'deadline' });
    expect(await threadBadge(db, origin, threadId, at('2026-11-23T12:00:00Z'))).toEqual({ text: '1/3', countdown: false });
  });

  it('counts down on its tabs, says when a countdown is showing, and the reminders keep a minute tick only then', async () => {
    const db = freshDb();
    await gameOnThread(db);
    await setSettings(db, { badge: 'deadline' });
    const clock = { now: at('2026-11-23T15:30:00Z') };
    const texts: { text: string; tabId: number }[] = [];
    const board = createBadgeBoard(
      { setBadgeText: (d) => Promise.resolve(void texts.push(d)) },
      () => db,
      () => clock.now,
    );
    const { browser, planner } = reminders(db, clock);
    board.watch((showing) => void planner.badgeTick(showing));

    await board.show(5, origin, threadId);
    expect(texts.at(-1)).toEqual({ text: '1h', tabId: 5 });
    expect(board.showingCountdown()).toBe(true);
    await expect.poll(() => browser.alarms.get(BADGE_TICK_ALARM)?.periodInMinutes).toBe(1);

    clock.now = at('2026-11-23T16:10:00Z');
    await board.refreshAll();
    expect(texts.at(-1)).toEqual({ text: '50m', tabId: 5 });

    board.forget(5);
    expect(board.showingCountdown()).toBe(false);
    await expect.poll(() => browser.alarms.has(BADGE_TICK_ALARM)).toBe(false);
  });
});
