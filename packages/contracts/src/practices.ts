import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { BillingBasis, LocationKind, PracticeType, Role } from './enums.js';
import { Email, EpochMs, Id, IdParams, OkResponse, PhoneText, paged, plainName, requiredField } from './common.js';
import { GATES_VERSION, PAGE_SIZE } from './constants.js';
import { PracticeSummary } from './users.js';
import { FileDescriptor, UploadLink } from './files.js';
import { HexColor, PracticeTag } from './practice-tags.js';

export * from './practice-tags.js';

/** Practice calls (spec 1 §7 Practices, spec 2 §7 Practice-level). */

const tags = ['Practices'];

/** Spec 1 §7 gives no size for the practice users list; 30 matches the other people lists. */
export const PRACTICE_USERS_PAGE_SIZE = 30;
/** Practice search for joining (spec 1 §5). */
export const PRACTICE_SEARCH_PAGE_SIZE = 30;

/** One day of a practice's week; dayOfWeek 0 is Sunday. Times are "HH:mm" in the practice's time zone. */
export const OpeningHoursEntry = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  open: z.boolean(),
  start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
  end: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm'),
});
export type OpeningHoursEntry = z.infer<typeof OpeningHoursEntry>;

const OpeningHoursList = z
  .array(OpeningHoursEntry)
  .max(7, 'Opening hours have at most one entry per day')
  .superRefine((entries, ctx) => {
    const seen = new Set<number>();
    entries.forEach((e, i) => {
      if (seen.has(e.dayOfWeek))
        ctx.addIssue({ code: 'custom', path: [i, 'dayOfWeek'], message: 'Each day of the week may appear once' });
      seen.add(e.dayOfWeek);
      if (e.open && e.end <= e.start)
        ctx.addIssue({ code: 'custom', path: [i, 'end'], message: 'Closing time must be after opening time' });
    });
  });

/** Opening hours arrive as a structure or as the same structure in JSON text (spec 1 §3). */
export const OpeningHoursInput = z
  .preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Opening hours must be valid JSON', input: value });
      return z.NEVER;
    }
  }, OpeningHoursList)
  .describe('A list of entries, or the same list as JSON text');

/** Feature flags by product area; a practice's own `gates` override these defaults. */
export const GATE_NAMES = [
  'referrals',
  'chat',
  'appointments',
  'calendar',
  'patients',
  'inbox',
  'content',
  'contentSequences',
  'forms',
  'bots',
  'campaigns',
  'analytics',
  'billing',
  'benefitCards',
  'networks',
  'departments',
  'organisations',
  'apiKeys',
  'customProperties',
  'videoVisits',
] as const;
export const GateName = z.enum(GATE_NAMES);
export type GateName = z.infer<typeof GateName>;
export const Gates = z.record(GateName, z.boolean());
export type Gates = z.infer<typeof Gates>;

/** Core areas are on for every practice; add-ons that need setup or a plan start off. */
export const DEFAULT_GATES: Gates = {
  referrals: true,
  chat: true,
  appointments: true,
  calendar: true,
  patients: true,
  inbox: true,
  content: true,
  contentSequences: true,
  forms: true,
  bots: false,
  campaigns: false,
  analytics: true,
  billing: true,
  benefitCards: false,
  networks: true,
  departments: true,
  organisations: true,
  apiKeys: true,
  customProperties: true,
  videoVisits: false,
};

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

const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};

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

export const CreatePracticeBody = z.object({
  name: PracticeName,
  address: clearableText(500, 'Address'),
  placeId: clearableText(300, 'Place id'),
  phoneNumber: PhoneOrNull,
  building: clearableText(200, 'Building'),
  type: OwnPracticeType.default('PRACTICE'),
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
  npiIdentifier: z
    .string()
    .trim()
    .regex(/^(\d{10})?$/, 'NPI must be 10 digits')
    .transform((v) => v || null)
    .nullable()
    .optional(),
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

const Page = z.coerce.number().int().min(0).max(100_000).default(0);
const PeopleQuery = (pageSize: number) =>
  z.object({
    page: Page,
    pageSize: z.coerce.number().int().min(1).max(100).default(pageSize),
    name: z.string().trim().max(200).optional(),
  });

const UserIdBody = z.object({ userId: Id });
const UuidParams = z.object({ id: z.string().uuid('Not a practice id') });

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

export const createPractice = endpoint({
  method: 'POST',
  path: '/api/v1/practices',
  summary: 'Create a practice; the creator becomes its admin',
  tags,
  auth: 'user',
  body: CreatePracticeBody,
  response: Practice,
  status: 201,
});

export const searchPractices = endpoint({
  method: 'GET',
  path: '/api/v1/practices',
  summary: 'Find active practices by name, to ask to join one',
  tags,
  auth: 'user',
  query: z.object({
    query: z
      .string(requiredField('Enter part of a practice name'))
      .trim()
      .min(1, 'Enter part of a practice name')
      .max(200),
    page: Page,
  }),
  response: paged(PracticeSummary),
});

export const getPractice = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id',
  summary: 'The whole practice, with its tags',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: Practice,
});

