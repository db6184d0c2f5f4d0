import { bigint, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FileOwnerKind, ScanStatus } from '@referwell/contracts';
import { practices, users } from '../../core/index.js';

/**
 * Why a file was uploaded when that changes what happens to it: branding images become the
 * practice's logo or profile photo once scanned clean, and only web images are accepted for them.
 */
export type FilePurpose = 'LOGO' | 'PRACTICE_PHOTO' | 'USER_PHOTO';

/**
 * A stored file. Its bytes live in the file storage under `storageKey` (never derived from the
 * name); `practiceId` is the tenant, `ownerKind`/`ownerId` what it is attached to.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    practiceId: integer('practice_id').references(() => practices.id, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind').$type<FileOwnerKind>().notNull(),
    ownerId: integer('owner_id'),
    /** Null for attachments and documents. */
    purpose: text('purpose').$type<FilePurpose>(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name as given, for display only. */
    name: text('name').notNull(),
    declaredType: text('declared_type').notNull().default(''),
    /** The type judged from the bytes once uploaded. */
    type: text('type').notNull().default(''),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Base64 MD5 the client declared; the upload must match it. */
    md5: text('md5').notNull(),
    header: text('header').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    scanStatus: text('scan_status').$type<ScanStatus>().notNull().default('scanning'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_owner_idx').on(t.ownerKind, t.ownerId), index('files_practice_idx').on(t.practiceId)],
);
