import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { practices, users } from '../../core/index.js';
import { insurances } from '../catalogues/catalogues.table.js';

/**
 * A patient in one practice's records (spec 2 §3). Each practice keeps its own record of a person;
 * `parentId` links a dependant to the patient who answers for them (and whose phone they share).
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => patients.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number'),
    email: text('email'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender').$type<'MALE' | 'FEMALE'>(),
    insuranceId: integer('insurance_id').references(() => insurances.id, { onDelete: 'set null' }),
    addressPlaceId: text('address_place_id'),
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Lower-cased names, phone and e-mail, for trigram search. */
    search: text('search').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patients_practice_name_idx').on(t.practiceId, t.lastName, t.firstName),
    // One account holder per phone in a practice; dependants share their parent's number.
    uniqueIndex('patients_practice_phone_uq')
      .on(t.practiceId, t.phoneNumber)
      .where(sql`${t.parentId} is null and ${t.phoneNumber} is not null`),
    index('patients_search_trgm_idx').using('gin', sql`${t.search} gin_trgm_ops`),
  ],
);
