import type { auditApi } from '@referwell/contracts';

export const CSV_HEADER = [
  'time',
  'action',
  'description',
  'person_id',
  'person',
  'patient_id',
  'patient',
  'target_type',
  'target_id',
  'ip',
  'user_agent',
  'details',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) is prefixed with a
 * quote mark, so a name typed as `=HYPERLINK(…)` stays text (OWASP "CSV injection").
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

export function csvRow(e: auditApi.AuditEvent): string {
  return csvLine([
    new Date(e.at).toISOString(),
    e.action,
    e.label,
    e.actor?.id ?? null,
    e.actor?.name ?? null,
    e.patient?.id ?? null,
    e.patient?.name ?? null,
    e.targetType,
    e.targetId,
    e.ip,
    e.userAgent,
    Object.keys(e.details).length ? JSON.stringify(e.details) : null,
  ]);
}
