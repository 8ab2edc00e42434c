import { describe, it, expect } from 'vitest';
import {
  badgeCountdown,
  clockPhaseEvents,
  composePhases,
  deadlineClockText,
  deadlineTimeText,
  formatCountdown,
  nextDeadline,
  type ClockSchedule,
  type PhaseEvent,
} from '../../../src/engine';
import { thread } from '../breaches/script';
import { seed000 as seed000Schedule } from './schedules';

const seed000: ClockSchedule = { ...seed000Schedule, phases: 6 };

function clockEvents(schedule: ClockSchedule): PhaseEvent[] {
  const r = clockPhaseEvents(schedule);
  if (!r.ok) throw new Error(r.detail);
  return r.events;
}

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | undefined): string | undefined => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('the next deadline of a game played by the clock (seed 000, Israel time)', () => {
  const events = clockEvents(seed000);

  it('is the end of the day in progress', () => {
    // Day 1, Wednesday 25 March, 12:00 in Jerusalem (UTC+2).
    const next = nextDeadline({ events, firstPhase: 'night' }, at('2026-03-25T10:00:00Z'));
    expect(next).toEqual({ phase: { kind: 'day', number: 1 }, at: at('2026-03-25T17:00:00Z'), source: 'schedule' });
    expect(deadlineClockText(next?.at ?? 0, 'Asia/Jerusalem')).toBe('Wed 25 Mar 19:00');
  });

  it('in the buffer after a day, is the end of the night to come, which crosses the change to summer time', () => {
    // Thursday 26 March, 20:00 in Jerusalem: Day 2 ended at 19:00, Night 3 starts at 21:00.
    const next = nextDeadline({ events, firstPhase: 'night' }, at('2026-03-26T18:00:00Z'));
    expect(next?.phase).toEqual({ kind: 'night', number: 3 });
    // Israel moves its clocks forward early on Friday 27 March: 07:00 is then UTC+3, a night of nine hours.
    expect(iso(next?.at)).toBe('2026-03-27T04:00:00.000Z');
    expect(deadlineClockText(next?.at ?? 0, 'Asia/Jerusalem')).toBe('Fri 27 Mar 07:00');
  });

  it('keeps the day at its local hours after the change: Day 3 ends at 19:00 summer time', () => {
    const next = nextDeadline({ events, firstPhase: 'night' }, at('2026-03-27T07:30:00Z'));
    expect(next?.phase).toEqual({ kind: 'day', number: 3 });
    expect(iso(next?.at)).toBe('2026-03-27T16:00:00.000Z');
    expect(deadlineTimeText(next?.at ?? 0, 'Asia/Jerusalem')).toBe('19:00');
  });

  it('is the phase that runs now at the very moment the previous one ends', () => {
    const next = nextDeadline({ events, firstPhase: 'night' }, at('2026-03-25T17:00:00Z'));
    expect(next?.phase).toEqual({ kind: 'night', number: 2 });
  });

  it('is none once the schedule has run out, and none when the game is over', () => {
    expect(nextDeadline({ events, firstPhase: 'night' }, at('2026-04-10T12:00:00Z'))).toBeNull();
    expect(nextDeadline({ events, firstPhase: 'night', over: true }, at('2026-03-25T10:00:00Z'))).toBeNull();
  });

  it('before the game starts, is the end of the first phase', () => {
    const next = nextDeadline({ events, firstPhase: 'night' }, at('2026-03-20T12:00:00Z'));
    expect(next).toEqual({ phase: { kind: 'night', number: 1 }, at: at('2026-03-25T05:00:00Z'), source: 'schedule' });
  });
});

