import { describe, expect, it } from 'vitest';
import type { OpeningHoursEntry } from '@referwell/contracts';
import { byPreferenceFit, preferenceFit, utcOffsetMinutes, type PreferenceRequest } from './preferences.js';

const open = (dayOfWeek: number, start: string, end: string): OpeningHoursEntry => ({
  dayOfWeek,
  open: true,
  start,
  end,
});
/** A Wednesday in January: New York is UTC-5, Los Angeles UTC-8, no daylight saving. */
const WINTER = new Date('2025-01-15T12:00:00Z');
const fromNewYork = (preferences: PreferenceRequest['preferences'], at = WINTER): PreferenceRequest => ({
  preferences,
  timeZone: 'America/New_York',
  at,
});

describe('how opening hours cover preferred times', () => {
  const weekdays = [1, 2, 3, 4, 5].map((d) => open(d, '09:00', '17:00'));

  it('counts the preferred times the practice is open at, and the open minutes inside them', () => {
    expect(
      preferenceFit(
        weekdays,
        'America/New_York',
        fromNewYork([
          { day: 'MON', timeOfDay: 'AM' },
          { day: 'SAT', timeOfDay: 'ANY' },
        ]),
      ),
    ).toEqual({ met: 1, of: 2, openMinutes: 180 });
    expect(
      preferenceFit(
        weekdays,
        'America/New_York',
        fromNewYork([
          { day: 'TUE', timeOfDay: 'PM' },
          { day: 'WED', timeOfDay: 'ANY' },
        ]),
      ),
    ).toEqual({ met: 2, of: 2, openMinutes: 300 + 480 });
  });

  it("reads the patient's times in the sender's time zone and the hours in the practice's", () => {
    // Monday 9-12 in Los Angeles is 12-15 in New York: not a New York morning.
    const losAngelesMornings = [open(1, '09:00', '12:00')];
    expect(
      preferenceFit(losAngelesMornings, 'America/Los_Angeles', fromNewYork([{ day: 'MON', timeOfDay: 'AM' }])),
    ).toMatchObject({ met: 0 });
    expect(
      preferenceFit(losAngelesMornings, 'America/Los_Angeles', fromNewYork([{ day: 'MON', timeOfDay: 'PM' }])),
    ).toEqual({ met: 1, of: 1, openMinutes: 180 });
    // Across the week's end: Saturday 22:00 in Los Angeles is already Sunday in New York.
    const lateSaturday = [open(6, '22:00', '23:30')];
    expect(preferenceFit(lateSaturday, 'America/Los_Angeles', fromNewYork([{ day: 'SUN', timeOfDay: 'AM' }]))).toEqual({
      met: 1,
      of: 1,
      openMinutes: 90,
    });
    expect(
      preferenceFit(lateSaturday, 'America/Los_Angeles', fromNewYork([{ day: 'SAT', timeOfDay: 'ANY' }])),
    ).toMatchObject({ met: 0 });
  });

  it('has no fit without opening hours on file (nothing entered, or every day closed)', () => {
    expect(preferenceFit([], 'America/New_York', fromNewYork([{ day: 'MON', timeOfDay: 'ANY' }]))).toBeNull();
    expect(
      preferenceFit(
        [{ ...open(1, '09:00', '17:00'), open: false }],
        'America/New_York',
        fromNewYork([{ day: 'MON', timeOfDay: 'ANY' }]),
      ),
    ).toBeNull();
  });

  it("takes the zones' offsets at the time of routing (daylight saving)", () => {
    expect(utcOffsetMinutes('America/New_York', WINTER)).toBe(-300);
    expect(utcOffsetMinutes('America/New_York', new Date('2025-07-15T12:00:00Z'))).toBe(-240);
    expect(utcOffsetMinutes('America/Phoenix', new Date('2025-07-15T12:00:00Z'))).toBe(-420);
    expect(utcOffsetMinutes('UTC', WINTER)).toBe(0);
    // Phoenix keeps standard time: 8-9 there is 11-12 in a New York summer, 10-11 in winter.
    const phoenixEight = [open(1, '08:00', '09:00')];
    const mondayMorning = [{ day: 'MON' as const, timeOfDay: 'AM' as const }];
    expect(
      preferenceFit(phoenixEight, 'America/Phoenix', fromNewYork(mondayMorning, new Date('2025-07-15T12:00:00Z'))),
    ).toMatchObject({ met: 1, openMinutes: 60 });
    expect(
      preferenceFit(
        [open(1, '09:00', '10:00')],
        'America/Phoenix',
        fromNewYork(mondayMorning, new Date('2025-07-15T12:00:00Z')),
      ),
    ).toMatchObject({ met: 0 });
  });

  it('ranks more preferred times met first, unknown hours between some and none, then more open minutes', () => {
    const fits = [
      { name: 'none', fit: { met: 0, of: 2, openMinutes: 0 } },
      { name: 'unknown', fit: null },
      { name: 'one-short', fit: { met: 1, of: 2, openMinutes: 60 } },
      { name: 'one-long', fit: { met: 1, of: 2, openMinutes: 240 } },
      { name: 'both', fit: { met: 2, of: 2, openMinutes: 120 } },
    ];
    expect(fits.sort((a, b) => byPreferenceFit(a.fit, b.fit)).map((f) => f.name)).toEqual([
      'both',
      'one-long',
      'one-short',
      'unknown',
      'none',
    ]);
  });
});
