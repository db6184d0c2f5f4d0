import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMsParam, Id, IdParams, pageQuery, paged } from './common.js';

const tags = ['Audit'];

/** Rows per page of the audit trail. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * What the trail calls each action, as a practice's staff would say it. The trail and its CSV show
 * these words; the CSV keeps the raw action beside them for tools.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'access.refused': 'Access refused',
  'api_key.created': 'API key created',
  'api_key.updated': 'API key changed',
  'api_key.activated': 'API key activated',
  'api_key.deactivated': 'API key deactivated',
  'appointment.created': 'Appointment booked',
  'appointment.viewed': 'Appointment viewed',
  'appointment.cancelled': 'Appointment cancelled',
  'appointment.confirmed': 'Appointment confirmed',
  'appointment.rescheduled': 'Appointment moved',
  'appointment.opened_by_patient': 'Appointment link opened by the patient',
  'appointment.template_created': 'Appointment template created',
  'appointment.template_updated': 'Appointment template changed',
  'appointment.template_deleted': 'Appointment template retired',
  'audit.viewed': 'Audit trail viewed',
  'audit.exported': 'Audit trail exported',
  'bot.created': 'Intake form created',
  'bot.updated': 'Intake form changed',
  'bot.deleted': 'Intake form taken down',
  'chat.created': 'Chat started',
  'chat.opened': 'Chat opened',
  'chat.loaded': 'Chat read',
  'chat.messages_read': 'Chat messages read',
  'chat.message_sent': 'Chat message sent',
  'chat.file_added': 'File attached in a chat',
  'chat.file_opened': 'Chat file opened',
  'chat.file_deleted': 'Chat file deleted',
  'chat.users_changed': 'Chat participants changed',
  'chat.left': 'Chat left',
  'chat.closed': 'Chat closed',
  'department.created': 'Department created',
  'department.updated': 'Department changed',
  'department.deleted': 'Department deleted',
  'department.user_added': 'Added to a department',
  'department.user_removed': 'Removed from a department',
  'file.uploaded': 'File uploaded',
  'file.listed': 'Files listed',
  'file.downloaded': 'File downloaded',
  'file.deleted': 'File deleted',
  'file.refused': 'Upload refused',
  'file.scanned': 'File passed the virus check',
  'file.infected': 'Infected file removed',
  'file.expired': 'Unfinished upload expired',
  'invite.sent': 'Invite sent',
  'invite.resent': 'Invite sent again',
  'invite.revoked': 'Invite revoked',
  'invite.accepted': 'Invite accepted',
  'invite.declined': 'Invite declined',
  'invite.ignored': 'Invite ignored',
  'join_request.created': 'Asked to join',
  'join_request.approved': 'Join request approved',
  'join_request.rejected': 'Join request rejected',
  'network.created': 'Network created',
  'network.updated': 'Network changed',
  'network.deleted': 'Network deleted',
  'network.reordered': 'Networks reordered',
  'network.practice_added': 'Practice added to a network',
  'network.practice_removed': 'Practice removed from a network',
  'network.provider_added': 'Provider added to a network',
  'network.provider_removed': 'Provider removed from a network',
  'organisation.practice_attached': 'Practice joined the organisation',
  'organisation.practice_detached': 'Practice left the organisation',
  'organisation.user_assigned': 'Assigned to the organisation',
  'patient.created': 'Patient record created',
  'patient.viewed': 'Patient record viewed',
  'patient.updated': 'Patient record changed',
  'patient.listed': 'Patient list viewed',
  'patient.searched': 'Patients searched',
  'patient.found_by_phone': 'Patient found by phone',
  'patient.referrals_listed': 'Patient’s referrals viewed',
  'patient.chats_listed': 'Patient’s chats viewed',
  'practice.created': 'Practice created',
  'practice.updated': 'Practice profile changed',
  'practice.billing_email_changed': 'Billing e-mail changed',
  'practice.logo_changed': 'Logo changed',
  'practice.logo_removed': 'Logo removed',
  'practice.profile_photo_changed': 'Practice photo changed',
  'practice.profile_photo_removed': 'Practice photo removed',
  'practice.tag_created': 'Tag created',
  'practice.tag_updated': 'Tag changed',
  'practice.tag_deleted': 'Tag deleted',
  'practice.custom_property_created': 'Custom property created',
  'practice.custom_property_deleted': 'Custom property deleted',
  'practice.custom_values_updated': 'Custom property values changed',
  'practice.contact_added': 'Practice contact added',
  'practice.contact_removed': 'Practice contact removed',
  'practice.admin_added': 'Made an admin',
  'practice.admin_removed': 'Admin role taken away',
  'practice.user_removed': 'Removed from the practice',
  'practice.member_left': 'Left the practice',
  'referral.created': 'Referral sent',
  'referral.read': 'Referral viewed',
  'referral.preferences_read': 'Referral preferences viewed',
  'referral.listed': 'Referral list viewed',
  'referral.searched': 'Referrals searched',
  'referral.accepted': 'Referral accepted',
  'referral.rejected': 'Referral rejected',
  'referral.rescheduled': 'Appointment rescheduled',
  'referral.appointment_read': 'Referral appointment viewed',
  'referral.cancelled': 'Referral cancelled',
  'referral.archived': 'Referral archived',
  'referral.unarchived': 'Referral unarchived',
  'referral.tagged': 'Referral tagged',
  'referral.marked_viewed': 'Referral marked read',
  'referral.marked_unread': 'Referral marked unread',
  'referral.comment_created': 'Referral comment written',
  'referral.comments_listed': 'Referral comments viewed',
  'referral.mentions_listed': 'People to mention listed',
  'referral.note_created': 'Note written',
  'referral.note_updated': 'Note changed',
  'referral.note_deleted': 'Note deleted',
  'referral.notes_listed': 'Notes viewed',
  'role.granted': 'Role granted',
  'role.removed': 'Role taken away',
  'submission.received': 'Intake submission received',
  'submission.listed': 'Intake submissions listed',
  'submission.viewed': 'Intake submission viewed',
  'submission.accepted': 'Intake submission accepted',
  'submission.rejected': 'Intake submission rejected',
  'submission.archived': 'Intake submission archived',
  'submission.unarchived': 'Intake submission unarchived',
  'submission.chat': 'Chat started from a submission',
  'text.sent': 'Text message sent',
  'text.refused': 'Text message refused (limit)',
  'user.created_by_admin': 'Staff account added',
  'user.insurance_added': 'Insurance accepted',
  'user.insurance_removed': 'Insurance no longer accepted',
};

/** The words for an action; one without a label reads as its own words ("chat.file_opened" → "Chat: file opened"). */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [area = '', verb = ''] = action.split('.');
  const words = (s: string) => s.replace(/_/g, ' ');
  return `${words(area).replace(/^./, (c) => c.toUpperCase())}: ${words(verb)}`;
}

