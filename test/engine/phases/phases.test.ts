import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  clockPhaseEvents,
  composePhases,
  fromLocalDateTime,
  isThreadClosed,
  isVotingOpen,
  phaseAt,
  phaseOfPost,
  phasesFromEvents,
  phasesInTime,
  timeUntilDeadline,
  toLocalDateTime,
  type ClockSchedule,
  type Phase,
} from '../../../src/engine';
import { thread } from '../breaches/script';
import { seed000 } from './schedules';

const hour = 3_600_000;
/** How long a phase from `start` to `end` (HH:MM) is on the clock face, in minutes. */
const nominalMinutes = (start: string, end: string): number => {
  const m = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  return (m(end) - m(start) + 1440) % 1440 || 1440;
};

function clockPhases(schedule: ClockSchedule): Phase[] {
  const r = clockPhaseEvents(schedule);
  if (!r.ok) throw new Error(r.detail);
  return phasesFromEvents(r.events, schedule.firstPhase);
}

function startAt(p: Phase | undefined): number {
  if (p === undefined || !('at' in p.start)) throw new Error('expected a clock start');
  return p.start.at;
}
function endAt(p: Phase | undefined): number {
  if (p?.end === undefined || p.end === null || !('at' in p.end)) throw new Error('expected a clock end');
  return p.end.at;
}

