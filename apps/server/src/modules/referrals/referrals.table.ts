import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { referralsApi } from '@referwell/contracts';
import { practiceTags } from '../practices/practices.table.js';
import { practices, users } from '../../core/index.js';
import { patients } from '../patients/patients.table.js';
import { insurances, specialities } from '../catalogues/catalogues.table.js';
import { networks } from '../networks/networks.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * A referral of a patient from one practice (`practiceId`) to another: named (BASIC) or matched
 * tier by tier (SPECIALTY). ARCHITECTURE.md draws its states; every change is a referral_event.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    type: text('type').$type<referralsApi.ReferralType>().notNull(),
    status: text('status').$type<referralsApi.ReferralStatus>().notNull(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's record of the patient. */
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    /** BASIC: the practice asked. */
    targetPracticeId: integer('target_practice_id').references(() => practices.id, { onDelete: 'set null' }),
    /** The provider asked for (spec: recievingUserId), or the one the accepting practice named. */
    receivingUserId: integer('receiving_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set once accepted. */
    receivingPracticeId: integer('receiving_practice_id').references(() => practices.id, { onDelete: 'set null' }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The accepting practice's own record of the patient. */
    receiverPatientId: integer('receiver_patient_id').references(() => patients.id, { onDelete: 'set null' }),
    specialityId: integer('speciality_id').references(() => specialities.id, { onDelete: 'restrict' }),
    insuranceId: integer('insurance_id').references(() => insurances.id, { onDelete: 'set null' }),
    scheduleType: text('schedule_type').$type<referralsApi.ScheduleType>(),
    schedulePreferences: jsonb('schedule_preferences').$type<referralsApi.SchedulePreference[]>().notNull().default([]),
    matchingDistance: text('matching_distance').$type<referralsApi.ReferralDistance>(),
    /** Where the patient is to be seen from; distances are measured from here. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    notes: text('notes').notNull().default(''),
    /** The referral's own attachments (file ids, owned by the referral). */
    fileIds: integer('file_ids').array().notNull().default([]),
    /** Kept as proposed by the accepting practice; the appointments issue acts on it. */
    appointment: jsonb('appointment').$type<referralsApi.ReferralAppointment>(),
    /** While OFFERED: the tier on offer and when it runs out. */
    tier: integer('tier'),
    tierExpiresAt: timestamp('tier_expires_at', { withTimezone: true }),
    createdAt: at('created_at'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_practice_updated_idx').on(t.practiceId, t.updatedAt),
    index('referrals_receiving_updated_idx').on(t.receivingPracticeId, t.updatedAt),
    index('referrals_patient_idx').on(t.patientId),
    index('referrals_status_tier_idx').on(t.status, t.tierExpiresAt),
  ],
);

/**
 * Which practices a referral was offered to, in which tier, and how each answered. A practice is
 * offered a referral at most once; a live offer (OFFERED) is what lets it see the referral.
 */
export const referralOffers = pgTable(
  'referral_offers',
  {
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    tier: integer('tier').notNull(),
    networkId: integer('network_id').references(() => networks.id, { onDelete: 'set null' }),
    /** OFFERED, then ACCEPTED, REJECTED, EXPIRED (tier ran out) or WITHDRAWN (taken elsewhere, cancelled). */
    status: text('status')
      .$type<'OFFERED' | 'ACCEPTED' | 'REJECTED' | 'EXPIRED' | 'WITHDRAWN'>()
      .notNull()
      .default('OFFERED'),
    /** The matching providers there, for display and notifications. */
    providerIds: integer('provider_ids').array().notNull().default([]),
    distanceMiles: doublePrecision('distance_miles'),
    offeredAt: at('offered_at'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    respondedBy: integer('responded_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.practiceId] }),
    index('referral_offers_practice_idx').on(t.practiceId, t.status),
  ],
);

/** The timeline: one row per transition, with who did it from which practice. */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: serial('id').primaryKey(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<referralsApi.ReferralEventKind>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: at('at'),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.id)],
);

/** Who has viewed a referral (the viewed flag is per user). */
export const referralViews = pgTable(
  'referral_views',
  {
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: at('viewed_at'),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.userId] }), index('referral_views_user_idx').on(t.userId)],
);

/** Archiving is per practice: each side tidies its own lists. */
export const referralArchives = pgTable(
  'referral_archives',
  {
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    archivedAt: at('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.referralId, t.practiceId] }),
    index('referral_archives_practice_idx').on(t.practiceId),
  ],
);

/** A practice's own tags on a referral (the tag belongs to the practice). */
export const referralTags = pgTable(
  'referral_tags',
  {
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => practiceTags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.referralId, t.tagId] }), index('referral_tags_tag_idx').on(t.tagId)],
);
