import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { cataloguesApi } from '@referwell/contracts';
import { authorizePractice, rolesIn, visiblePracticesOf, type AppContext, type Caller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { textMatch } from '../search/index.js';
import { insurances, userInsurances } from './catalogues.table.js';

type Insurance = cataloguesApi.Insurance;
type MatrixEntry = cataloguesApi.InsuranceMatrixEntry;

const toInsurance = (i: typeof insurances.$inferSelect): Insurance => ({
  id: i.id,
  name: i.name,
  payerId: i.payerId,
  searchable: i.searchable,
});

export function createInsuranceService(ctx: AppContext) {
  const { db } = ctx;

  /** One entry per practice, in the order given, each with its insurances by name. */
  async function matrix(userId: number, practiceIds: number[]): Promise<MatrixEntry[]> {
    const rows = practiceIds.length
      ? await db
          .select({ practiceId: userInsurances.practiceId, insurance: insurances })
          .from(userInsurances)
          .innerJoin(insurances, eq(insurances.id, userInsurances.insuranceId))
          .where(and(eq(userInsurances.userId, userId), inArray(userInsurances.practiceId, practiceIds)))
          .orderBy(asc(insurances.name), asc(insurances.id))
      : [];
    return practiceIds.map((practiceId) => {
      const accepted = rows.filter((r) => r.practiceId === practiceId).map((r) => toInsurance(r.insurance));
      return { practiceId, insuranceIds: accepted.map((i) => i.id), insurances: accepted };
    });
  }

  /**
   * The user themselves may change their own matrix in a practice they belong to; an admin of the
   * practice may change it for any member. Checked before anything else is read.
   */
  async function authorizeChange(caller: Caller, userId: number, practiceId: number, insuranceId: number) {
    await authorizePractice(db, caller, practiceId, caller.user.id === userId ? 'practice.view' : 'team.manage');
    if (!(await rolesIn(db, userId, practiceId)).length)
      throw new AppError('NOT_FOUND', 'The user is not a member of this practice');
    const [insurance] = await db.select({ id: insurances.id }).from(insurances).where(eq(insurances.id, insuranceId));
    if (!insurance) throw new AppError('NOT_FOUND', 'Insurance not found');
  }

  /** A change to a member's accepted insurances in one practice, audited in that practice's trail. */
  const auditInsurance = (
    action: 'user.insurance_added' | 'user.insurance_removed',
    caller: Caller,
    userId: number,
    practiceId: number,
    insuranceId: number,
  ) =>
    ctx.audit.record({
      action,
      actorUserId: caller.user.id,
      subjectUserId: userId,
      targetType: 'insurance',
      targetId: insuranceId,
      practiceId,
      details: { practiceId },
    });

  return {
    /** Searchable payers, best matches first; without a query, all of them by name. */
    async list(query: string | undefined, page: number, pageSize: number) {
      const match = query ? textMatch(insurances.name, query) : null;
      const where = and(eq(insurances.searchable, true), match?.where);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(insurances)
          .where(where)
          .orderBy(...(match ? [desc(match.rank)] : []), asc(insurances.name), asc(insurances.id))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ n: count() }).from(insurances).where(where),
      ]);
      return { data: rows.map(toInsurance), count: total?.n ?? 0 };
    },

    async get(id: number): Promise<Insurance> {
      const [row] = await db.select().from(insurances).where(eq(insurances.id, id));
      if (!row) throw new AppError('NOT_FOUND', 'Insurance not found');
      return toInsurance(row);
    },

    async matrix(caller: Caller, userId: number) {
      return matrix(userId, await visiblePracticesOf(db, caller, userId));
    },

    async add(caller: Caller, userId: number, practiceId: number, insuranceId: number): Promise<MatrixEntry> {
      await authorizeChange(caller, userId, practiceId, insuranceId);
      const added = await db
        .insert(userInsurances)
        .values({ userId, practiceId, insuranceId })
        .onConflictDoNothing()
        .returning();
      if (added.length) {
        await auditInsurance('user.insurance_added', caller, userId, practiceId, insuranceId);
      }
      return (await matrix(userId, [practiceId]))[0];
    },

    async remove(caller: Caller, userId: number, practiceId: number, insuranceId: number): Promise<MatrixEntry> {
      await authorizeChange(caller, userId, practiceId, insuranceId);
      const removed = await db
        .delete(userInsurances)
        .where(
          and(
            eq(userInsurances.userId, userId),
            eq(userInsurances.practiceId, practiceId),
            eq(userInsurances.insuranceId, insuranceId),
          ),
        )
        .returning();
      if (removed.length) {
        await auditInsurance('user.insurance_removed', caller, userId, practiceId, insuranceId);
      }
      return (await matrix(userId, [practiceId]))[0];
    },
  };
}
