import type { Audit, AuditAction } from '../../platform/audit/audit.js';
import type { Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';

/**
 * One audit entry about a practice's patients: who (and through which API key), from where, what
 * and to which patient (or, for listings, practice). Every read and write of a patient record goes
 * through here, the records the referrals area makes for an accepting practice included.
 */
export function auditPatient(
  audit: Audit,
  caller: Caller,
  action: AuditAction,
  client: ClientInfo,
  target: { type: 'patient' | 'practice'; id: number },
  details: Record<string, unknown>,
) {
  return audit.record({
    action,
    actorUserId: caller.user.id,
    targetType: target.type,
    targetId: target.id,
    ip: client.ip,
    userAgent: client.userAgent,
    practiceId:
      target.type === 'practice' ? target.id : typeof details.practiceId === 'number' ? details.practiceId : null,
    patientId: target.type === 'patient' ? target.id : null,
    details: { ...details, ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}) },
  });
}
