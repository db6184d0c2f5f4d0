import { describe, expect, it } from 'vitest';
import { validOptionalPhone, validPhone } from './phone.js';

describe('validPhone', () => {
  it('gives the E.164 form of a US number as typed', () => {
    expect(validPhone('(202) 555-0101', 'phone')).toBe('+12025550101');
  });

  it('refuses an invalid number with the catalogue code and an issue on the field', () => {
    expect(() => validPhone('12345678', 'phoneNumber')).toThrow(
      expect.objectContaining({
        code: 'ERROR_INVALID_PHONE_NUMBER',
        status: 400,
        issues: [{ path: ['body', 'phoneNumber'], message: 'Invalid phone number' }],
      }),
    );
    expect(() => validPhone('nope', 'phoneNumber', 'querystring')).toThrow(
      expect.objectContaining({ issues: [{ path: ['querystring', 'phoneNumber'], message: 'Invalid phone number' }] }),
    );
  });

  it('lets an optional field stay unchanged (undefined) or be cleared (null)', () => {
    expect(validOptionalPhone(undefined, 'phoneNumber')).toBeUndefined();
    expect(validOptionalPhone(null, 'phoneNumber')).toBeNull();
    expect(validOptionalPhone('202-555-0101', 'phoneNumber')).toBe('+12025550101');
  });
});
