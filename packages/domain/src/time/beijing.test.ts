import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  beijingClockText,
  beijingDateOf,
  beijingDateText,
  beijingDateTimeSecondsText,
  beijingDateTimeText,
  beijingIsoText,
  beijingStartOf,
  beijingToday,
  daysBetween,
} from './beijing';

describe('beijingToday', () => {
  it('turns the date at 16:00 UTC, not at midnight UTC', () => {
    expect(beijingToday(new Date('2026-11-23T15:59:59Z'))).toBe('2026-11-23');
    expect(beijingToday(new Date('2026-11-23T16:00:00Z'))).toBe('2026-11-24');
    expect(beijingToday(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
  it('starts each Beijing day at 16:00 UTC of the day before', () => {
    expect(beijingStartOf('2026-11-24').toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });
  it('round-trips: an instant lies in the Beijing day that starts at or before it', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (d) => {
          const day = beijingDateOf(d);
          const start = beijingStartOf(day).getTime();
          return start <= d.getTime() && d.getTime() < start + 86_400_000;
        },
      ),
    );
  });
});

describe('daysBetween and addDays', () => {
  it('counts calendar days across months and leap years', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-11-24', '2026-11-23')).toBe(-1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('are inverse', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20000, max: 20000 }),
        (n) => daysBetween('2026-01-01', addDays('2026-01-01', n)) === n,
      ),
    );
  });
});

describe('screen text of instants', () => {
  it('writes API seconds in Beijing time', () => {
    // 2026-11-25 17:05:30 UTC is 2026-11-26 01:05 in Beijing.
    const s = Date.UTC(2026, 10, 25, 17, 5, 30) / 1000;
    expect(beijingDateTimeText(s)).toBe('2026-11-26 01:05');
    expect(beijingDateTimeSecondsText(s)).toBe('2026-11-26 01:05:30');
    expect(beijingDateText(s)).toBe('2026-11-26');
    expect(beijingClockText(s)).toBe('01:05');
    // The API's ISO strings, with or without an offset of their own.
    expect(beijingIsoText('2026-11-25T17:05:30.000Z')).toBe('2026-11-26 01:05');
    expect(beijingIsoText('2026-11-26T01:05:30+08:00')).toBe('2026-11-26 01:05');
  });
});
