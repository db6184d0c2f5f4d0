/** The practice as the API shows and takes it; its endpoints are in practices.ts. */
import { z } from 'zod';
import { BillingBasis, LocationKind, PracticeType, Role } from './enums.js';
import { Email, EpochMs, PhoneText, isTimeZone, plainName, requiredField } from './common.js';
import { FileDescriptor } from './files.js';
import { HexColor, PracticeTag } from './practice-tags.js';
import { OpeningHoursEntry, OpeningHoursInput } from './opening-hours.js';
import { Gates } from './practice-gates.js';
import { isValidNpi } from './catalogues.js';

/** The product's own video host; spec 2 §3 allows only it or none. */
export const VirtualAppointmentHost = z.enum(['REFERWELL']);

/**
 * The whole practice (spec 1 §3) as its members see it. `gates` are the effective flags;
 * `stripeId` and `stripeSubscription` are shown only to those who may manage billing.
 */
export const Practice = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
  name: z.string(),
  type: PracticeType,
  identifier: z.string().nullable(),
  address: z.string().nullable(),
  building: z.string().nullable(),
  placeId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  country: z.string(),
  timezone: z.string(),
  phoneNumber: z.string().nullable(),
  npiIdentifier: z.string().nullable(),
  about: z.string().nullable(),
  logoUrl: z.string().nullable(),
  profilePhoto: z.string().nullable(),
  colorScheme: z.string().nullable(),
  alternativeScheduleLink: z.string().nullable(),
  appointmentRequestRedirectLink: z.string().nullable(),
  openingHours: z.array(OpeningHoursEntry),
  welcomeMessageOpen: z.string().nullable(),
  welcomeMessageClosed: z.string().nullable(),
  defaultAppointmentLocation: LocationKind.nullable(),
  defaultVirtualAppointmentHost: VirtualAppointmentHost.nullable(),
  liaisonEmails: z.array(z.string()),
  gates: Gates,
  isIndividual: z.boolean(),
  isThirdParty: z.boolean(),
  tierTimeout: z.number().int(),
  maxReferralMatchRadius: z.number().int(),
  allowOuterNetworkMatching: z.boolean(),
  autoArchiveEnabled: z.boolean(),
  campaignShareLimit: z.number().int().nullable(),
  organisationId: z.number().int().nullable(),
  billingBasis: BillingBasis,
  billingEmail: z.string().nullable(),
  stripeId: z.string().nullable(),
  stripeSubscription: z.string().nullable(),
  subscriptionStatus: z.string().nullable(),
  locked: z.boolean(),
  active: z.boolean(),
  tags: z.array(PracticeTag),
});
export type Practice = z.infer<typeof Practice>;

/** Text that may be cleared: blank becomes null. */
const clearableText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullable()
    .optional();

/** A web link for patients to follow; blank clears it. Hosts must be real domain names. */
const Link = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: 'Enter a full link starting with http:// or https://',
      })
      .max(1000, 'Links must be at most 1000 characters')
      .nullable(),
  )
  .optional();

const PracticeName = plainName(
  z
    .string(requiredField('Practice name is required'))
    .trim()
    .min(1, 'Practice name is required')
    .max(200, 'Practice name must be at most 200 characters'),
  'Practice name',
);
/** Third-party practices are made by platform administrators (spec 2 §1), never by their members. */
const OwnPracticeType = PracticeType.refine(
  (t) => t !== 'THIRD_PARTY',
  'Only platform administrators can make a practice third party',
);
const PhoneOrNull = z
  .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), PhoneText.nullable())
  .optional();

/** An NPI: 10 digits with a valid check digit; blank clears it. */
const NpiIdentifier = z
  .string()
  .trim()
  .regex(/^(\d{10})?$/, 'NPI must be 10 digits')
  .refine((v) => v === '' || isValidNpi(v), 'Invalid NPI')
  .transform((v) => v || null)
  .nullable()
  .optional();

