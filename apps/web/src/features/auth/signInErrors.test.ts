import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { describeSignInError } from './signInErrors';

const error = (status: number, code: string, message: string) => new ApiError(status, code, message);

describe('describeSignInError', () => {
  it('puts credential and code mistakes on the field', () => {
    expect(describeSignInError(error(451, 'BAD_CREDENTIALS', 'Incorrect email or password'))).toEqual({
      target: 'field',
      message: 'Incorrect email or password',
    });
    expect(describeSignInError(error(457, 'INCORRECT_CODE', 'Incorrect code')).message).toBe(
      'That code is not right. Check it and try again.',
    );
  });

  it('keeps the server wording for an expired code', () => {
    expect(describeSignInError(error(457, 'INCORRECT_CODE', 'This code has expired. Ask for a new one.')).message).toBe(
      'This code has expired. Ask for a new one.',
    );
  });

  it('says how long to wait after too many wrong passwords, and what works meanwhile', () => {
    const held = error(
      458,
      'TOO_MANY_LOGIN_ATTEMPTS',
      'Too many attempts with a wrong password. Try again in 2 minutes.',
    );
    expect(describeSignInError(held)).toEqual({
      target: 'form',
      message:
        'Too many attempts with a wrong password. Try again in 2 minutes. Meanwhile you can reset your password, or sign in with your phone number.',
    });
  });

  it.each([
    [459, 'This account is locked. Contact your practice administrator to unlock it.'],
    [429, 'Too many requests. Wait a moment and try again.'],
  ])('explains %s above the form', (status, message) => {
    expect(describeSignInError(error(status, 'X', 'x'))).toEqual({ target: 'form', message });
  });

  it('sends an unverified account to the phone sign-in, which verifies it', () => {
    expect(describeSignInError(error(461, 'USER_NEEDS_VERIFICATION', 'x'))).toMatchObject({
      target: 'form',
      message: expect.stringMatching(/not been verified.*phone number/),
      restart: true,
      usePhone: true,
    });
  });

  it('starts over when the flow is gone', () => {
    expect(describeSignInError(error(456, 'OBJECT_NOT_FOUND', 'x'))).toMatchObject({ target: 'form', restart: true });
    expect(describeSignInError(error(456, 'OBJECT_NOT_FOUND', 'Object not found')).message).toBe(
      'This sign-in has expired. Please start again.',
    );
  });

  it('says why it starts over after too many wrong codes', () => {
    const used = error(
      456,
      'OBJECT_NOT_FOUND',
      'That code is not right, and that was the last try: start again to get a new code.',
    );
    expect(describeSignInError(used)).toEqual({ target: 'form', message: used.message, restart: true });
  });

  it('reports an unreachable server', () => {
    expect(describeSignInError(error(0, 'NETWORK_ERROR', 'x')).message).toMatch(/Could not reach the server/);
  });
});
