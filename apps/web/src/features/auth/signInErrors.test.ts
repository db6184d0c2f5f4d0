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

  it.each([
    [458, 'Too many sign-in attempts. Wait 15 minutes, then try again.'],
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
  });

  it('reports an unreachable server', () => {
    expect(describeSignInError(error(0, 'NETWORK_ERROR', 'x')).message).toMatch(/Could not reach the server/);
  });
});
