import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, EpochMsParam, Id, IdParams, OkResponse, pageQuery, paged } from './common.js';
import { PracticeSummary } from './users.js';
import { PersonSummary } from './directory.js';
import { FileView } from './files.js';
import { PracticeTag } from './practices.js';
import { LocationKind } from './enums.js';
import { PATIENT_REFERRALS_PAGE_SIZE, PatientSummary } from './patients.js';
import { PAGE_SIZE } from './constants.js';

/** Referrals between practices (spec 1 §3 Referral, §4, §7 Referrals). */

const tags = ['Referrals'];

/** A BASIC referral goes to one named practice; a SPECIALTY referral is routed by matching. */
export const ReferralType = z.enum(['BASIC', 'SPECIALTY']);
export type ReferralType = z.infer<typeof ReferralType>;

/**
 * Where a referral is in its life (ARCHITECTURE.md draws the machine). OFFERED: waiting for a
 * practice to accept; ACCEPTED and RESCHEDULED: a practice took it; REJECTED: the one practice of a
 * BASIC referral declined; EXPIRED: no tier accepted in time; CANCELLED: the sender withdrew it.
 */
export const ReferralStatus = z.enum(['OFFERED', 'ACCEPTED', 'RESCHEDULED', 'REJECTED', 'EXPIRED', 'CANCELLED']);
export type ReferralStatus = z.infer<typeof ReferralStatus>;

