import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';

/** The NUCC health care provider taxonomy, loaded from data at start. */
export const specialities = pgTable(
  'specialities',
  {
    id: serial('id').primaryKey(),
    taxonomyCode: text('taxonomy_code').notNull().unique(),
    /** NUCC's display name ("Sports Medicine (Family Medicine) Physician"); else the specialization, else the classification. */
    name: text('name').notNull(),
    /** NUCC grouping, e.g. "Allopathic & Osteopathic Physicians". */
    branch: text('branch').notNull(),
    classification: text('classification').notNull(),
    specialization: text('specialization'),
    colloquial: text('colloquial')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Lower-cased name, classification, specialization, colloquial names and code, for trigram search. */
    search: text('search').notNull(),
  },
  (t) => [index('specialities_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`)],
);

/** Specialities a provider practises (matching uses them). */
export const providerSpecialities = pgTable(
  'provider_specialities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.specialityId] }),
    index('provider_specialities_speciality_idx').on(t.specialityId),
  ],
);

/** Insurance payers. */
export const insurances = pgTable(
  'insurances',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    payerId: text('payer_id'),
    searchable: boolean('searchable').notNull().default(true),
  },
  (t) => [index('insurances_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`)],
);

/** Which insurances a provider accepts, per practice (the insurance matrix). */
export const userInsurances = pgTable(
  'user_insurances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurances.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.practiceId, t.insuranceId] }),
    index('user_insurances_insurance_idx').on(t.insuranceId),
  ],
);
