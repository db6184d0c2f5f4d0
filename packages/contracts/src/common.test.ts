import { describe, expect, it } from 'vitest';
import { Email, Id, Password, PhoneText } from './common.js';

describe('Email', () => {
  it('lower-cases and trims an address', () => {
    expect(Email.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });

  it('refuses text that is not an address with a clear message', () => {
    for (const text of ['nope', 'a@b', '@example.com', 'jane@', 'jane doe@example.com']) {
      const result = Email.safeParse(text);
      expect(result.success, text).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Invalid e-mail address');
    }
  });
});

describe('Password', () => {
  it('accepts 10 to 70 characters', () => {
    expect(Password.safeParse('a'.repeat(10)).success).toBe(true);
    expect(Password.safeParse('a'.repeat(70)).success).toBe(true);
  });

  it('refuses shorter or longer passwords with the limit in the message', () => {
    expect(Password.safeParse('a'.repeat(9)).error?.issues[0]?.message).toBe('Password must be at least 10 characters');
    expect(Password.safeParse('a'.repeat(71)).error?.issues[0]?.message).toBe('Password must be at most 70 characters');
  });
});

describe('PhoneText', () => {
  it('needs at least 8 characters after trimming', () => {
    expect(PhoneText.safeParse('  1234567  ').error?.issues[0]?.message).toBe('Phone must be at least 8 characters');
    expect(PhoneText.parse(' 12345678 ')).toBe('12345678');
  });
});

describe('required fields', () => {
  it('say what is missing instead of naming the expected type', () => {
    expect(Email.safeParse(undefined).error?.issues[0]?.message).toBe('E-mail is required');
    expect(Password.safeParse(undefined).error?.issues[0]?.message).toBe('Password is required');
    expect(PhoneText.safeParse(undefined).error?.issues[0]?.message).toBe('Phone is required');
  });

  it('still name the expected type for a value of the wrong type', () => {
    expect(Email.safeParse(42).error?.issues[0]?.message).toMatch(/expected string/);
  });
});

describe('Id', () => {
  it('reads path ids of at least 1', () => {
    expect(Id.parse('42')).toBe(42);
    expect(Id.safeParse('0').success).toBe(false);
    expect(Id.safeParse('1.5').success).toBe(false);
    expect(Id.safeParse('abc').success).toBe(false);
    expect(Id.parse('2147483647')).toBe(2_147_483_647);
    expect(Id.safeParse('2147483648').success).toBe(false);
  });
});