export const ScheduleType = z.enum(['NEXT', 'PREFERENCE', 'URGENT']);
export type ScheduleType = z.infer<typeof ScheduleType>;
export const Day = z.enum(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
export type Day = z.infer<typeof Day>;
export const TimeOfDay = z.enum(['AM', 'PM', 'ANY']);
export type TimeOfDay = z.infer<typeof TimeOfDay>;
export const ReferralDistance = z.enum(['NEAR', 'NORMAL', 'FAR']);
export type ReferralDistance = z.infer<typeof ReferralDistance>;

/** Miles from the patient for each distance; each practice's maxReferralMatchRadius caps it. */
export const DISTANCE_MILES: Record<ReferralDistance, number> = { NEAR: 10, NORMAL: 25, FAR: 50 };

export const SchedulePreference = z.object({ day: Day, timeOfDay: TimeOfDay });
export type SchedulePreference = z.infer<typeof SchedulePreference>;

/** Preferences in a query string: "MON-AM,WED-ANY" (day-timeOfDay pairs). */
export const schedulePreferencesText = (preferences: readonly SchedulePreference[]) =>
  preferences.map((p) => `${p.day}-${p.timeOfDay}`).join(',');

const SchedulePreferencesText = z
  .string()
  .trim()
  .max(300)
  .transform((text) =>
    text
      ? text.split(',').map((pair) => {
          const [day, timeOfDay] = pair.trim().split('-');
          return { day, timeOfDay };
        })
      : [],
  )
  .pipe(z.array(SchedulePreference).max(21, 'At most 21 preferences'))
  .describe("PREFERENCE: the patient's preferred times as day-timeOfDay pairs, e.g. MON-AM,WED-ANY");

/** The lists of GET /referrals/{type}, each seen from the caller's practice. */
export const ReferralListType = z.enum(['inbox', 'sent', 'archived']);
export type ReferralListType = z.infer<typeof ReferralListType>;

/** Notes and comments are at most this long. */
export const REFERRAL_TEXT_MAX = 5_000;

/**
 * The appointment a practice proposes when it accepts or reschedules: spec 2 §3's accept payload,
 * kept whole for the appointments issue to act on.
 */
export const ReferralAppointment = z.object({
  start: EpochMs,
  end: EpochMs,
  /** One of the accepting practice's departments. */
  departmentId: z.number().int().nullable(),
  appointmentLocation: LocationKind.nullable(),
  addressOverride: z.string().nullable(),
  virtualLink: z.string().nullable(),
  virtualAppointmentHost: z.string().nullable(),
  scheduleType: ScheduleType.nullable(),
  /** The content (spec 2 §3 Content) the appointment came from, if any. */
  contentUuid: z.string().nullable(),
  /** The intake submission the appointment came from, if any. */
  submissionId: z.number().int().nullable(),
});
export type ReferralAppointment = z.infer<typeof ReferralAppointment>;

/** One step of a referral's timeline: who moved it, from which practice, when. */
export const ReferralEventKind = z.enum([
  'CREATED',
  'OFFERED',
  'TIER_EXPIRED',
  'ACCEPTED',
  'REJECTED',
  'RESCHEDULED',
  'CANCELLED',
  'EXPIRED',
  'ARCHIVED',
  'UNARCHIVED',
]);
export type ReferralEventKind = z.infer<typeof ReferralEventKind>;

export const ReferralEvent = z.object({
  id: z.number().int(),
  kind: ReferralEventKind,
  /** Null for the system (a tier running out, say). */
  actor: PersonSummary.nullable(),
  practice: PracticeSummary.nullable(),
  /** OFFERED: the practices offered and the tier; REJECTED/CANCELLED: the reason; … */
  details: z.record(z.string(), z.unknown()),
  at: EpochMs,
});
export type ReferralEvent = z.infer<typeof ReferralEvent>;

/** A referral in a list, seen from the caller's practice. */
export const ReferralSummary = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  type: ReferralType,
  status: ReferralStatus,
  /** The sending practice. */
  practice: PracticeSummary,
  fromUser: PersonSummary,
  patient: PatientSummary,
  /** A BASIC referral's practice, or the one that accepted. */
  receivingPractice: PracticeSummary.nullable(),
  /** The provider asked for, or the one who accepted. */
  receivingUser: PersonSummary.nullable(),
  speciality: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  scheduleType: ScheduleType.nullable(),
  /** Whether the caller has viewed it. */
  viewed: z.boolean(),
  /** Archived by the caller's practice. */
  archived: z.boolean(),
  /** The caller's practice's tags on it. */
  tags: z.array(PracticeTag),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type ReferralSummary = z.infer<typeof ReferralSummary>;

export const ReferralDetail = ReferralSummary.extend({
  notes: z.string(),
  files: z.array(FileView),
  insurance: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  schedulePreferences: z.array(SchedulePreference),
  matchingDistance: ReferralDistance.nullable(),
  appointment: ReferralAppointment.nullable(),
  /** While OFFERED: the tier on offer (0 first) and when it runs out. */
  tier: z.number().int().nullable(),
  tierExpiresAt: EpochMs.nullable(),
  timeline: z.array(ReferralEvent),
  /**
   * The caller's practice's own record of the patient (the sender's, or the copy the accepting
   * practice got), for what a practice does with its patients (chat); null for a practice only
   * offered the referral.
   */
  practicePatientId: z.number().int().nullable(),
  /**
   * What the caller may do now from their practice; clients show only these actions. `referAgain`
   * is no call on this referral: the sender of one that ended without care sends a new referral
   * (POST /referrals) filled in from it.
   */
  actions: z.array(
    z.enum(['accept', 'reject', 'reschedule', 'cancel', 'referAgain', 'archive', 'unarchive', 'comment']),
  ),
});
export type ReferralDetail = z.infer<typeof ReferralDetail>;

const Notes = z.string().trim().max(REFERRAL_TEXT_MAX, `Notes must be at most ${REFERRAL_TEXT_MAX} characters`);
const Latitude = z.coerce
  .number()
  .min(-90, 'latitude must be between -90 and 90')
  .max(90, 'latitude must be between -90 and 90');
const Longitude = z.coerce
  .number()
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180');

/**
 * POST /referrals. A BASIC referral names `targetPracticeId` and may ask for a provider there with
 * `recievingUserId` (the spec's spelling); naming only the provider (the spec's own BASIC payload)
 * sends it to the one practice where they are a provider. A SPECIALTY referral names `specialityId` and
 * `scheduleType` and is routed tier by tier. Files are ids of the sender's uploads.
 */
export const ReferralCreate = z
  .object({
    practiceId: Id,
    patientId: Id,
    fromUserId: Id.optional(),
    targetPracticeId: Id.optional(),
    recievingUserId: Id.optional(),
    notes: Notes.default(''),
    files: z.array(Id).max(20, 'At most 20 files may be attached').default([]),
    specialityId: Id.optional(),
    scheduleType: ScheduleType.optional(),
    schedulePreferences: z.array(SchedulePreference).max(21).default([]),
    /** Left out: the patient's insurance; null: no insurance filter (as matchCheck without `insurance`). */
    insuranceId: Id.nullable().optional(),
    matchingDistance: ReferralDistance.optional(),
    latitude: Latitude.optional(),
    longitude: Longitude.optional(),
  })
  .superRefine((r, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.specialityId === undefined) {
      if (r.targetPracticeId === undefined && r.recievingUserId === undefined) {
        issue('targetPracticeId', 'Choose the practice to refer to, or a speciality to match');
      }
      return;
    }
    if (r.targetPracticeId !== undefined)
      issue('targetPracticeId', 'A specialty referral is matched; leave out targetPracticeId');
    if (r.scheduleType === undefined) issue('scheduleType', 'scheduleType is required for a specialty referral');
    if (r.scheduleType === 'PREFERENCE' && r.schedulePreferences.length === 0) {
      issue('schedulePreferences', 'Give at least one day and time of day for a PREFERENCE referral');
    }
    if ((r.latitude === undefined) !== (r.longitude === undefined))
      issue('latitude', 'Give both latitude and longitude, or neither');
  });
