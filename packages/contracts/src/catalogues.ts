import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { IdParams, Id, pageQuery, paged, requiredField } from './common.js';
import { PracticeSummary } from './users.js';

/** Specialities, insurance payers, the insurance matrix and NPI checks (spec 1 §7, spec 2 §7). */

const tags = ['Catalogues'];

/** The spec gives no page size for these lookups; 30 matches the other lists of spec 2 §9. */
export const SPECIALITIES_PAGE_SIZE = 30;
export const INSURANCE_PAGE_SIZE = 30;
/** A provider lists the specialities they practise; more than this is not a speciality any more. */
export const MAX_PROVIDER_SPECIALITIES = 20;

/** A search text: when given it has at least one character (spec 2 §5). */
const LookupQuery = z
  .string()
  .trim()
  .min(1, 'Query must be at least 1 character')
  .max(100, 'Query must be at most 100 characters')
  .optional();

/** A NUCC Health Care Provider Taxonomy entry (spec 2 §3 Speciality). */
export const Speciality = z.object({
  id: z.number().int(),
  name: z.string(),
  taxonomyCode: z.string(),
  /** NUCC grouping, e.g. "Allopathic & Osteopathic Physicians". */
  branch: z.string(),
  classification: z.string(),
  specialization: z.string().nullable(),
  /** What patients and staff call it: "cardiologist", "ENT", "OB/GYN". */
  colloquial: z.array(z.string()),
});
export type Speciality = z.infer<typeof Speciality>;

export const listSpecialities = endpoint({
  method: 'GET',
  path: '/api/v1/specialities',
  summary: 'Search the NUCC provider taxonomy by name, classification, colloquial name or code; best matches first',
  tags,
  auth: 'user',
  query: pageQuery(SPECIALITIES_PAGE_SIZE).extend({ query: LookupQuery }),
  response: paged(Speciality),
});

export const getSpeciality = endpoint({
  method: 'GET',
  path: '/api/v1/speciality/:id',
  summary: 'One speciality',
  tags,
  auth: 'user',
  params: IdParams,
  response: Speciality,
});

/** An insurance payer (spec 1 §3 Insurance). Payers that are not `searchable` stay readable by id. */
export const Insurance = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The payer's electronic (EDI) payer id, when it has a single national one. */
  payerId: z.string().nullable(),
  searchable: z.boolean(),
});
export type Insurance = z.infer<typeof Insurance>;

export const listInsurances = endpoint({
  method: 'GET',
  path: '/api/v1/insurance',
  summary: 'Search insurance payers by name; best matches first',
  tags,
  auth: 'user',
  query: pageQuery(INSURANCE_PAGE_SIZE).extend({ query: LookupQuery }),
  response: paged(Insurance),
});

export const getInsurance = endpoint({
  method: 'GET',
  path: '/api/v1/insurance/:id',
  summary: 'One insurance payer',
  tags,
  auth: 'user',
  params: IdParams,
  response: Insurance,
});

/** The insurances a provider accepts in one practice. */
export const InsuranceMatrixEntry = z.object({
  practiceId: z.number().int(),
  insuranceIds: z.array(z.number().int()),
  insurances: z.array(Insurance),
});
export type InsuranceMatrixEntry = z.infer<typeof InsuranceMatrixEntry>;

export const insuranceMatrix = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/insurance/matrix',
  summary:
    'The insurances a user accepts, per practice: all their practices for themselves, shared practices for colleagues',
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(InsuranceMatrixEntry),
});

const UserInsuranceBody = z.object({
  practiceId: Id,
  insuranceId: Id,
});

export const addUserInsurance = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/insurance',
  summary: 'Accept an insurance in a practice (the user themselves, or an admin of the practice)',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserInsuranceBody,
  response: InsuranceMatrixEntry,
});

export const removeUserInsurance = endpoint({
  method: 'DELETE',
  path: '/api/v1/user/:id/insurance',
  summary: 'Stop accepting an insurance in a practice (the user themselves, or an admin of the practice)',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserInsuranceBody,
  response: InsuranceMatrixEntry,
});

/**
 * Not in the spec: referral matching needs to know what a provider practises, so providers keep
 * their own list of specialities.
 */
export const userSpecialities = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/specialities',
  summary: 'The specialities a provider practises (themselves, or colleagues in a shared practice)',
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(Speciality),
});

export const setUserSpecialities = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/specialities',
  summary: 'Replace the specialities the signed-in provider practises',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({
    specialityIds: z
      .array(Id, requiredField('specialityIds is required'))
      .max(MAX_PROVIDER_SPECIALITIES, `At most ${MAX_PROVIDER_SPECIALITIES} specialities`),
  }),
  response: z.array(Speciality),
});

/**
 * The NPI check digit (CMS): Luhn over the nine leading digits prefixed with the card issuer
 * code 80840, as an NPI is also an ISO 7812 card number.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the NPPES registry says about an NPI. */
export const NpiRegistryRecord = z.object({
  npi: z.string(),
  kind: z.enum(['INDIVIDUAL', 'ORGANIZATION']),
  name: z.string(),
  credential: z.string().nullable(),
  status: z.string().nullable(),
  taxonomies: z.array(z.object({ code: z.string(), description: z.string().nullable(), primary: z.boolean() })),
  address: z
    .object({
      line1: z.string().nullable(),
      line2: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
});
export type NpiRegistryRecord = z.infer<typeof NpiRegistryRecord>;

export const NpiLookupResponse = z.object({
  npi: z.string(),
  /** Practices on Referwell that carry this NPI. */
  practices: z.array(PracticeSummary),
  /** The registry's record; null when no registry is configured, it does not know the NPI or does not answer. */
  registry: NpiRegistryRecord.nullable(),
});
export type NpiLookupResponse = z.infer<typeof NpiLookupResponse>;

export const npiLookup = endpoint({
  method: 'GET',
  path: '/api/v1/npi',
  summary: 'Check an NPI (10 digits, Luhn check digit) and look it up among practices and in the NPPES registry',
  tags,
  auth: 'user',
  query: z.object({
    npiIdentifier: z.string(requiredField('Invalid NPI')).trim().refine(isValidNpi, 'Invalid NPI'),
  }),
  response: NpiLookupResponse,
});
