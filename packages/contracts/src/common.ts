import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_MIN } from './constants.js';

/** The largest id the database holds (serial, int4); a bigger one is refused before it reaches a query. */
export const MAX_ID = 2_147_483_647;
/** Ids in paths are at least 1 (spec 2 §5), and fit the database's integer ids. */
export const Id = z.coerce.number().int().min(1).max(MAX_ID);
export const IdParams = z.object({ id: Id });
/** An id sent as a JSON number (socket events), where a string is not accepted. */
export const JsonId = z.number().int().min(1).max(MAX_ID);

/** The latest time a JavaScript Date holds (year 275760); a later one could reach no query. */
export const MAX_EPOCH_MS = 8_640_000_000_000_000;
/** Times on the wire are epoch milliseconds. */
export const EpochMs = z.number().int().min(-MAX_EPOCH_MS).max(MAX_EPOCH_MS);
/** Whether `v` is an IANA time zone the runtime knows ("America/Chicago"). */
export const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

/** A time in a query string (a lower or upper bound of a list). */
export const EpochMsParam = z.coerce.number().int().min(0).max(MAX_EPOCH_MS);

/**
 * Options for a required field: when it is missing the caller reads `message`, not zod's
 * "expected string, received undefined".
 */
export const requiredField = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? message : undefined),
});

/**
 * Control characters (C0, DEL, C1), line and paragraph separators, and the marks that reorder
 * displayed text (bidi embeddings, overrides and isolates; LRM, RLM, ALM). None belongs in a name
 * or a file name: a line break in a name written into an e-mail or text adds lines of the
 * writer's choosing, and a right-to-left override makes `invoice\u202Egpj.exe` read as a picture.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, 'gu');

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/**
 * The one rule every name follows (people, practices, organisations, departments, networks, tags,
 * bots, custom properties, keys): it refuses control characters and direction marks, naming the
 * field, rather than storing them or quietly changing what was typed. `schema` keeps its own
 * trimming, length and messages.
 */
export const plainName = <T extends z.ZodString>(schema: T, label: string): T =>
  schema.refine(
    (v) => !hasControlCharacters(v),
    `${label} must not contain control characters or text-direction marks`,
  );

/**
 * A file name as stored and shown: control characters and direction marks taken out (a file is
 * named by its system, not typed, so it is cleaned rather than refused) and Unicode composed
 * (NFC), so the name ends in the extension it shows and one name has one spelling.
 */
export const cleanFileName = (name: string) => name.replace(CONTROL_CHARACTERS_ALL, '').normalize('NFC');

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
    pageSize: z.coerce
      .number()
      .int()
      .min(1, 'pageSize must be at least 1')
      .max(100, 'pageSize must be at most 100')
      .default(pageSize),
  });

/** A paged answer: one page of items and how many there are in all. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), count: z.number().int() });

/** A name filter on a list; an empty one lists everything. */
export const NameFilter = z.string().trim().max(100).optional();
