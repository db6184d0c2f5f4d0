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
  | 'chat'
  | 'bot'
  | 'submission'
  | 'notification';
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
}

export function createAudit(db: Db) {
  return {
    async record(entry: AuditEntry) {
      await db.insert(auditEvents).values({
        ...entry,
        targetId: entry.targetId === undefined ? undefined : String(entry.targetId),
        userAgent: entry.userAgent?.slice(0, 500),
      });
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;
