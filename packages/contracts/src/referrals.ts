import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMsParam, Id, IdParams, OkResponse, pageQuery, paged } from './common.js';
import { PracticeTag } from './practices.js';
import { PATIENT_REFERRALS_PAGE_SIZE } from './patients.js';
import { PAGE_SIZE } from './constants.js';
import { Latitude, Longitude } from './coordinates.js';
import {
  MatchCheckResult,
  ReferralAccept,
  ReferralCreate,
  ReferralDetail,
  ReferralDistance,
  ReferralListType,
  ReferralReschedule,
  ReferralSummary,
  ScheduleType,
  SchedulePreference,
} from './referral-schemas.js';

export * from './referral-schemas.js';

/** Referrals between practices (spec 1 §3 Referral, §4, §7 Referrals). */

const tags = ['Referrals'];

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
