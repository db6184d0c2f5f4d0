import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { hasControlCharacters, Id, plainName } from './common.js';
import { isValidNpi } from './catalogues.js';
import { PracticeMembership } from './users.js';

/**
 * A person's working life on Referwell (spec 1 §7 Users: PUT user/business/settings, POST
 * user/convert/provider; the bodies are not shown, docs/decisions.md "Professional details and
 * becoming a provider"). Apart from users.ts because the NPI check lives in catalogues.ts, which
 * itself reads users.ts.
 */

const tags = ['Users'];

export const MAX_CREDENTIALS_LENGTH = 60;
export const MAX_BIO_LENGTH = 1000;

/** What other practices see of a person's profession; each is null until they give it. */
export const ProfessionalDetails = z.object({
  /** Letters after the name, e.g. "MD, FAAOS". */
  credentials: z.string().nullable(),
  /** The individual (type 1) NPI. */
  npi: z.string().nullable(),
  bio: z.string().nullable(),
});
export type ProfessionalDetails = z.infer<typeof ProfessionalDetails>;

/** An empty answer clears the field. */
const orNull = (v: string) => (v === '' ? null : v);

export const ProfessionalDetailsBody = z
  .object({
    credentials: plainName(
      z.string().trim().max(MAX_CREDENTIALS_LENGTH, `Credentials must be at most ${MAX_CREDENTIALS_LENGTH} characters`),
      'Credentials',
    )
      .transform(orNull)
      .nullable(),
    npi: z
      .string()
      .trim()
      .refine((v) => v === '' || isValidNpi(v), 'Enter a 10-digit NPI ending in its check digit')
      .transform(orNull)
      .nullable(),
    // Paragraphs are welcome in a bio; other control characters and direction marks are not.
    bio: z
      .string()
      .trim()
      .max(MAX_BIO_LENGTH, `Bio must be at most ${MAX_BIO_LENGTH} characters`)
      .refine(
        (v) => !hasControlCharacters(v.replace(/\r?\n/g, '')),
        'Bio must not contain control characters or text-direction marks',
      )
      .transform(orNull)
      .nullable(),
  })
  .partial()
  .strict();

export const updateProfessionalDetails = endpoint({
  method: 'PUT',
  path: '/api/v1/user/business/settings',
  summary: "Change the signed-in user's professional details (credentials, NPI, bio); fields left out stay",
  tags,
  auth: 'user',
  body: ProfessionalDetailsBody,
  response: ProfessionalDetails,
});

export const convertToProvider = endpoint({
  method: 'POST',
  path: '/api/v1/user/convert/provider',
  summary:
    'A staff member who is a clinician becomes a provider in one of their practices: their STAFF role there becomes PROVIDER',
  tags,
  auth: 'user',
  body: z.object({ practiceId: Id }).strict(),
  response: PracticeMembership,
});
