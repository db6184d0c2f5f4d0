import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { serverFieldErrors } from './errors';

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
    expect(serverFieldErrors(error, ['currentPassword'])).toEqual({ fieldErrors: {}, message: 'Your current password is not right' });
  });
});
