/** A practice's audit trail, shown as a tab of its settings. */
export { AuditTrailTab } from './AuditTrailTab';
export { canReadAudit } from './auditAccess';