describe('the next deadline set by the host', () => {
  const hosts = ['Gamemaster'];

  it("comes from the host's deadline post, in the game's zone", () => {
    const posts = thread([
      '0 Gamemaster 2026-11-23 08:00: Signups are closed. Players: Corvid, Dove, Wren',
      '1 Gamemaster 2026-11-23 09:00: Day 1 begins. Deadline: 2026-11-24 19:00',
      '2 Corvid 2026-11-23 09:30: hello',
    ]);
    const composed = composePhases({ firstPhase: 'day', timeZone: 'Asia/Jerusalem' }, posts, hosts);
    if (!composed.ok) throw new Error(composed.detail);
    const next = nextDeadline({ events: composed.events, firstPhase: 'day', posts }, at('2026-11-23T12:00:00Z'));
    expect(next).toEqual({ phase: { kind: 'day', number: 1 }, at: at('2026-11-24T17:00:00Z'), source: 'host post', fromPost: 1 });
    expect(deadlineClockText(next?.at ?? 0, 'Asia/Jerusalem')).toBe('Tue 24 Nov 19:00');
  });

  it('follows a later deadline post that extends the day', () => {
    const posts = thread([
      '0 Gamemaster 2026-11-23 08:00: Signups are closed. Players: Corvid, Dove, Wren',
      '1 Gamemaster 2026-11-23 09:00: Day 1 begins. Deadline: 2026-11-24 19:00',
      '2 Corvid 2026-11-23 09:30: hello',
      '3 Gamemaster 2026-11-24 12:00: The day is extended. Deadline: 2026-11-25 19:00',
    ]);
    const composed = composePhases({ firstPhase: 'day', timeZone: 'Asia/Jerusalem' }, posts, hosts);
    if (!composed.ok) throw new Error(composed.detail);
    const next = nextDeadline({ events: composed.events, firstPhase: 'day', posts }, at('2026-11-24T13:00:00Z'));
    expect(next).toEqual({ phase: { kind: 'day', number: 1 }, at: at('2026-11-25T17:00:00Z'), source: 'host post', fromPost: 3 });
  });

  it('moves on when the host starts the night before the clock says the day ends', () => {
    const schedule: ClockSchedule = { ...seed000, firstDate: '2026-11-23', firstPhase: 'day' };
    const posts = thread([
      '0 Gamemaster 2026-11-23 06:00: Welcome. Players: Corvid, Dove, Wren',
      '1 Gamemaster 2026-11-23 07:00: Day 1 begins',
      '2 Gamemaster 2026-11-23 14:00: Corvid has been lynched. Day 1 is over. Night 1 has started',
    ]);
    const composed = composePhases({ firstPhase: 'day', clock: schedule }, posts, hosts);
    if (!composed.ok) throw new Error(composed.detail);
    // 17:00 in Jerusalem: the clock would still have the day running until 19:00.
    const next = nextDeadline({ events: composed.events, firstPhase: 'day', posts }, at('2026-11-23T15:00:00Z'));
    expect(next).toEqual({ phase: { kind: 'night', number: 1 }, at: at('2026-11-24T05:00:00Z'), source: 'schedule' });
  });

  it('is none while a day set by posts has no deadline', () => {
    const posts = thread(['0 Gamemaster 2026-11-23 08:00: Players: Corvid, Dove', '1 Gamemaster 2026-11-23 09:00: Day 1 begins']);
    const composed = composePhases({ firstPhase: 'day' }, posts, hosts);
    if (!composed.ok) throw new Error(composed.detail);
    expect(nextDeadline({ events: composed.events, firstPhase: 'day', posts }, at('2026-11-23T12:00:00Z'))).toBeNull();
  });
});

describe('countdowns', () => {
  const minute = 60_000;
  const hour = 60 * minute;

  it('reads the time left in whole units, counted down', () => {
    expect(formatCountdown(2 * 24 * hour + 3 * hour + 59 * minute)).toBe('2d 3h');
    expect(formatCountdown(3 * hour + 12 * minute + 59_000)).toBe('3h 12m');
    expect(formatCountdown(45 * minute)).toBe('45m');
    expect(formatCountdown(59_999)).toBe('<1m');
    expect(formatCountdown(2 * hour)).toBe('2h');
    expect(formatCountdown(3 * hour + 12 * minute, 'long')).toBe('3 h 12 min');
    expect(formatCountdown(30_000, 'long')).toBe('less than a minute');
    const russian = { day: 'д', hour: 'ч', minute: 'мин', lessThanMinute: 'меньше минуты' };
    expect(formatCountdown(26 * hour + 5 * minute, russian)).toBe('1 д 2 ч');
    expect(formatCountdown(12 * minute, russian)).toBe('12 мин');
  });

  it('fits the badge in four characters', () => {
    expect(badgeCountdown(2 * 24 * hour + 5 * hour)).toBe('2d');
    expect(badgeCountdown(5 * hour + 59 * minute)).toBe('5h');
    expect(badgeCountdown(90 * minute)).toBe('1h');
    expect(badgeCountdown(45 * minute + 30_000)).toBe('45m');
    expect(badgeCountdown(20_000)).toBe('now');
    for (const ms of [0, 59_000, minute, 59 * minute, hour, 23 * hour, 30 * 24 * hour, 5000 * 24 * hour])
      expect(badgeCountdown(ms).length).toBeLessThanOrEqual(4);
  });
});
