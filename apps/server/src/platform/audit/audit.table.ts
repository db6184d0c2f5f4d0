import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only record of who did what to which account or patient data, from where. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    /** The account the event is about (for sign-in failures: the account that was tried). */
    subjectUserId: integer('subject_user_id'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The practice whose trail shows the event: the one acted for, or whose object was tried. */
    practiceId: integer('practice_id'),
    /** The patient record the event read or changed, when there is one. */
    patientId: integer('patient_id'),
  },
  (t) => [
    index('audit_subject_action_at_idx').on(t.subjectUserId, t.action, t.at),
    // The practice's trail, newest first, narrowed by person, patient or action.
    index('audit_practice_at_idx').on(t.practiceId, t.at),
    index('audit_practice_actor_at_idx').on(t.practiceId, t.actorUserId, t.at),
    index('audit_practice_patient_at_idx').on(t.practiceId, t.patientId, t.at),
    index('audit_practice_action_at_idx').on(t.practiceId, t.action, t.at),
  ],
);
