import { describe, expect, it } from 'vitest';
import { hoursAndMinutes, matchingTimeError, matchingTimeLabel } from './matchingTime';

describe('matching time', () => {
  it('reads minutes as hours and minutes', () => {
    expect(hoursAndMinutes(45)).toBe('45 minutes');
    expect(hoursAndMinutes(60)).toBe('1 hour');
    expect(hoursAndMinutes(90)).toBe('1 hour 30 minutes');
    expect(hoursAndMinutes(10_080)).toBe('168 hours');
    expect(matchingTimeLabel(1)).toBe('1 minute');
    expect(matchingTimeLabel(121)).toBe('121 minutes (2 hours 1 minute)');
  });

  it('accepts whole minutes from 1 to a week', () => {
    expect(matchingTimeError('')).toBe('Enter the matching time limit in minutes');
    expect(matchingTimeError(0)).toMatch(/from 1 to 10080/);
    expect(matchingTimeError(10_081)).toMatch(/from 1 to 10080/);
    expect(matchingTimeError(1.5)).toMatch(/whole number/);
    expect(matchingTimeError(10_080)).toBeNull();
  });
});
