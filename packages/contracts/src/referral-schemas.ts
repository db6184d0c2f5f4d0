/** A referral as the API shows and takes it; its endpoints are in referrals.ts. */
import { z } from 'zod';
import { EpochMs, Id } from './common.js';
import { PracticeSummary } from './users.js';
import { PersonSummary } from './directory.js';
import { FileView } from './files.js';
import { PracticeTag } from './practices.js';
import { LocationKind } from './enums.js';
import { PatientSummary } from './patients.js';
import { Latitude, Longitude } from './coordinates.js';

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

/** Spec 2 §3's appointment payload, shared by referral accept and reschedule and appointment create. */
export const AppointmentFields = z.object({
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

export const endAfterStart = (a: { start?: number; end?: number }, ctx: z.RefinementCtx) => {
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
