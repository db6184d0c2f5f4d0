import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneRegion } from './phone.js';

describe('normalizePhone', () => {
  it('turns US numbers typed in any common way into E.164', () => {
    for (const text of ['(202) 555-0143', '202 555 0143', '2025550143', '+1 202 555 0143', '1-202-555-0143']) {
      expect(normalizePhone(text), text).toBe('+12025550143');
    }
  });

  it('keeps international numbers typed with a country code', () => {
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('answers null for text that is not a real number', () => {
    for (const text of ['12345678', '000-000-0000', 'not a phone', '', '+1 202']) {
      expect(normalizePhone(text), text).toBeNull();
    }
  });
});

describe('phoneRegion', () => {
  it('names the country of a valid number', () => {
    expect(phoneRegion('2025550143')).toBe('US');
    expect(phoneRegion('+44 20 7946 0958')).toBe('GB');
  });

  it('answers null for an invalid number', () => {
    expect(phoneRegion('123')).toBeNull();
    expect(phoneRegion('12345678')).toBeNull();
  });
});

describe('formatPhone', () => {
  it('shows US numbers nationally and others internationally', () => {
    expect(formatPhone('+12025550143')).toBe('(202) 555-0143');
    expect(formatPhone('202-555-0143')).toBe('(202) 555-0143');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('leaves text that is not a valid number as it is', () => {
    expect(formatPhone('ext. 12')).toBe('ext. 12');
    expect(formatPhone('Referral 2025550143 sent')).toBe('Referral 2025550143 sent');
    expect(formatPhone('+1 ••• ••• 0111')).toBe('+1 ••• ••• 0111');
    expect(formatPhone('pat@example.com')).toBe('pat@example.com');
  });
});