export type ReferralCreate = z.input<typeof ReferralCreate>;

export const createReferral = endpoint({
  method: 'POST',
  path: '/api/v1/referrals',
  summary: 'Send a referral: to a practice (BASIC) or matched by speciality (SPECIALTY)',
  tags,
  auth: 'user',
  apiKey: true,
  status: 201,
  body: ReferralCreate,
  response: ReferralDetail,
});

const PracticeQuery = z.object({ practiceId: Id });

export const listReferrals = endpoint({
  method: 'GET',
  path: '/api/v1/referrals/:type',
  summary: "A page of the practice's inbox, sent or archived referrals, newest change first",
  tags,
  auth: 'user',
  apiKey: true,
  params: z.object({ type: ReferralListType }),
  query: PracticeQuery.extend(pageQuery(PAGE_SIZE.referrals).shape).extend({
    updatedSince: EpochMsParam.optional(),
    provider: Id.optional(),
    patientName: z.string().trim().max(100).optional(),
  }),
  response: paged(ReferralSummary),
});

export const searchReferrals = endpoint({
  method: 'GET',
  path: '/api/v1/referrals/search',
  summary: 'Referrals of the practice whose patient, provider, practice or speciality matches the query',
  tags,
  auth: 'user',
  apiKey: true,
  query: PracticeQuery.extend({
    query: z.string().trim().min(2, 'Type at least 2 characters').max(100),
    /** true: only the inbox; false: only sent; absent: both. */
    inbox: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
  response: z.array(ReferralSummary),
});

/** Why a candidate matched. */
export const MatchCandidate = z.object({
  practice: PracticeSummary,
  /** Providers there who practise the speciality and (when asked) accept the insurance. */
  providers: z.array(PersonSummary),
  /** Miles from the patient; null when either place is unknown. */
  distanceMiles: z.number().nullable(),
  /** The network that put it in this tier; null outside the networks. */
  network: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reasons: z.array(z.string()),
});
export type MatchCandidate = z.infer<typeof MatchCandidate>;

export const MatchTier = z.object({
  tier: z.number().int(),
  kind: z.enum(['NETWORK', 'OUTER']),
  /** Minutes this tier is offered the referral. */
  timeLimitMinutes: z.number().int(),
  candidates: z.array(MatchCandidate),
});
export type MatchTier = z.infer<typeof MatchTier>;

export const MatchCheckResult = z.object({ tiers: z.array(MatchTier), radiusMiles: z.number() });
export type MatchCheckResult = z.infer<typeof MatchCheckResult>;

export const matchCheck = endpoint({
  method: 'GET',
  path: '/api/v1/referrals/matchCheck',
  summary: 'The tiers a specialty referral would be offered to, with why each practice matched',
  tags,
  auth: 'user',
  apiKey: true,
  query: z.object({
    practice: Id,
    provider: Id.optional(),
    insurance: Id.optional(),
    speciality: Id,
    scheduleType: ScheduleType.default('NEXT'),
    schedulePreferences: SchedulePreferencesText.optional(),
    longitude: Longitude.optional(),
    latitude: Latitude.optional(),
    matchingDistance: ReferralDistance.default('NORMAL'),
  }),
  response: MatchCheckResult,
});

export const getReferral = endpoint({
  method: 'GET',
  path: '/api/v1/referral/:id',
  summary: 'A referral with its files, appointment and timeline',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PracticeQuery,
  response: ReferralDetail,
});

export const referralPreferences = endpoint({
  method: 'GET',
  path: '/api/v1/referral/:id/preferences',
  summary: "The patient's scheduling preferences",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: PracticeQuery,
  response: z.object({ scheduleType: ScheduleType.nullable(), schedulePreferences: z.array(SchedulePreference) }),
});

const AppointmentFields = z.object({
  start: EpochMs.min(0),
  end: EpochMs.min(0),
  departmentId: Id.nullable().optional(),
  appointmentLocation: LocationKind.nullable().optional(),
  addressOverride: z.string().trim().max(500).nullable().optional(),
  virtualLink: z.string().trim().url('virtualLink must be a web address').max(1000).nullable().optional(),
  virtualAppointmentHost: z.enum(['REFERWELL']).nullable().optional(),
  scheduleType: ScheduleType.nullable().optional(),
  contentUuid: z.string().trim().uuid('contentUuid must be a UUID').nullable().optional(),
  submissionId: Id.nullable().optional(),
});

const endAfterStart = (a: { start?: number; end?: number }, ctx: z.RefinementCtx) => {
  if (a.start !== undefined && a.end !== undefined && a.end <= a.start) {
    ctx.addIssue({ code: 'custom', path: ['end'], message: 'The appointment must end after it starts' });
  }
};

/** Accepting may propose the appointment at once or leave it for later (start and end together). */
export const ReferralAccept = AppointmentFields.partial()
  .extend({ practiceId: Id, recievingUserId: Id.optional() })
  .superRefine((a, ctx) => {
    if ((a.start === undefined) !== (a.end === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['start'],
        message: 'Give both start and end of the appointment, or neither',
      });
    }
    endAfterStart(a, ctx);
  });

/** Spec 2's reschedule payload has no scheduleType, contentUuid or submissionId: left out, they stay as accepted. */
export const ReferralReschedule = AppointmentFields.extend({
  practiceId: Id,
  recievingUserId: Id.optional(),
}).superRefine(endAfterStart);

export const acceptReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referral/:id/accept',
  summary: 'Accept a referral offered to the practice; exactly one practice wins, the others get 454',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: ReferralAccept,
  response: ReferralDetail,
});

