import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditApi, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName } from '../../lib/names';
import type { SearchOption } from '../../lib/searchOption';

export type AuditEvent = auditApi.AuditEvent;

/** What the screen filters by; dates are the `YYYY-MM-DD` of the date fields, read in the viewer's time zone. */
export interface AuditFilters {
  actor: SearchOption | null;
  patient: SearchOption | null;
  action: string | null;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: null, patient: null, action: null, from: '', to: '' };

/** Midnight at the start of a `YYYY-MM-DD` day, local time; the `to` day is taken whole. */
function dayStart(day: string, plusDays = 0): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).getTime();
}

/** The filters as the API's query. */
export function auditQueryOf(f: AuditFilters): auditApi.AuditExportQuery {
  return {
    actorId: f.actor?.id,
    patientId: f.patient?.id,
    action: f.action ?? undefined,
    from: dayStart(f.from),
    to: dayStart(f.to, 1),
  };
}

export const auditKeys = {
  all: (practiceId: number) => ['audit', practiceId] as const,
  page: (practiceId: number, query: auditApi.AuditExportQuery, page: number) =>
    ['audit', practiceId, query, page] as const,
};

export function auditPageQuery(practiceId: number, query: auditApi.AuditExportQuery, page: number) {
  return queryOptions({
    queryKey: auditKeys.page(practiceId, query, page),
    queryFn: ({ signal }) =>
      call(auditApi.listAudit, {
        params: { id: practiceId },
        query: { ...query, page, pageSize: auditApi.AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The practice's people, found by name, for the person filter. */
export async function findPeople(practiceId: number, name: string, signal: AbortSignal): Promise<SearchOption[]> {
  const found = await call(practicesApi.users, { params: { id: practiceId }, query: { name, pageSize: 10 }, signal });
  return found.data.map((user) => ({ id: user.id, label: personName(user), description: user.email, value: user }));
}

/** The actions a person can pick, in words, alphabetically. */
export const ACTION_OPTIONS = Object.entries(auditApi.AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));