export const AuditQuery = pageQuery(AUDIT_PAGE_SIZE).extend({
  /** Who acted. */
  actorId: Id.optional(),
  patientId: Id.optional(),
  action: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'must be an action such as patient.viewed')
    .optional(),
  /** From this time (epoch ms, inclusive) … */
  from: EpochMsParam.optional(),
  /** … to this one (exclusive). */
  to: EpochMsParam.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** The export takes the same filters, without paging. */
export const AuditExportQuery = AuditQuery.omit({ page: true, pageSize: true });
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

const Person = z.object({ id: Id, name: z.string() });

export const AuditEvent = z.object({
  id: Id,
  at: z.number().int(),
  action: z.string(),
  /** `action` in words. */
  label: z.string(),
  /** Who acted; null for the system, a patient in a chat room or an anonymous caller. */
  actor: Person.nullable(),
  patient: Person.nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const listAudit = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/audit',
  summary: 'The practice’s audit trail, newest first, filtered by person, patient, action and time (admins)',
  tags,
  auth: 'user',
  params: IdParams,
  query: AuditQuery,
  response: paged(AuditEvent),
});

export const exportAudit = endpoint({
  method: 'GET',
  path: '/api/v1/practice/:id/audit/export',
  summary: 'The same trail as CSV, streamed (admins)',
  tags,
  auth: 'user',
  params: IdParams,
  query: AuditExportQuery,
  response: z.string().describe('text/csv'),
});
