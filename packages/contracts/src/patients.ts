import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, Id, IdParams, PhoneText, paged, plainName, requiredField } from './common.js';
import { parseDob } from './dates.js';
import { Gender } from './enums.js';

/** Patients as practices keep them (spec 2 §3 Patient, §7 Patients). */

const tags = ['Patients'];

/** Spec 2 §9: a patient's referrals come 10 to a page. */
export const PATIENT_REFERRALS_PAGE_SIZE = 10;
export const PATIENTS_PAGE_SIZE = 30;

/**
 * A patient in one practice's records. Each practice keeps its own record: a referral accepted by
 * another practice gives that practice a record of its own, so edits never cross practices.
 * A dependant (a child, say) has a `parentId` and may share the parent's phone.
 */
export const Patient = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  practiceId: z.number().int(),
  parentId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /** MM/DD/YYYY. */
  dateOfBirth: z.string().nullable(),
  gender: Gender.nullable(),
  /** The patient's insurance payer (an insurance id). */
  insurance: z.number().int().nullable(),
  insuranceName: z.string().nullable(),
  addressPlaceId: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Patient = z.infer<typeof Patient>;

/** Who a referral is about, as the practices on it see the patient. */
export const PatientSummary = Patient.pick({
  id: true,
  uuid: true,
  firstName: true,
  lastName: true,
  dateOfBirth: true,
  gender: true,
  phoneNumber: true,
});
export type PatientSummary = z.infer<typeof PatientSummary>;

export const DOB_MESSAGE = 'Date of birth must be in the format MM/DD/YYYY';

/** Spec 2 §5: MM/DD/YYYY, a real date, not in the future. */
export const DateOfBirth = z
  .string()
  .trim()
  .refine((v) => parseDob(v) !== null, DOB_MESSAGE);

const PersonName = (label: string) =>
  plainName(
    z
      .string(requiredField(`${label} is required`))
      .trim()
      .min(1, `${label} is required`)
      .max(100, `${label} must be at most 100 characters`),
    label,
  );

/** Optional text that may be cleared: blank becomes null. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal('').transform(() => null), schema])
    .nullable()
    .optional();

const PatientFields = z.object({
  firstName: PersonName('First name'),
  lastName: PersonName('Last name'),
  phoneNumber: clearable(PhoneText),
  // toLowerCase, not a transform: a transform inside the union would hide the e-mail message behind 'Invalid input'.
  email: clearable(z.string().trim().toLowerCase().email('Invalid e-mail address').max(254)),
  dateOfBirth: clearable(DateOfBirth),
  gender: Gender.nullable().optional(),
  insurance: Id.nullable().optional(),
  addressPlaceId: clearable(z.string().trim().max(200)),
});

export const PatientCreate = PatientFields.extend({ practiceId: Id, parentId: Id.optional() });
export type PatientCreate = z.input<typeof PatientCreate>;

const PracticeQuery = z.object({ practiceId: Id });

export const createPatient = endpoint({
  method: 'POST',
  path: '/api/v1/patient',
  summary: 'Add a patient to a practice; a phone number is required unless the patient is a dependant (parentId)',
  tags,
  auth: 'user',
  apiKey: true,
  status: 201,
  body: PatientCreate,
  response: Patient,
});

export const getPatient = endpoint({
  method: 'GET',
  path: '/api/v1/patient/:id',
  summary: 'A patient of the practice',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PracticeQuery,
  response: Patient,
});

export const updatePatient = endpoint({
  method: 'PUT',
  path: '/api/v1/patient/:id',
  summary: 'Edit a patient; fields left out stay, blank ones are cleared',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PracticeQuery,
  body: PatientFields.partial().strict(),
  response: Patient,
});

export const patientByPhone = endpoint({
  method: 'GET',
  path: '/api/v1/patients/phone',
  summary: "The practice's patient with this phone number (not a dependant sharing it)",
  tags,
  auth: 'user',
  apiKey: true,
  query: PracticeQuery.extend({ phoneNumber: PhoneText }),
  response: Patient,
});

export const listPatients = endpoint({
  method: 'GET',
  path: '/api/v1/patients',
  summary: "The practice's patients by name, matching `query` on name, phone or e-mail",
  tags,
  auth: 'user',
  apiKey: true,
  query: PracticeQuery.extend({
    skip: z.coerce.number().int().min(0, 'skip starts at 0').default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'limit must be at least 1')
      .max(100, 'limit must be at most 100')
      .default(PATIENTS_PAGE_SIZE),
    query: z.string().trim().max(100).optional(),
  }),
  response: paged(Patient),
});
