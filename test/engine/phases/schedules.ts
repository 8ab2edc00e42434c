/** Clock schedules of the seed games, shared by the phase tests. */
import type { ClockSchedule } from '../../../src/engine';

/** Seed 000: "Nighttime is 9pm-7am, and daytime is 9am-7pm … in Israel time", starting with Night 1. */
export const seed000: ClockSchedule = {
  timeZone: 'Asia/Jerusalem',
  firstDate: '2026-03-24',
  firstPhase: 'night',
  day: { start: '09:00', end: '19:00' },
  night: { start: '21:00', end: '07:00' },
  phases: 10,
};
