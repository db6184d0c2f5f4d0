import { and, count, desc, eq, gte, inArray, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import { auditApi } from '@referwell/contracts';
import { authorizePractice, fullName, users, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { distinct } from '../../platform/lists.js';
import { patientNamesIn } from '../patients/index.js';

type Filters = auditApi.AuditQuery;
type Row = typeof auditEvents.$inferSelect;

/** Rows read per query while a CSV streams: enough to keep the round trips few, few enough to stay small in memory. */
const EXPORT_CHUNK = 500;

function filtersOf(practiceId: number, q: Omit<Filters, 'page' | 'pageSize'>): SQL {
  return and(
    eq(auditEvents.practiceId, practiceId),
    q.actorId === undefined ? undefined : eq(auditEvents.actorUserId, q.actorId),
    q.patientId === undefined ? undefined : eq(auditEvents.patientId, q.patientId),
    q.action === undefined ? undefined : eq(auditEvents.action, q.action),
    q.from === undefined ? undefined : gte(auditEvents.at, new Date(q.from)),
    q.to === undefined ? undefined : lt(auditEvents.at, new Date(q.to)),
  )!;
}

/** The filters as the trail's own audit entry records them. */
const asked = (q: Omit<Filters, 'page' | 'pageSize'>) =>
  Object.fromEntries(
    Object.entries({ actorId: q.actorId, patientId: q.patientId, action: q.action, from: q.from, to: q.to }).filter(
      ([, v]) => v !== undefined,
    ),
  );

/**
 * A practice's audit trail, for its admins: what its people did and what was done to its records,
 * including refused attempts on them. Reading it, or exporting it, is itself recorded.
 */
export function createAuditTrailService(ctx: AppContext) {
  const { db } = ctx;

  /** Names of the people and patients the rows mention; patients only from this practice's own records. */
  async function views(practiceId: number, rows: Row[]): Promise<auditApi.AuditEvent[]> {
    const userIds = distinct(rows.flatMap((r) => (r.actorUserId === null ? [] : [r.actorUserId])));
    const patientIds = distinct(rows.flatMap((r) => (r.patientId === null ? [] : [r.patientId])));
    const [people, records] = await Promise.all([
      userIds.length
        ? db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, userIds))
        : [],
      patientIds.length ? patientNamesIn(db, practiceId, patientIds) : [],
    ]);
    const personName = new Map(people.map((p) => [p.id, fullName(p)]));
    const patientName = new Map(records.map((p) => [p.id, fullName(p)]));
    return rows.map((r) => ({
      id: r.id,
      at: r.at.getTime(),
      action: r.action,
      label: auditApi.auditActionLabel(r.action),
      actor:
        r.actorUserId === null
          ? null
          : { id: r.actorUserId, name: personName.get(r.actorUserId) ?? `Person ${r.actorUserId}` },
      patient:
        r.patientId !== null && patientName.has(r.patientId)
          ? { id: r.patientId, name: patientName.get(r.patientId)! }
          : null,
      targetType: r.targetType,
      targetId: r.targetId,
      ip: r.ip,
      userAgent: r.userAgent,
      details: r.details ?? {},
    }));
  }

  async function record(
    caller: SessionCaller,
    practiceId: number,
    action: 'audit.viewed' | 'audit.exported',
    client: ClientInfo,
    details: Record<string, unknown>,
  ) {
    await ctx.audit.record({
      action,
      actorUserId: caller.user.id,
      practiceId,
      targetType: 'practice',
      targetId: practiceId,
      ip: client.ip,
      userAgent: client.userAgent,
      details,
    });
  }

  return {
    async list(caller: SessionCaller, practiceId: number, q: Filters, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'audit.view');
      await record(caller, practiceId, 'audit.viewed', client, { ...asked(q), page: q.page });
      const where = filtersOf(practiceId, q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(where)
          .orderBy(desc(auditEvents.at), desc(auditEvents.id))
          .offset(q.page * q.pageSize)
          .limit(q.pageSize),
        db.select({ n: count() }).from(auditEvents).where(where),
      ]);
      return { data: await views(practiceId, rows), count: total?.n ?? 0 };
    },

    /**
     * The rows of an export, newest first, read in chunks as the CSV is sent. Rows recorded after
     * the export started are left out, so `count` (for the client's progress) stays true.
     */
    async export(caller: SessionCaller, practiceId: number, q: auditApi.AuditExportQuery, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'audit.view');
      await record(caller, practiceId, 'audit.exported', client, asked(q));
      const where = filtersOf(practiceId, q);
      const [summary] = await db
        .select({ n: count(), last: max(auditEvents.id) })
        .from(auditEvents)
        .where(where);
      const total = summary?.n ?? 0;
      const last = summary?.last ?? 0;
      async function* chunks(): AsyncGenerator<auditApi.AuditEvent[]> {
        // Keyset paging on (at, id), with `at` kept to the microsecond as text.
        let after: { at: string; id: number } | null = null;
        for (;;) {
          const rows: { row: Row; atText: string }[] = await db
            .select({ row: auditEvents, atText: sql<string>`${auditEvents.at}::text` })
            .from(auditEvents)
            .where(
              and(
                where,
                lte(auditEvents.id, last),
                after
                  ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id})`
                  : undefined,
              ),
            )
            .orderBy(desc(auditEvents.at), desc(auditEvents.id))
            .limit(EXPORT_CHUNK);
          if (!rows.length) return;
          yield await views(
            practiceId,
            rows.map((r) => r.row),
          );
          const tail: { row: Row; atText: string } = rows[rows.length - 1];
          after = { at: tail.atText, id: tail.row.id };
          if (rows.length < EXPORT_CHUNK) return;
        }
      }
      return { count: total, chunks: chunks() };
    },
  };
}
export type AuditTrailService = ReturnType<typeof createAuditTrailService>;
