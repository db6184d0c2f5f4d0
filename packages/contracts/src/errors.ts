import { z } from 'zod';

/**
 * The error catalogue of spec 1 §8. Every error leaving the server carries one of these codes and
 * the status listed here; clients switch on `code`, never on the message text.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'Incorrect params' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  CSRF_EXPIRED: { status: 403, message: 'CSRF expired' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  FILE_NOT_READY: { status: 409, message: 'The file is still being scanned' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, try again later' },
  /** A text-message limit (per person, practice or number): the message names it and the wait, for people to read. */
  TEXT_LIMIT_REACHED: { status: 429, message: 'Too many text messages, try again later' },
  ERROR_OBJECT_EXISTS: { status: 450, message: 'Object exists' },
  BAD_CREDENTIALS: { status: 451, message: 'Incorrect email or password' },
  INVITE_EXPIRED: { status: 452, message: 'Invite expired' },
  /** A patient's link to an appointment that has passed or was cancelled (spec 1 §8 gives 452 to both). */
  APPOINTMENT_EXPIRED: { status: 452, message: 'Appointment expired' },
  APPOINTMENT_NOT_FOUND: { status: 453, message: 'Appointment not found' },
  REFERRAL_ALREADY_ACCEPTED: { status: 454, message: 'Referral already accepted' },
  TOO_MANY_RESULTS: { status: 455, message: 'Too many results' },
  OBJECT_NOT_FOUND: { status: 456, message: 'Object not found' },
  INCORRECT_CODE: { status: 457, message: 'Incorrect code' },
  TOO_MANY_LOGIN_ATTEMPTS: { status: 458, message: 'Too many login attempts, try again later' },
  LOCKED_ACCOUNT: { status: 459, message: 'This account is locked, contact your administrator' },
  USER_NEEDS_VERIFICATION: { status: 461, message: 'User needs verification' },
  ERROR_INVALID_PHONE_NUMBER: { status: 400, message: 'Invalid phone number' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  BAD_GATEWAY: { status: 502, message: 'An outside service did not answer' },
  NOT_IMPLEMENTED: { status: 501, message: 'Not implemented' },
  UNHEALTHY: { status: 503, message: 'Service unhealthy' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

export const ValidationIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** The JSON body of every error response. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z.array(ValidationIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
