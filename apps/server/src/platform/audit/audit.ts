import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents } from './audit.table.js';

/** The area an audited action belongs to; actions read `<area>.<verb>`, e.g. `practice.updated`. */
type AuditArea =
  | 'auth'
  | 'user'
  | 'practice'
  | 'organisation'
  | 'network'
  | 'department'
  | 'role'
  | 'invite'
  | 'join_request'
  | 'api_key'
  | 'file'
  | 'patient'
  | 'referral'
  | 'appointment'
  | 'chat'
  | 'bot'
  | 'submission'
  | 'notification'
  | 'access'
  | 'text'
  | 'audit';
export type AuditAction = `${AuditArea}.${string}`;

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: number | null;
  subjectUserId?: number | null;
  targetType?: string;
  targetId?: string | number;
  ip?: string;
  userAgent?: string;
  details?: Record<string, unknown>;
  /** The practice whose audit trail shows it (see audit.table.ts); a subquery when the caller holds only an id to it. */
  practiceId?: number | null | SQL;
  /** The patient record it concerns. */
  patientId?: number | null | SQL;
}

export function createAudit(db: Db) {
  return {
    /** Writes one entry; inside `tx` when given, so that it stands or falls with what it records. */
    async record(entry: AuditEntry, tx: Db = db) {
      await tx.insert(auditEvents).values({
        ...entry,
        targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
        userAgent: entry.userAgent?.slice(0, 500),
      });
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
