import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { intakeApi } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';
import { patients } from '../patients/patients.table.js';
import { chats } from '../chats/chats.table.js';

/**
 * An intake bot (spec 2 §3): a practice's public form at `/form/{endpoint}`. Deleting one takes the
 * form down (`deletedAt`) and frees its address; its submissions stay with the practice.
 */
export const bots = pgTable(
  'bots',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colorScheme: text('color_scheme').notNull(),
    /** Lower case (the contract lower-cases it), so one address cannot be taken twice in different cases. */
    endpoint: text('endpoint').notNull(),
    emailsToNotify: text('emails_to_notify')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Speciality ids the form offers, in the order the practice chose. */
    specialities: integer('specialities').array().notNull().default([]),
    specialityQuestionType: text('speciality_question_type').$type<intakeApi.QuestionStyle>().notNull().default('NONE'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bots_endpoint_uq')
      .on(sql`lower(${t.endpoint})`)
      .where(sql`${t.deletedAt} is null`),
    index('bots_practice_idx').on(t.practiceId, t.name),
  ],
);

/**
 * What a patient sent through a bot's form. The person's details have columns (lists show and
 * accepting copies them); every answer, those included, is kept as given in `answers`.
 * `viewedAt`: someone in the practice opened it (it is unread until then).
 */
export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    botId: integer('bot_id')
      .notNull()
      .references(() => bots.id, { onDelete: 'cascade' }),
    status: text('status').$type<intakeApi.SubmissionStatus>().notNull().default('NEW'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    email: text('email'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    answers: jsonb('answers').$type<intakeApi.Answer[]>().notNull(),
    /** The page the form was embedded in, when it was. */
    embededUrl: text('embeded_url'),
    isApp: boolean('is_app').notNull().default(false),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    chatId: integer('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('submissions_bot_idx').on(t.botId, t.createdAt.desc(), t.id.desc()),
    index('submissions_practice_idx').on(t.practiceId, t.createdAt.desc()),
    // Unread counts per bot read only the few unopened, unarchived rows.
    index('submissions_unread_idx')
      .on(t.botId)
      .where(sql`${t.viewedAt} is null and ${t.archivedAt} is null`),
    index('submissions_chat_idx').on(t.chatId),
    index('submissions_patient_idx').on(t.patientId),
  ],
);

export type BotRow = typeof bots.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