describe('phases by clock', () => {
  it('lays out 000 from Night 1 in Israel time, with the buffers as gaps', () => {
    const phases = clockPhases(seed000);
    expect(phases.map((p) => `${p.kind} ${String(p.number)}`).slice(0, 4)).toEqual(['night 1', 'day 1', 'night 2', 'day 2']);
    // 24 March 2026 is winter time in Israel (UTC+2): 21:00 local is 19:00 UTC.
    expect(new Date(startAt(phases[0])).toISOString()).toBe('2026-03-24T19:00:00.000Z');
    expect(new Date(endAt(phases[0])).toISOString()).toBe('2026-03-25T05:00:00.000Z');
    const buffer = phaseAt(phases, { at: Date.parse('2026-03-25T06:00:00Z') });
    expect(buffer.in).toBe('gap');
  });

  it('keeps local hours across the spring change in Jerusalem (27 March 2026): that night is an hour shorter', () => {
    const phases = clockPhases(seed000);
    const night3 = phases.find((p) => p.kind === 'night' && p.number === 3);
    expect(new Date(startAt(night3)).toISOString()).toBe('2026-03-26T19:00:00.000Z');
    expect(new Date(endAt(night3)).toISOString()).toBe('2026-03-27T04:00:00.000Z');
    expect(endAt(night3) - startAt(night3)).toBe(9 * hour);
    const day3 = phases.find((p) => p.kind === 'day' && p.number === 3);
    expect(toLocalDateTime(startAt(day3), 'Asia/Jerusalem')).toMatchObject({ day: 27, hour: 9, minute: 0 });
    expect(endAt(day3) - startAt(day3)).toBe(10 * hour);
  });

  it('handles the autumn change in Berlin (25 October 2026): that night is an hour longer', () => {
    const phases = clockPhases({ ...seed000, timeZone: 'Europe/Berlin', firstDate: '2026-10-23' });
    const night = phases.find((p) => p.kind === 'night' && p.number === 2);
    expect(toLocalDateTime(startAt(night), 'Europe/Berlin')).toMatchObject({ month: 10, day: 24, hour: 21 });
    expect(endAt(night) - startAt(night)).toBe(11 * hour);
  });

  it('puts a post exactly at the deadline after the day, and one a millisecond earlier inside it', () => {
    const phases = clockPhases(seed000);
    const day1 = phases.find((p) => p.kind === 'day' && p.number === 1);
    const end = endAt(day1);
    expect(phaseAt(phases, { at: end - 1 })).toMatchObject({ in: 'phase', phase: { kind: 'day', number: 1 } });
    expect(phaseAt(phases, { at: end })).toMatchObject({ in: 'gap', previous: { kind: 'day', number: 1 } });
    expect(phaseAt(phases, { at: startAt(day1) })).toMatchObject({ in: 'phase', phase: { kind: 'day', number: 1 } });
  });

  it('reads a local time in the spring gap as after the gap, and a doubled autumn time as its first occurrence', () => {
    expect(new Date(fromLocalDateTime({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(new Date(fromLocalDateTime({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }, 'Europe/Berlin')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('refuses an unknown zone and a malformed time as values', () => {
    expect(clockPhaseEvents({ ...seed000, timeZone: 'Mars/Olympus' })).toMatchObject({ ok: false, reason: 'phases/unknown-time-zone' });
    expect(clockPhaseEvents({ ...seed000, day: { start: '9am', end: '19:00' } })).toMatchObject({
      ok: false,
      reason: 'phases/bad-clock-time',
    });
    expect(clockPhaseEvents({ ...seed000, firstDate: '2026-02-30' })).toMatchObject({ ok: false, reason: 'phases/bad-date' });
  });

  it("opens 004's vote at 21:00 Moscow and tells how long is left", () => {
    const phases = clockPhases({
      timeZone: 'Europe/Moscow',
      firstDate: '2026-03-28',
      firstPhase: 'day',
      day: { start: '08:00', end: '22:00', voteOpens: '21:00' },
      night: { start: '22:00', end: '08:00' },
      phases: 4,
    });
    // Moscow is UTC+3 all year.
    expect(isVotingOpen(phases, { at: Date.parse('2026-03-28T17:59:00Z') })).toBe(false);
    expect(isVotingOpen(phases, { at: Date.parse('2026-03-28T18:00:00Z') })).toBe(true);
    expect(isVotingOpen(phases, { at: Date.parse('2026-03-28T19:30:00Z') })).toBe(false);
    expect(timeUntilDeadline(phases, Date.parse('2026-03-28T18:15:00Z'))).toMatchObject({
      phase: { kind: 'day', number: 1 },
      ms: 45 * 60_000,
    });
    expect(timeUntilDeadline(phases, Date.parse('2026-03-28T19:15:00Z'))).toMatchObject({ phase: { kind: 'night', number: 1 } });
  });

  it('a one-hour night in the hour a spring-forward skips lasts no time, and is still laid out in order', () => {
    // Israel moves its clocks from 02:00 to 03:00 on Friday 27 March 2026.
    const r = clockPhaseEvents({
      timeZone: 'Asia/Jerusalem',
      firstDate: '2026-03-26',
      firstPhase: 'day',
      day: { start: '03:00', end: '02:00' },
      night: { start: '02:00', end: '03:00' },
      phases: 3,
    });
    expect(r.ok).toBe(true);
    const phases = r.ok ? phasesFromEvents(r.events, 'day') : [];
    const night = phases[1];
    expect(night?.kind).toBe('night');
    expect(night === undefined ? NaN : endAt(night) - startAt(night)).toBe(0);
    expect(phases.map(startAt)).toEqual([...phases.map(startAt)].sort((a, b) => a - b));
  });

  it('keeps every phase inside its own hours and the phases in order, in any zone and season (property)', () => {
    const zones = ['Asia/Jerusalem', 'Europe/Berlin', 'Europe/Moscow', 'America/New_York', 'Australia/Sydney', 'UTC'];
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 364 }),
        hhmm,
        hhmm,
        hhmm,
        hhmm,
        fc.constantFrom('day' as const, 'night' as const),
        (timeZone, offset, ds, de, ns, ne, firstPhase) => {
          // A phase of an hour or less can fall wholly into the hour a spring-forward skips (02:00–03:00 lasts
          // no time at all that night): forum phases last hours, so the property is for phases of two hours and more.
          fc.pre(nominalMinutes(ds, de) >= 120 && nominalMinutes(ns, ne) >= 120);
          const d = new Date(Date.UTC(2026, 0, 1 + offset));
          const firstDate = d.toISOString().slice(0, 10);
          const r = clockPhaseEvents({
            timeZone,
            firstDate,
            firstPhase,
            day: { start: ds, end: de },
            night: { start: ns, end: ne },
            phases: 8,
          });
          if (!r.ok) return false;
          const phases = phasesFromEvents(r.events, firstPhase);
          for (let i = 0; i < phases.length; i++) {
            const p = phases[i];
            const s = startAt(p);
            const e = endAt(p);
            if (!(s < e) || e - s > 25 * hour) return false;
            const next = phases[i + 1];
            if (next !== undefined && startAt(next) < e) return false;
          }
          return true;
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('phases by post', () => {
  const hosts = ['Host'];
  const posts = thread([
    '0 Host: Welcome. Day 1 begins now.',
    '1 alice: hi all',
    '2 bob: [q]Day 2 begins[/q] is what I want to hear',
    '3 Host: Day 1 has ended. Night 1 begins.',
    '4 carol: I am posting at night',
    '5 Host: Day 2 has started!',
    '6 alice: morning',
    '7 Host: Day 2 is over.',
    '8 Host: Night 2 has begun',
  ]);

  it("reads the host's announcements, not a player's or a quote", () => {
    const r = composePhases({ firstPhase: 'day' }, posts, hosts);
    if (!r.ok) throw new Error(r.detail);
    expect(r.phases.map((p) => [p.kind, p.number, p.start, p.end])).toEqual([
      ['day', 1, { post: 0 }, { post: 3 }],
      ['night', 1, { post: 3 }, { post: 4 }],
      ['day', 2, { post: 5 }, { post: 7 }],
      ['night', 2, { post: 8 }, null],
    ]);
    const at = (n: number): string => {
      const position = phaseOfPost(r.phases, { number: n, postedAt: null });
      return position.in === 'phase' ? `${position.phase.kind} ${String(position.phase.number)}` : position.in;
    };
    expect([0, 2, 3, 4, 5, 7, 8].map(at)).toEqual(['day 1', 'day 1', 'night 1', 'night 1', 'day 2', 'day 2', 'night 2']);
  });

  it('lets a hand mark override what the posts say', () => {
    const r = composePhases({ firstPhase: 'day', marks: [{ post: 6, kind: 'day', number: 2, event: 'start' }] }, posts, hosts);
    if (!r.ok) throw new Error(r.detail);
    expect(r.phases.find((p) => p.kind === 'day' && p.number === 2)?.start).toEqual({ post: 6 });
    expect(phaseOfPost(r.phases, { number: 5, postedAt: null })).toMatchObject({ in: 'phase', phase: { kind: 'night', number: 1 } });
  });

  it('closes the thread after a day ends under "after-day-end", only inside nights under "night"', () => {
    const phases: Phase[] = [
      { kind: 'day', number: 1, start: { post: 0 }, end: { post: 10 } },
      { kind: 'day', number: 2, start: { post: 20 }, end: null },
    ];
    expect(isThreadClosed(phases, { number: 15 }, 'after-day-end')).toBe(true);
    expect(isThreadClosed(phases, { number: 15 }, 'night')).toBe(false);
    expect(isThreadClosed(phases, { number: 15 }, 'never')).toBe(false);
    expect(isThreadClosed(phases, { number: 10 }, 'after-day-end')).toBe(false);
  });

  it("takes the end of a day from the host's deadline post, the latest one winning", () => {
    const r = composePhases(
      { firstPhase: 'day', timeZone: 'Asia/Jerusalem' },
      thread([
        '0 Host 2026-06-01 06:00: Day 1 begins. Deadline: 2026-06-02 19:00',
        '1 alice 2026-06-01 07:00: ok',
        '2 Host 2026-06-02 10:00: Extending. New deadline: 2026-06-03 19:00 Israel time',
      ]),
      ['Host'],
    );
    if (!r.ok) throw new Error(r.detail);
    // June: Israel summer time, UTC+3.
    expect(r.phases[0]?.end).toEqual({ at: Date.parse('2026-06-03T16:00:00Z') });
    expect(r.events.filter((e) => e.source === 'deadline')).toHaveLength(2);
  });

  it("mixes the ways: the host's post starts a day the clock would have started later, the clock ends it", () => {
    const r = composePhases(
      { firstPhase: 'day', clock: { ...seed000, firstDate: '2026-06-01', firstPhase: 'day', phases: 3 } },
      thread(['0 Host 2026-06-01 05:30: Day 1 begins, early today!', '1 alice 2026-06-01 05:45: hello']),
      ['Host'],
    );
    if (!r.ok) throw new Error(r.detail);
    const day1 = r.phases[0];
    expect(day1?.start).toEqual({ post: 0 });
    expect(day1?.end).toEqual({ at: Date.parse('2026-06-01T16:00:00Z') });
    expect(phaseOfPost(r.phases, { number: 1, postedAt: Date.parse('2026-06-01T05:45:00Z') })).toMatchObject({
      in: 'phase',
      phase: { kind: 'day', number: 1 },
    });
    // A question at a moment about a post-started phase uses the posts' times.
    const inTime = phasesInTime(r.phases, thread(['0 Host 2026-06-01 05:30: x']));
    expect(phaseAt(inTime, { at: Date.parse('2026-06-01T05:40:00Z') })).toMatchObject({ in: 'phase', phase: { kind: 'day', number: 1 } });
  });

  it('says "unknown" for a post without a time against a clock boundary', () => {
    const phases = clockPhases(seed000);
    expect(phaseAt(phases, { number: 3, at: null }).in).toBe('unknown');
  });

  it('does not read a schedule ("Day 2 starts on Tuesday") or a far-off phase as the event', () => {
    const r = composePhases(
      { firstPhase: 'day' },
      thread([
        '0 Host: Welcome! Day 1 starts on Monday at 09:00. Current phase: Night 2, Day 3 begins soon.',
        '1 Host: Day 1 begins! Day 1 ends on Monday at 19:00.',
        '2 alice: hi',
        '3 Host: Elmo has been lynched. Night 1 begins. Day 2 starts on Tuesday at 09:00.',
        '4 Host: Day 3 begins',
        '5 Host: Day 2 begins!',
      ]),
      ['Host'],
    );
    if (!r.ok) throw new Error(r.detail);
    expect(r.phases.map((p) => [p.kind, p.number, p.start, p.end])).toEqual([
      ['day', 1, { post: 1 }, { post: 2 }],
      ['night', 1, { post: 3 }, { post: 4 }],
      ['day', 2, { post: 5 }, null],
    ]);
  });

  it('orders a game that starts at night (000: Night 1, Day 1, Night 2…)', () => {
    const r = composePhases(
      { firstPhase: 'night' },
      thread([
        '0 Host: Signups closed. Night 1 begins.',
        '1 alice: hi',
        '2 Host: Day 1 begins',
        '3 Host: Day 1 is over',
        '4 Host: Night 2 has started',
        '5 Host: Day 2 has begun',
      ]),
      ['Host'],
    );
    if (!r.ok) throw new Error(r.detail);
    expect(r.phases.map((p) => [p.kind, p.number, p.start, p.end])).toEqual([
      ['night', 1, { post: 0 }, { post: 1 }],
      ['day', 1, { post: 2 }, { post: 3 }],
      ['night', 2, { post: 4 }, { post: 4 }],
      ['day', 2, { post: 5 }, null],
    ]);
  });

  it("reads a Russian host's announcements (seed 004)", () => {
    const r = composePhases(
      { firstPhase: 'day' },
      thread([
        '0 Host: День 1 начался. Пишем стенки!',
        '1 Host: Голосование открыто',
        '2 Host: День 1 окончен. Ночь 1 наступила.',
        '3 Host: День 2 начался',
      ]),
      ['Host'],
    );
    if (!r.ok) throw new Error(r.detail);
    expect(r.phases.map((p) => [p.kind, p.number, p.start, p.end, p.voteOpens])).toEqual([
      ['day', 1, { post: 0 }, { post: 2 }, { post: 1 }],
      ['night', 1, { post: 2 }, { post: 2 }, undefined],
      ['day', 2, { post: 3 }, null, undefined],
    ]);
  });

  it('refuses a broken marker pattern as a value', () => {
    expect(composePhases({ firstPhase: 'day', markers: [{ event: 'start', pattern: '(' }] }, [], [])).toMatchObject({
      ok: false,
      reason: 'phases/bad-pattern',
    });
  });
});
