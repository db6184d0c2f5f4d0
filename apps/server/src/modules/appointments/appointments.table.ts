import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { appointmentsApi, referralsApi } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';
import { patients } from '../patients/patients.table.js';
import { referrals } from '../referrals/referrals.table.js';
import { departments } from '../departments/departments.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** A type of appointment a practice offers (spec 2 §3 Appointment template). */
export const appointmentTemplates = pgTable(
  'appointment_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Minutes. */
    defaultDuration: integer('default_duration').notNull(),
    color: text('color').$type<appointmentsApi.AppointmentColor>().notNull(),
    patientBookable: boolean('patient_bookable').notNull().default(false),
    patientSchedulable: boolean('patient_schedulable').notNull().default(false),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
    /** Retired templates stay for the appointments made from them, but are no longer listed or used. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('appointment_templates_practice_idx').on(t.practiceId)],
);

/**
 * A booked (or requested) appointment of a patient with a practice. A provider is never booked
 * twice at once: the exclusion constraint `appointments_no_double_booking`, written in the
 * migration since drizzle cannot express it, refuses overlapping live appointments of one provider.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    /** The patient's link: short enough to text, long enough not to be guessed. */
    code: text('code').notNull().unique(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => users.id, { onDelete: 'set null' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => appointmentTemplates.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    timezone: text('timezone').notNull(),
    location: text('location').$type<'VIRTUAL' | 'PRACTICE' | 'DEPARTMENT' | 'CUSTOM_ADDRESS'>(),
    addressOverride: text('address_override'),
    virtualLink: text('virtual_link'),
    virtualAppointmentHost: text('virtual_appointment_host'),
    scheduleType: text('schedule_type').$type<referralsApi.ScheduleType>(),
    contentUuid: uuid('content_uuid'),
    submissionId: integer('submission_id'),
    state: text('state').$type<appointmentsApi.AppointmentState>().notNull(),
    viewedByPatientAt: timestamp('viewed_by_patient_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    index('appointments_practice_start_idx').on(t.practiceId, t.startAt),
    index('appointments_patient_idx').on(t.patientId),
    index('appointments_referral_idx').on(t.referralId),
    check('appointments_end_after_start', sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** One row per change of an appointment: from which state to which, by whom, when and from where. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromState: text('from_state').$type<appointmentsApi.AppointmentState>(),
    toState: text('to_state').$type<appointmentsApi.AppointmentState>().notNull(),
    /** A member of staff; null when the patient acted through their link. */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    byPatient: boolean('by_patient').notNull().default(false),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: at('created_at'),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.id)],
);
