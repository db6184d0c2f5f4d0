import { index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { practices } from '../../core/index.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Coloured labels a practice puts on referrals, patients and content (context says which). */
export const practiceTags = pgTable(
  'practice_tags',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    context: text('context').notNull().default('GENERAL'),
    createdAt: created(),
  },
  (t) => [unique('practice_tags_name_uq').on(t.practiceId, t.context, t.name)],
);

/** Practices this practice dealt with lately (contacts, chats, referrals), newest first. */
export const practiceRecents = pgTable(
  'practice_recents',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    otherPracticeId: integer('other_practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.practiceId, t.otherPracticeId] }),
    index('practice_recents_last_idx').on(t.practiceId, t.lastAt),
  ],
);

/** A practice's own fields on patients and members, referred to in messages by moniker ({{NAME}}). */
export const customPropertyDefinitions = pgTable(
  'custom_property_definitions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    moniker: text('moniker').notNull(),
    type: text('type').$type<'TEXT' | 'NUMBER' | 'DATE'>().notNull(),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [unique('custom_property_moniker_uq').on(t.practiceId, t.moniker)],
);

/** The value of one custom property for one subject (a user today; patients join in the referrals issue). */
export const customPropertyValues = pgTable(
  'custom_property_values',
  {
    id: serial('id').primaryKey(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => customPropertyDefinitions.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type').$type<'USER' | 'PATIENT'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    value: text('value').notNull(),
    updatedAt: updated(),
  },
  (t) => [unique('custom_property_value_uq').on(t.definitionId, t.subjectType, t.subjectId)],
);