export const practiceSummary = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/summary',
  summary: "A practice's public summary; practices see each other for referrals",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  response: PracticeSummary,
});

export const updatePractice = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id',
  summary: 'Edit the practice profile, opening hours and referral settings',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: UpdatePracticeBody,
  response: Practice,
});

export const branding = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/branding',
  summary: 'Name, logo and colours for patient-facing pages, by practice uuid',
  tags,
  auth: 'public',
  params: UuidParams,
  response: Branding,
});

export const gates = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/gates',
  summary: "The practice's feature flags",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({
    type: z.enum(['WEB', 'IOS', 'ANDROID']).default('WEB'),
    version: z
      .string()
      .regex(/^\d{1,4}\.\d{1,4}\.\d{1,4}$/, 'Version must look like 4.3.0')
      .default(GATES_VERSION),
  }),
  response: Gates,
});

export const recentPractices = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/recentPractices',
  summary: 'Practices this practice dealt with lately, newest first',
  tags,
  auth: 'user',
  params: IdParams,
  response: z.array(PracticeSummary),
});

export const providers = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/providers',
  summary: "The practice's providers, by last name",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PeopleQuery(PAGE_SIZE.practiceProviders),
  response: paged(PracticeUser),
});

export const users = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/users',
  summary: 'Everyone in the practice with their roles, by last name',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PeopleQuery(PRACTICE_USERS_PAGE_SIZE),
  response: paged(PracticeUser),
});

export const addAdmin = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/addAdmin',
  summary: 'Make a member an admin',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: PracticeUser,
});

export const removeAdmin = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/removeAdmin',
  summary: 'Take the admin role from a member; the last admin stays',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: PracticeUser,
});

export const removeUser = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/removeUser',
  summary: 'Remove someone from the practice',
  tags,
  auth: 'user',
  params: IdParams,
  body: UserIdBody,
  response: OkResponse,
});

export const leave = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/leave',
  summary: 'Leave the practice. A GET that changes state, so cookie callers must send the X-XSRF-TOKEN header',
  tags,
  auth: 'user',
  params: IdParams,
  response: OkResponse,
});

export const billingEmail = endpoint({
  method: 'PUT',
  path: '/api/v1/practice/:id/billingEmail',
  summary: 'Set where invoices go',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ billingEmail: Email }),
  response: Practice,
});

export const logoUpload = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/logo',
  summary: 'Ask for an upload link for the practice logo',
  tags,
  auth: 'user',
  params: IdParams,
  body: UploadDescriptor,
  response: UploadLink,
});

export const practiceProfilePhoto = endpoint({
  method: 'POST',
  path: '/api/v1/practice/profilePhoto',
  summary: "Ask for an upload link for the practice's profile photo",
  tags,
  auth: 'user',
  body: UploadDescriptor.extend({ practiceId: Id }),
  response: UploadLink,
});

/** Taking the logo or the practice's photo down again (not in the spec; docs/decisions.md); the practice answers without it. */
export const removeLogo = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/logo',
  summary: 'Remove the practice logo',
  tags,
  auth: 'user',
  params: IdParams,
  response: Practice,
});

export const removePracticeProfilePhoto = endpoint({
  method: 'DELETE',
  path: '/api/v1/practice/:id/profilePhoto',
  summary: "Remove the practice's profile photo",
  tags,
  auth: 'user',
  params: IdParams,
  response: Practice,
});

/** Removing it again is usersApi.removeUserProfilePhoto, with the user's other calls. */
export const userProfilePhoto = endpoint({
  method: 'POST',
  path: '/api/v1/user/:id/profilePhoto',
  summary: 'Ask for an upload link for your profile photo',
  tags: ['Users'],
  auth: 'user',
  params: IdParams,
  body: UploadDescriptor.extend({ practiceId: Id }),
  response: UploadLink,
});
