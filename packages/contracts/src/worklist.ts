import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs, IdParams } from './common.js';
import { ReferralType } from './referrals.js';

/**
 * The practice's worklist, the provider app's home: what waits for the caller in one practice, in
 * four sections, each with its first few items and how many there are in all. One call, so the
 * page loads, and refreshes on every live event, in one round trip.
 */

const tags = ['Worklist'];

/** Each section lists at most this many; its count says how many there are, and "See all" opens the rest. */
export const WORKLIST_SECTION_SIZE = 5;
/** A sent referral's answer stays news this long, unless the user opens the referral first. */
export const SENT_NEWS_DAYS = 14;

const PracticeName = z.object({ id: z.number().int(), name: z.string() });

/** A referral offered to the practice, waiting for its answer. */
export const WaitingReferral = z.object({
  id: z.number().int(),
  type: ReferralType,
  patientName: z.string(),
  fromPractice: PracticeName,
  /** A specialty referral's speciality. */
  speciality: z.string().nullable(),
  offeredAt: EpochMs,
  /** When the offer runs out (a specialty referral's tier); null: it waits until answered (a named practice). */
  answerBy: EpochMs.nullable(),
  /** The caller opened it since it arrived. */
  viewed: z.boolean(),
});
export type WaitingReferral = z.infer<typeof WaitingReferral>;

/** What became of a referral the practice sent, by another practice's hand or the clock. */
export const SentReferralStatus = z.enum(['ACCEPTED', 'RESCHEDULED', 'REJECTED', 'EXPIRED']);
export type SentReferralStatus = z.infer<typeof SentReferralStatus>;

export const SentReferralNews = z.object({
  id: z.number().int(),
  patientName: z.string(),
  status: SentReferralStatus,
  /** The practice that answered; null when no practice took it in time. */
  byPractice: PracticeName.nullable(),
  changedAt: EpochMs,
});
export type SentReferralNews = z.infer<typeof SentReferralNews>;

export const UnreadChat = z.object({
  id: z.number().int(),
  /** Who the chat is with, from the caller's side. */
  title: z.string(),
  unreadCount: z.number().int(),
  lastMessageAt: EpochMs.nullable(),
  lastMessageFrom: z.string().nullable(),
});
export type UnreadChat = z.infer<typeof UnreadChat>;

/** A submission nobody in the practice has opened yet. */
export const NewSubmission = z.object({
  id: z.number().int(),
  botId: z.number().int(),
  botName: z.string(),
  patientName: z.string(),
  receivedAt: EpochMs,
});
export type NewSubmission = z.infer<typeof NewSubmission>;

const section = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), items: z.array(item) });

export const Worklist = z.object({
  /** Soonest deadline first; referrals with none after them, oldest offer first. */
  waitingReferrals: section(WaitingReferral),
  /** Newest change first. */
  sentReferralNews: section(SentReferralNews),
  /** Latest message first. */
  unreadChats: section(UnreadChat),
  /** Newest first. */
  newSubmissions: section(NewSubmission),
});
export type Worklist = z.infer<typeof Worklist>;

export const practiceWorklist = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/worklist',
  summary: `What waits for the caller in the practice: referrals to answer, news on sent referrals, unread chats and new form submissions (${WORKLIST_SECTION_SIZE} of each, with counts)`,
  tags,
  auth: 'user',
  params: IdParams,
  response: Worklist,
});

/**
 * The first steps of a new practice, shown on home until done (issue 16): what makes it findable
 * for referrals and ready for patients. Each is someone's to take: the practice's admins take the
 * practice's, and a provider their own matching profile (a speciality and an accepted insurance).
 */
export const SETUP_STEPS = ['OPENING_HOURS', 'NPI', 'ABOUT', 'MATCHING', 'NETWORKS', 'TEAM', 'INTAKE_FORM'] as const;
export const SetupStepName = z.enum(SETUP_STEPS);
export type SetupStepName = z.infer<typeof SetupStepName>;

export const PracticeSetup = z.object({
  /** The caller's steps in the practice, in order; none when no step is theirs. */
  steps: z.array(z.object({ step: SetupStepName, done: z.boolean() })),
  /** The practice's time zone, which the opening-hours step names (it came from the address). */
  timezone: z.string(),
});
export type PracticeSetup = z.infer<typeof PracticeSetup>;

export const practiceSetup = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/setup',
  summary:
    "The caller's first steps in the practice (opening hours, NPI, about, matching, networks, team, intake form), each done or not",
  tags,
  auth: 'user',
  params: IdParams,
  response: PracticeSetup,
});
