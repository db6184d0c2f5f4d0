import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, formatDate, type DateFormatName } from './dates';

// Local-time constructors keep the expectations independent of the machine's time zone.
const tuesday = new Date(2024, 2, 5, 14, 7);
const sameDay = new Date(2024, 2, 5, 9, 0);
const nextDay = new Date(2024, 2, 6, 9, 0);

const expected: Record<DateFormatName, string> = {
  RelativeShort: 'Mar 5, 2:07 PM',
  Relative: 'March 5, 2024 at 2:07 PM',
  FullSmall: 'Tue, Mar 5, 2024 2:07 PM',
  FullSmallNoDay: 'Mar 5, 2024 2:07 PM',
  DOB: '03/05/2024',
  Invoice: 'March 5, 2024',
  SmallDayToday: 'Tue, Mar 5',
  SmallDay: 'Tue, Mar 5',
  Time: '2:07 PM',
  ShortMonthDay: 'Mar 5',
  ShortMonthDayToday: 'Mar 5',
  MonthYearToday: 'March 2024',
};

describe('formatDate', () => {
  it.each(Object.keys(DATE_FORMATS) as DateFormatName[])('formats %s', (name) => {
    expect(formatDate(tuesday, name, nextDay)).toBe(expected[name]);
  });

  it.each(['SmallDayToday', 'ShortMonthDayToday', 'MonthYearToday'] as const)(
    'says Today for %s on the same day',
    (name) => {
      expect(formatDate(tuesday, name, sameDay)).toBe('Today');
    },
  );

  it('reads ten-digit numbers as epoch seconds and longer ones as milliseconds', () => {
    const seconds = Math.floor(tuesday.getTime() / 1000);
    expect(String(seconds)).toHaveLength(10);
    expect(formatDate(seconds, 'FullSmallNoDay')).toBe('Mar 5, 2024 2:07 PM');
    expect(formatDate(tuesday.getTime(), 'FullSmallNoDay')).toBe('Mar 5, 2024 2:07 PM');
    expect(formatDate(String(seconds), 'Time')).toBe('2:07 PM');
  });

  it('reads a date of birth as day/month/year and shows it month/day/year', () => {
    expect(formatDate('25/12/1980', 'DOB')).toBe('12/25/1980');
    expect(formatDate('5.3.1990', 'DOB')).toBe('03/05/1990');
    expect(formatDate('31/02/1980', 'DOB')).toBe('');
  });

  it('shows nothing for missing or impossible values', () => {
    expect(formatDate(null, 'Time')).toBe('');
    expect(formatDate(undefined, 'Time')).toBe('');
    expect(formatDate('not a date', 'Time')).toBe('');
  });
});
