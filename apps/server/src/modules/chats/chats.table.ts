import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { chatRoomApi } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';
import { patients } from '../patients/patients.table.js';
import { files } from '../files/files.table.js';

/**
 * A chat (spec 3 §3). `practiceId` is the practice that started it; a practice-to-practice chat
 * also names `targetPracticeId`, a patient chat the patient's record. `room` is what the chat room
 * and its tokens name.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    room: uuid('room').notNull().unique().defaultRandom(),
    type: text('type').$type<chatRoomApi.ChatType>().notNull(),
    status: text('status').$type<chatRoomApi.ChatStatus>().notNull().default('ACTIVE'),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    targetPracticeId: integer('target_practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The last message's time (or the creation time): lists sort by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its patients were last texted (invited, or told the practice wrote): at most one text per PATIENT_TEXT_GAP_MS. */
    patientTextedAt: timestamp('patient_texted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chats_practice_idx').on(t.practiceId, t.lastMessageAt),
    index('chats_target_practice_idx').on(t.targetPracticeId, t.lastMessageAt),
    index('chats_patient_idx').on(t.patientId),
  ],
);

/**
 * A participant (spec 3 §3 Chat user; its id is the chatUserId). Staff and other account holders
 * have `userId`; a patient invited by phone has `phone` (and `patientId` when the practice has
 * their record). `leftAt` ends their part: their tokens stop working, their messages stay.
 * A texted link carries `linkGeneration`: revoking the participant's links moves it on, which
 * ends every link they hold, and sets `linksRevokedAt`, which stops texting them new links
 * until the practice sends one.
 */
export const chatUsers = pgTable(
  'chat_users',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userType: text('user_type').$type<chatRoomApi.ChatUserType>().notNull().default('USER'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** The practice a staff member speaks for. */
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'set null' }),
    /** E.164, for a participant invited by text message. */
    phone: text('phone'),
    name: text('name').notNull(),
    lastReadMessageId: integer('last_read_message_id'),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    muted: boolean('muted').notNull().default(false),
    linkGeneration: integer('link_generation').notNull().default(0),
    linksRevokedAt: timestamp('links_revoked_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_users_chat_user_uq')
      .on(t.chatId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('chat_users_chat_phone_uq')
      .on(t.chatId, t.phone)
      .where(sql`${t.phone} is not null`),
    index('chat_users_user_idx').on(t.userId),
    // Every message reads its chat's participants; without this it scans everyone's.
    index('chat_users_chat_idx').on(t.chatId),
  ],
);

/**
 * A message. `uuid` is the sender's idempotency key: a message re-sent after a reconnect is stored
 * once. `previewData` is the first link's preview, filled in by a job after the message is stored.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    chatUserId: integer('chat_user_id').references(() => chatUsers.id, { onDelete: 'set null' }),
    uuid: text('uuid').notNull(),
    message: text('message').notNull().default(''),
    files: integer('files').array().notNull().default([]),
    data: jsonb('data').$type<Record<string, unknown>>(),
    previewData: jsonb('preview_data').$type<{ url: string } & Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_chat_uuid_uq').on(t.chatId, t.uuid),
    index('chat_messages_chat_idx').on(t.chatId, t.id),
  ],
);

/**
 * Files attached in a chat: who attached them (a patient has no account to record on the file),
 * and the message they went out with once sent (a file goes out with one message only).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    chatUserId: integer('chat_user_id')
      .notNull()
      .references(() => chatUsers.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
  },
  (t) => [index('chat_files_message_idx').on(t.messageId)],
);
