import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingBasis, OpeningHoursEntry, PracticeType } from '@referwell/contracts';
import { users } from './users.table.js';
import { organisations } from './organisations.table.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The unique index that makes a second open practice with the same NPI fail. */
export const PRACTICE_NPI_INDEX = 'practices_npi_active_idx';

/** A clinic (or an individual provider's practice). Fields follow spec 1 §3. */
export const practices = pgTable(
  'practices',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    type: text('type').$type<PracticeType>().notNull().default('PRACTICE'),
    /** Short public handle, unique when set (used in links). */
    identifier: text('identifier').unique(),
    address: text('address'),
    building: text('building'),
    placeId: text('place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    country: text('country').notNull().default('US'),
    timezone: text('timezone').notNull().default('America/New_York'),
    phoneNumber: text('phone_number'),
    npiIdentifier: text('npi_identifier'),
    about: text('about'),
    logoUrl: text('logo_url'),
    profilePhoto: text('profile_photo'),
    colorScheme: text('color_scheme'),
    alternativeScheduleLink: text('alternative_schedule_link'),
    appointmentRequestRedirectLink: text('appointment_request_redirect_link'),
    openingHours: jsonb('opening_hours').$type<OpeningHoursEntry[]>().notNull().default([]),
    welcomeMessageOpen: text('welcome_message_open'),
    welcomeMessageClosed: text('welcome_message_closed'),
    defaultAppointmentLocation: text('default_appointment_location'),
    defaultVirtualAppointmentHost: text('default_virtual_appointment_host'),
    liaisonEmails: text('liaison_emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Feature flags switched on or off for this practice over the defaults (contracts' DEFAULT_GATES). */
    gates: jsonb('gates').$type<Record<string, boolean>>().notNull().default({}),
    isIndividual: boolean('is_individual').notNull().default(false),
    isThirdParty: boolean('is_third_party').notNull().default(false),
    /** Minutes a referral tier waits for this practice before moving on. */
    tierTimeout: integer('tier_timeout').notNull().default(60),
    /** Miles; caps how far away a patient may be matched to this practice. */
    maxReferralMatchRadius: integer('max_referral_match_radius').notNull().default(50),
    allowOuterNetworkMatching: boolean('allow_outer_network_matching').notNull().default(true),
    autoArchiveEnabled: boolean('auto_archive_enabled').notNull().default(false),
    campaignShareLimit: integer('campaign_share_limit'),
    organisationId: integer('organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    billingBasis: text('billing_basis').$type<BillingBasis>().notNull().default('PRACTICE'),
    billingEmail: text('billing_email'),
    stripeId: text('stripe_id'),
    stripeSubscription: text('stripe_subscription'),
    subscriptionStatus: text('subscription_status'),
    locked: boolean('locked').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    index('practices_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('practices_organisation_idx').on(t.organisationId),
    // One open practice per NPI: a second is a duplicate (450). Closed practices keep theirs.
    uniqueIndex(PRACTICE_NPI_INDEX)
      .on(t.npiIdentifier)
      .where(sql`${t.active}`),
  ],
);

/** One row per role a user holds in a practice. */
export const practiceMembers = pgTable(
  'practice_members',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId, t.role] }), index('practice_members_user_idx').on(t.userId)],
);
