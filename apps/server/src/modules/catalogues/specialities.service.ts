import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { cataloguesApi } from '@referwell/contracts';
import { visiblePracticesOf, type AppContext, type Caller } from '../../core/index.js';
import { assertSelf } from '../../platform/access/index.js';
import { likeEscape } from '../../db/like.js';
import { AppError } from '../../platform/errors.js';
import { textMatch } from '../search/index.js';
import { providerSpecialities, specialities } from './catalogues.table.js';

type Speciality = cataloguesApi.Speciality;
type SpecialityRow = typeof specialities.$inferSelect;

export function toSpeciality(s: SpecialityRow): Speciality {
  return {
    id: s.id,
    name: s.name,
    taxonomyCode: s.taxonomyCode,
    branch: s.branch,
    classification: s.classification,
    specialization: s.specialization,
    colloquial: s.colloquial,
  };
}

/**
 * The order a person typing expects, before likeness: what they typed in full, as a name or as
 * what people call it ("ENT", "cardiologist"), first; then names that start with it ("Orthop" →
 * Orthopaedic Surgery), those also called so ("orthopedist") ahead; then specialities only called
 * so ("heart" → heart doctor); the rest by likeness alone. Similarity alone put short unrelated
 * names ("Orthopedic Assistant") above the speciality meant.
 */
function nameFirst(query: string) {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const prefix = `${likeEscape(q)}%`;
  const called = (pattern: string) =>
    sql`exists (select 1 from unnest(${specialities.colloquial}) c where lower(c) like ${pattern})`;
  return sql`(case when lower(${specialities.name}) = ${q} or ${called(likeEscape(q))} then 4 else 0 end
    + case when lower(${specialities.name}) like ${prefix} then 2 else 0 end
    + case when ${called(prefix)} then 1 else 0 end)`;
}

export function createSpecialitiesService(ctx: AppContext) {
  const { db } = ctx;

  async function ofUser(userId: number): Promise<Speciality[]> {
    const rows = await db
      .select({ s: specialities })
      .from(providerSpecialities)
      .innerJoin(specialities, eq(specialities.id, providerSpecialities.specialityId))
      .where(eq(providerSpecialities.userId, userId))
      .orderBy(asc(specialities.name), asc(specialities.id));
    return rows.map((r) => toSpeciality(r.s));
  }

  return {
    /** Best matches first (see `nameFirst`); without a query, everything by name. */
    async list(query: string | undefined, page: number, pageSize: number) {
      const match = query ? textMatch(specialities.search, query) : null;
      const where = match?.where;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(specialities)
          .where(where)
          .orderBy(
            ...(match && query ? [desc(nameFirst(query)), desc(match.rank)] : []),
            asc(specialities.name),
            asc(specialities.id),
          )
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ n: count() }).from(specialities).where(where),
      ]);
      return { data: rows.map(toSpeciality), count: total?.n ?? 0 };
    },

    async get(id: number): Promise<Speciality> {
      const [row] = await db.select().from(specialities).where(eq(specialities.id, id));
      if (!row) throw new AppError('NOT_FOUND', 'Speciality not found');
      return toSpeciality(row);
    },

    /** A provider's specialities: for themselves and for colleagues in a shared practice. */
    async ofUser(caller: Caller, userId: number) {
      await visiblePracticesOf(db, caller, userId);
      return ofUser(userId);
    },

    /** Replaces the caller's specialities; all of them must exist, or nothing changes. */
    async setForUser(caller: Caller, userId: number, specialityIds: number[]) {
      assertSelf(caller, userId);
      if (caller.user.kind !== 'PROVIDER') throw new AppError('FORBIDDEN', 'Only providers have specialities');
      const ids = [...new Set(specialityIds)];
      if (ids.length) {
        const found = await db.select({ id: specialities.id }).from(specialities).where(inArray(specialities.id, ids));
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length) throw new AppError('BAD_REQUEST', `Unknown speciality ${missing.join(', ')}`);
      }
      await db.transaction(async (tx) => {
        await tx
          .delete(providerSpecialities)
          .where(
            ids.length
              ? and(eq(providerSpecialities.userId, userId), notInArray(providerSpecialities.specialityId, ids))
              : eq(providerSpecialities.userId, userId),
          );
        if (ids.length) {
          await tx
            .insert(providerSpecialities)
            .values(ids.map((specialityId) => ({ userId, specialityId })))
            .onConflictDoNothing();
        }
      });
      await ctx.audit.record({
        action: 'user.specialities_set',
        actorUserId: caller.user.id,
        subjectUserId: userId,
        targetType: 'user',
        targetId: userId,
        details: { specialityIds: ids },
      });
      return ofUser(userId);
    },
  };
}
