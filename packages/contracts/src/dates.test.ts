import { describe, expect, it } from 'vitest';
import { formatDob, parseDayMonthYear, parseDob, toDate } from './dates.js';

describe('parseDob (MM/DD/YYYY)', () => {
  const now = new Date('2024-06-15T12:00:00Z');

  it('reads a valid date of birth', () => {
    expect(parseDob('07/04/1990', now)).toEqual({ year: 1990, month: 7, day: 4 });
    expect(parseDob('  12/31/1985 ', now)).toEqual({ year: 1985, month: 12, day: 31 });
  });

  it('accepts 29 February in a leap year only', () => {
    expect(parseDob('02/29/2020', now)).toEqual({ year: 2020, month: 2, day: 29 });
    expect(parseDob('02/29/2021', now)).toBeNull();
  });

  it('refuses impossible dates', () => {
    expect(parseDob('02/30/2020', now)).toBeNull();
    expect(parseDob('04/31/2000', now)).toBeNull();
    expect(parseDob('13/01/2000', now)).toBeNull();
    expect(parseDob('00/10/2000', now)).toBeNull();
    expect(parseDob('01/00/2000', now)).toBeNull();
    expect(parseDob('01/01/1899', now)).toBeNull();
  });

  it('refuses dates in the future but accepts today', () => {
    expect(parseDob('06/16/2024', now)).toBeNull();
    expect(parseDob('01/01/2999')).toBeNull();
    expect(parseDob('06/15/2024', now)).toEqual({ year: 2024, month: 6, day: 15 });
  });

  it('refuses other formats', () => {
    for (const text of ['1990-07-04', '7/4/1990', '07-04-1990', '07/04/90', '07/04/1990x', '', 'abc']) {
      expect(parseDob(text, now), text).toBeNull();
    }
  });
});

describe('parseDayMonthYear', () => {
  it('reads day/month/year with /, . or - separators and one-digit parts', () => {
    expect(parseDayMonthYear('31/12/1990')).toEqual({ year: 1990, month: 12, day: 31 });
    expect(parseDayMonthYear('31.12.1990')).toEqual({ year: 1990, month: 12, day: 31 });
    expect(parseDayMonthYear('1-2-1990')).toEqual({ year: 1990, month: 2, day: 1 });
  });

  it('refuses impossible dates and other formats', () => {
    expect(parseDayMonthYear('30/02/1990')).toBeNull();
    expect(parseDayMonthYear('12/31/1990')).toBeNull(); // month 31 does not exist
    expect(parseDayMonthYear('1990-12-31')).toBeNull();
    expect(parseDayMonthYear('31/12/90')).toBeNull();
  });
});

describe('formatDob', () => {
  it('shows month/day/year with zero padding', () => {
    expect(formatDob({ year: 1990, month: 1, day: 2 })).toBe('01/02/1990');
    expect(formatDob({ year: 2001, month: 11, day: 30 })).toBe('11/30/2001');
  });

  it('round-trips with parseDob', () => {
    const date = parseDob('03/09/1977')!;
    expect(formatDob(date)).toBe('03/09/1977');
  });
});

describe('toDate', () => {
  const instant = '2023-11-14T22:13:20.000Z';

  it('reads ten-digit numbers as epoch seconds', () => {
    expect(toDate(1_700_000_000).toISOString()).toBe(instant);
    expect(toDate('1700000000').toISOString()).toBe(instant);
  });

  it('reads longer numbers as epoch milliseconds', () => {
    expect(toDate(1_700_000_000_000).toISOString()).toBe(instant);
    expect(toDate('1700000000000').toISOString()).toBe(instant);
    expect(toDate(1_700_000_000_123).getTime()).toBe(1_700_000_000_123);
  });

  it('reads ISO strings', () => {
    expect(toDate('2024-01-02T03:04:05Z').toISOString()).toBe('2024-01-02T03:04:05.000Z');
    expect(toDate('2024-01-02T03:04:05.678+02:00').toISOString()).toBe('2024-01-02T01:04:05.678Z');
  });

  it('returns a Date unchanged', () => {
    const d = new Date(instant);
    expect(toDate(d)).toBe(d);
  });
});
