import { describe, expect, it } from 'vitest';
import { isOpenAt, localWeekTime } from './opening-hours.js';

const weekdays = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, open: true, start: '09:00', end: '17:00' }));

describe('opening hours', () => {
  it('reads the weekday and time in the practice’s own time zone', () => {
    // 2026-11-23 is a Monday; 14:30 UTC is 09:30 in New York and 06:30 in Los Angeles.
    const at = new Date('2026-11-23T14:30:00Z');
    expect(localWeekTime('America/New_York', at)).toEqual({ dayOfWeek: 1, minutes: 9 * 60 + 30 });
    expect(isOpenAt(weekdays, 'America/New_York', at)).toBe(true);
    expect(isOpenAt(weekdays, 'America/Los_Angeles', at)).toBe(false);
  });

  it('is closed at closing time, on days without hours and on days marked closed', () => {
    expect(isOpenAt(weekdays, 'UTC', new Date('2026-11-23T17:00:00Z'))).toBe(false);
    expect(isOpenAt(weekdays, 'UTC', new Date('2026-11-22T12:00:00Z'))).toBe(false);
    expect(
      isOpenAt([{ dayOfWeek: 1, open: false, start: '00:00', end: '23:59' }], 'UTC', new Date('2026-11-23T12:00:00Z')),
    ).toBe(false);
  });

  it('counts midnight as the start of the day', () => {
    expect(localWeekTime('UTC', new Date('2026-11-24T00:05:00Z'))).toEqual({ dayOfWeek: 2, minutes: 5 });
  });
});
