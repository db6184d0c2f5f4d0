import type { Audit } from '../../platform/audit/audit.js';
import type { Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';

/** What someone changed of a practice: its profile, team, tags, custom properties or contacts. */
interface PracticeChange {
  action: `practice.${string}`;
  practiceId: number;
  /** The person the change was about: the member made admin, say. */
  subjectUserId?: number;
  details?: Record<string, unknown>;
}

/** One audit entry in the practice's trail: who changed what of it, from where. */
export function auditPractice(audit: Audit, caller: Caller, client: ClientInfo, change: PracticeChange) {
  return audit.record({
    action: change.action,
    actorUserId: caller.user.id,
    subjectUserId: change.subjectUserId,
    targetType: 'practice',
    targetId: change.practiceId,
    practiceId: change.practiceId,
    ip: client.ip,
    userAgent: client.userAgent,
    details: change.details,
  });
}
