import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from './constants.js';

/** Ids in paths are at least 1 (spec 2 §5), and fit the database's integer ids. */
export const Id = z.coerce.number().int().min(1).max(2_147_483_647);
export const IdParams = z.object({ id: Id });

/** Times on the wire are epoch milliseconds. */
export const EpochMs = z.number().int();

/**
 * Options for a required field: when it is missing the caller reads `message`, not zod's
 * "expected string, received undefined".
 */
export const requiredField = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

export const Email = z
  .string(requiredField('E-mail is required'))
  .trim()
  .email('Invalid e-mail address')
  .max(254)
  .transform((v) => v.toLowerCase());

export const Password = z
  .string(requiredField('Password is required'))
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Normalises a phone number to E.164, or null when it is not a valid number (US by default). */
export function normalizePhone(text: string, defaultCountry: 'US' = 'US'): string | null {
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** The region (ISO country) a phone number belongs to, or null when invalid. */
export function phoneRegion(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, 'US');
  return parsed && parsed.isValid() ? (parsed.country ?? null) : null;
}

/** Phone text as typed: at least 8 characters; whether it is a real number is checked separately. */
export const PhoneText = z
  .string(requiredField('Phone is required'))
  .trim()
  .min(PHONE_MIN, `Phone must be at least ${PHONE_MIN} characters`)
  .max(32);

export const OkResponse = z.object({ ok: z.literal(true) });