export const rescheduleReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referral/:id/reschedule',
  summary: 'Change the appointment of an accepted referral',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: ReferralReschedule,
  response: ReferralDetail,
});

const Reason = z.string().trim().max(1000, 'The reason must be at most 1000 characters').optional();

export const rejectReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referral/:id/reject',
  summary: 'Decline a referral offered to the practice; a specialty referral moves on to other practices',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: z.object({ practiceId: Id, reason: Reason }),
  response: OkResponse,
});

export const cancelReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referral/:id/cancel',
  summary: 'Withdraw a referral the practice sent',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: z.object({ practiceId: Id, reason: Reason }),
  response: ReferralDetail,
});

export const archiveReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referrals/:id/archive',
  summary: 'Archive a referral for the practice (archived: false brings it back)',
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: z.object({ practiceId: Id, archived: z.boolean().default(true) }),
  response: OkResponse,
});

export const viewReferral = endpoint({
  method: 'PUT',
  path: '/api/v1/referrals/:id/view',
  summary: 'Mark the referral viewed by the caller',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id }),
  response: OkResponse,
});

export const removeReferralView = endpoint({
  method: 'PUT',
  path: '/api/v1/referrals/:id/removeView',
  summary: 'Mark the referral unread again for the caller',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id }),
  response: OkResponse,
});

export const setReferralTags = endpoint({
  method: 'PUT',
  path: '/api/v1/referral/:id/tags',
  summary: "Replace the practice's tags on the referral",
  tags,
  auth: 'user',
  apiKey: true,
  params: IdParams,
  body: z.object({ practiceId: Id, tags: z.array(Id).max(50, 'At most 50 tags') }),
  response: z.array(PracticeTag),
});

export const patientReferrals = endpoint({
  method: 'GET',
  path: '/api/v1/patient/:id/referrals',
  summary: "The patient's referrals, newest first",
  tags: ['Patients'],
  auth: 'user',
  apiKey: true,
  params: IdParams,
  query: z.object({
    practiceId: Id,
    skip: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(PATIENT_REFERRALS_PAGE_SIZE),
    /** Include each referral's notes text. */
    referralNotes: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .default(false),
  }),
  response: paged(ReferralSummary.extend({ notes: z.string().optional() })),
});
