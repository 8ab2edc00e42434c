/** Text dates as boards show them, read in the board's zone, relative words against `now`. */
import { describe, expect, it } from 'vitest';
import { parseMachineTime, parseTextDate, toBoardZone, zoneOffsetMinutes } from '../../src/parsers/index';
import { zoneFromFooter } from '../../src/parsers/time';

const utc = { kind: 'fixed', minutes: 0 } as const;
const now = Date.parse('2025-03-04T15:00:00Z');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('parseTextDate', () => {
  it.each([
    ['Sun May 26, 2019 4:34 pm', '2019-05-26T16:34:00.000Z'],
    ['2016-02-01, 02:21', '2016-02-01T02:21:00.000Z'],
    ['03-02-2025, 06:00 PM', '2025-03-02T18:00:00.000Z'],
    ['Mar 02, 2025, 06:41 PM', '2025-03-02T18:41:00.000Z'],
    ['November 28, 2016, 07:50:00 PM', '2016-11-28T19:50:00.000Z'],
    ['Oct 30, 2014 at 10:48 PM', '2014-10-30T22:48:00.000Z'],
    ['Today at 7:50 PM', '2025-03-04T19:50:00.000Z'],
    ['Yesterday, 12:05 AM', '2025-03-03T00:05:00.000Z'],
    ['5 minutes ago', '2025-03-04T14:55:00.000Z'],
    ['Less than a minute ago', '2025-03-04T15:00:00.000Z'],
    ['Сегодня, 19:50', '2025-03-04T19:50:00.000Z'],
    ['Вчера, 08:00', '2025-03-03T08:00:00.000Z'],
    ['28.11.2016, 19:50', '2016-11-28T19:50:00.000Z'],
    ['28 ноября 2016, 19:50', '2016-11-28T19:50:00.000Z'],
  ])('%s', (text, expected) => {
    expect(iso(parseTextDate(text, { now, zone: utc }))).toBe(expected);
  });

  it('reads text in the board zone, across a DST change (Europe/Berlin)', () => {
    const berlin = toBoardZone('Europe/Berlin');
    expect(berlin).toBeDefined();
    if (berlin === undefined) return;
    expect(iso(parseTextDate('2025-03-29, 12:00', { now, zone: berlin }))).toBe('2025-03-29T11:00:00.000Z');
    expect(iso(parseTextDate('2025-03-31, 12:00', { now, zone: berlin }))).toBe('2025-03-31T10:00:00.000Z');
  });

  it('"Today" is the board\'s today, not UTC\'s', () => {
    // 2025-03-04T23:30Z is already March 5 in Moscow
    const lateNow = Date.parse('2025-03-04T23:30:00Z');
    const moscow = toBoardZone('Europe/Moscow');
    if (moscow === undefined) throw new Error('zone');
    expect(iso(parseTextDate('Сегодня, 01:00', { now: lateNow, zone: moscow }))).toBe('2025-03-04T22:00:00.000Z');
  });

  it('reads day-first numbers when told', () => {
    expect(iso(parseTextDate('03-02-2025 10:00', { now, zone: utc, order: 'dmy' }))).toBe('2025-02-03T10:00:00.000Z');
  });

  it('returns null for text that is no date', () => {
    expect(parseTextDate('Member', { now, zone: utc })).toBeNull();
    expect(parseTextDate('', { now, zone: utc })).toBeNull();
  });
});

describe('zones', () => {
  it.each([
    ['All times are GMT -5. The time now is 07:00 PM.', -300],
    ['All times are GMT. The time now is 05:23 AM.', 0],
    ['All times are GMT-5. This page was generated at 12:11 AM.', -300],
    ['All times are UTC [ DST ]', 60],
    ['All times are UTC - 5 hours', -300],
    ['All times are UTC+5:30', 330],
  ])('%s', (text, minutes) => {
    expect(zoneFromFooter(text)).toEqual({ kind: 'fixed', minutes });
  });

  it('reads zone options', () => {
    expect(toBoardZone('+03:00')).toEqual({ kind: 'fixed', minutes: 180 });
    expect(toBoardZone('UTC')).toEqual({ kind: 'fixed', minutes: 0 });
    expect(toBoardZone('Not/AZone')).toBeUndefined();
    const ny = toBoardZone('America/New_York');
    if (ny === undefined) throw new Error('zone');
    expect(zoneOffsetMinutes(ny, Date.parse('2025-01-15T12:00:00Z'))).toBe(-300);
    expect(zoneOffsetMinutes(ny, Date.parse('2025-07-15T12:00:00Z'))).toBe(-240);
  });

  it('reads machine times: unix seconds, ms, ISO with and without offset', () => {
    expect(parseMachineTime('1290336718')).toBe(1290336718000);
    expect(parseMachineTime('1690000000000')).toBe(1690000000000);
    expect(iso(parseMachineTime('2010-11-21T10:51:58+0000'))).toBe('2010-11-21T10:51:58.000Z');
    expect(iso(parseMachineTime('2019-05-26T16:34:00+02:00'))).toBe('2019-05-26T14:34:00.000Z');
    expect(iso(parseMachineTime('2019-04-09T08:37:23', { kind: 'fixed', minutes: -420 }))).toBe('2019-04-09T15:37:23.000Z');
    expect(parseMachineTime('soon')).toBeNull();
  });
});