/**
 * Spec 1 §3's create payload, plus the NPI (optional): a practice that gives it is told at once
 * when another practice already has it (450), rather than after setting everything up.
 */
export const CreatePracticeBody = z.object({
  name: PracticeName,
  address: clearableText(500, 'Address'),
  placeId: clearableText(300, 'Place id'),
  phoneNumber: PhoneOrNull,
  building: clearableText(200, 'Building'),
  type: OwnPracticeType.default('PRACTICE'),
  npiIdentifier: NpiIdentifier,
});

/**
 * What members may change; the address is always required (spec 1 §5), other fields left out stay
 * as they are and null clears them. Fields the server owns (ids, logo and photo, gates, billing,
 * locked, active, third party, organisation) are not part of it; a client sending them back is ignored.
 */
export const UpdatePracticeBody = z.object({
  name: PracticeName.optional(),
  address: z
    .string(requiredField('Address is required'))
    .trim()
    .min(1, 'Address is required')
    .max(500, 'Address must be at most 500 characters'),
  type: OwnPracticeType.optional(),
  identifier: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^([a-z0-9][a-z0-9-]{1,48}[a-z0-9])?$/, 'The handle is 3 to 50 letters, digits or dashes')
    .transform((v) => v || null)
    .nullable()
    .optional(),
  building: clearableText(200, 'Building'),
  placeId: clearableText(300, 'Place id'),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code')
    .optional(),
  timezone: z.string().trim().refine(isTimeZone, 'Unknown time zone').optional(),
  phoneNumber: PhoneOrNull,
  npiIdentifier: NpiIdentifier,
  about: clearableText(5000, 'About'),
  colorScheme: HexColor.nullable().optional(),
  alternativeScheduleLink: Link,
  appointmentRequestRedirectLink: Link,
  openingHours: OpeningHoursInput.optional(),
  welcomeMessageOpen: clearableText(1000, 'Welcome message'),
  welcomeMessageClosed: clearableText(1000, 'Welcome message'),
  defaultAppointmentLocation: LocationKind.nullable().optional(),
  defaultVirtualAppointmentHost: VirtualAppointmentHost.nullable().optional(),
  liaisonEmails: z.array(Email).max(20, 'At most 20 liaison e-mails').optional(),
  tierTimeout: z
    .number()
    .int()
    .min(1, 'Tier timeout is at least 1 minute')
    .max(10_080, 'Tier timeout is at most a week')
    .optional(),
  maxReferralMatchRadius: z.number().int().min(1).max(500, 'Match radius is at most 500 miles').optional(),
  allowOuterNetworkMatching: z.boolean().optional(),
  autoArchiveEnabled: z.boolean().optional(),
  campaignShareLimit: z.number().int().min(0).max(1_000_000).nullable().optional(),
});
export type UpdatePracticeBody = z.output<typeof UpdatePracticeBody>;

export const Branding = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  colorScheme: z.string().nullable(),
  profilePhoto: z.string().nullable(),
});

/** A member as practice lists show them. */
export const PracticeUser = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roles: z.array(Role),
});
export type PracticeUser = z.infer<typeof PracticeUser>;

/**
 * Logos and profile photos are at most this large: 10 MB in base 1000, as every size the app shows
 * is (and as MAX_FILE_BYTES is), so "at most 10 MB" means what the file list says of a file.
 */
export const MAX_IMAGE_BYTES = 10 * 1000 * 1000;

/**
 * An upload descriptor (spec 1 §3: name, size, header) plus the file's MD5, which the upload must
 * match like every other file (spec 3 §3). The bytes decide whether it is an image.
 */
export const UploadDescriptor = FileDescriptor.pick({ name: true, header: true, hash: true }).extend({
  size: z
    .number(requiredField('File size is required'))
    .int()
    .min(1, 'The file is empty')
    .max(MAX_IMAGE_BYTES, 'Images must be at most 10 MB'),
  type: FileDescriptor.shape.type.optional(),
});
