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

/**
 * A phone number as people read it: US numbers in the national form, '(202) 555-0143', others in
 * the international one, '+44 20 7946 0958'. Text that is not a valid number is shown as it is.
 */
export function formatPhone(text: string): string {
  const parsed = parsePhoneNumberFromString(text, 'US');
  if (!parsed || !parsed.isValid()) return text;
  return parsed.country === 'US' ? parsed.formatNational() : parsed.formatInternational();
}

/** Phone text as typed: at least 8 characters; whether it is a real number is checked separately. */
export const PhoneText = z
  .string(requiredField('Phone is required'))
  .trim()
  .min(PHONE_MIN, `Phone must be at least ${PHONE_MIN} characters`)
  .max(32);

export const OkResponse = z.object({ ok: z.literal(true) });

/** Page query of a paged list: pages start at 0; `pageSize` defaults to the spec's size for the list. */
export const pageQuery = (pageSize: number) =>
  z.object({
    page: z.coerce.number().int().min(0, 'page starts at 0').default(0),
    pageSize: z.coerce.number().int().min(1, 'pageSize must be at least 1').max(100, 'pageSize must be at most 100').default(pageSize),
  });

/** A paged answer: one page of items and how many there are in all. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), count: z.number().int() });

/** A name filter on a list; an empty one lists everything. */
export const NameFilter = z.string().trim().max(100).optional();
