import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage, serverFieldErrors } from './errors';

describe('serverFieldErrors', () => {
  it('puts issues the server reports under body.<field> on that field', () => {
    const error = new ApiError(400, 'BAD_REQUEST', 'First name is required', [
      { path: ['body', 'firstName'], message: 'First name is required' },
      { path: ['body', 'unknownThing'], message: 'Unrecognized key' },
    ]);
    expect(serverFieldErrors(error, ['firstName', 'lastName'])).toEqual({
      fieldErrors: { firstName: 'First name is required' },
      message: 'Unrecognized key',
    });
  });

  it('shows a failure that is not about fields above the form', () => {
    const error = new ApiError(451, 'BAD_CREDENTIALS', 'Your current password is not right');
    expect(serverFieldErrors(error, ['currentPassword'])).toEqual({
      fieldErrors: {},
      message: 'Your current password is not right',
    });
  });
});

describe('errorMessage', () => {
  it('shows a text limit, which says which and when to try again, as the server words it', () => {
    const error = new ApiError(
      429,
      'TEXT_LIMIT_REACHED',
      'You can have at most 20 text messages sent in 10 minutes. Try again in 4 minutes.',
    );
    expect(errorMessage(error)).toBe(
      'You can have at most 20 text messages sent in 10 minutes. Try again in 4 minutes.',
    );
  });

  it('puts other limits in plain words', () => {
    expect(errorMessage(new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests, try again later'))).toBe(
      'Too many requests. Wait a moment and try again.',
    );
  });
});
