import { ERRORS, normalizePhone } from '@referwell/contracts';
import { AppError } from './errors.js';

/**
 * The E.164 form of a phone number as typed. An invalid one is refused with
 * ERROR_INVALID_PHONE_NUMBER, carrying an issue on the field it came from so forms show the message
 * on that input.
 */
export function validPhone(text: string, field: string, where: 'body' | 'querystring' = 'body'): string {
  const phone = normalizePhone(text);
  if (phone) return phone;
  const message = ERRORS.ERROR_INVALID_PHONE_NUMBER.message;
  throw new AppError('ERROR_INVALID_PHONE_NUMBER', message, [{ path: [where, field], message }]);
}

/** The same for an optional field: undefined (unchanged) and null (cleared) pass through. */
export function validOptionalPhone(text: string | null | undefined, field: string): string | null | undefined {
  return text === undefined || text === null ? text : validPhone(text, field);
}
