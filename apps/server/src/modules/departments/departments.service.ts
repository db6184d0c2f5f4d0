import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { type departmentsApi } from '@referwell/contracts';
import {
  authorizePractice,
  byName,
  lockPractice,
  personColumns,
  rolesIn,
  toPersonSummary,
  users,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { departmentMembers, departments } from './departments.table.js';
import { validOptionalPhone } from '../../platform/phone.js';

type DepartmentRow = typeof departments.$inferSelect;
type Fields = { name?: string; description?: string | null; address?: string | null; phoneNumber?: string | null };

function toDepartment(d: DepartmentRow): departmentsApi.Department {
  return {
    id: d.id,
    practiceId: d.practiceId,
    name: d.name,
    description: d.description,
    address: d.address,
    phoneNumber: d.phoneNumber,
    createdAt: d.createdAt.getTime(),
    updatedAt: d.updatedAt.getTime(),
  };
}

/** Whether the department is one of the practice's own. */
export async function isDepartmentOf(db: Db, departmentId: number, practiceId: number): Promise<boolean> {
  const [own] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, departmentId), eq(departments.practiceId, practiceId)));
  return own !== undefined;
}

/** A person who leaves a practice leaves its departments. Call inside the removing transaction. */
export async function leavePracticeDepartments(tx: Db, practiceId: number, userId: number) {
  const practiceDepartments = tx
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.practiceId, practiceId));
  await tx
    .delete(departmentMembers)
    .where(and(eq(departmentMembers.userId, userId), inArray(departmentMembers.departmentId, practiceDepartments)));
}

export function createDepartmentsService(ctx: AppContext) {
  const { db, audit } = ctx;

  /** The department, or 456; its practice is what every check is made against. */
  async function load(id: number) {
    const [row] = await db.select().from(departments).where(eq(departments.id, id));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Department not found');
    return row;
  }

  async function detail(d: DepartmentRow): Promise<departmentsApi.DepartmentDetail> {
    const people = await db
      .select(personColumns)
      .from(departmentMembers)
      .innerJoin(users, eq(users.id, departmentMembers.userId))
      .where(eq(departmentMembers.departmentId, d.id))
      .orderBy(...byName.map((c) => asc(c)));
    return { ...toDepartment(d), users: people.map(toPersonSummary) };
  }

  /** Names are unique within a practice, whatever their case; call with the practice locked. */
  async function assertNameFree(tx: typeof db, practiceId: number, name: string, exceptId?: number) {
    const [clash] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(
        and(
          eq(departments.practiceId, practiceId),
          sql`lower(${departments.name}) = ${name.toLowerCase()}`,
          exceptId ? ne(departments.id, exceptId) : undefined,
        ),
      );
    if (clash) throw new AppError('ERROR_OBJECT_EXISTS', 'The practice already has a department with this name');
  }

  async function record(
    caller: SessionCaller,
    action: `department.${string}`,
    d: DepartmentRow,
    details: Record<string, unknown> = {},
  ) {
    await audit.record({
      action,
      actorUserId: caller.user.id,
      targetType: 'department',
      targetId: d.id,
      practiceId: d.practiceId,
      details: { practiceId: d.practiceId, ...details },
    });
  }

  return {
    async create(caller: SessionCaller, input: Fields & { practiceId: number; name: string }) {
      await authorizePractice(db, caller, input.practiceId, 'team.manage');
      const phoneNumber = validOptionalPhone(input.phoneNumber, 'phoneNumber');
      const row = await db.transaction(async (tx) => {
        await lockPractice(tx, input.practiceId);
        await assertNameFree(tx, input.practiceId, input.name);
        const [inserted] = await tx
          .insert(departments)
          .values({ ...input, phoneNumber })
          .returning();
        return inserted;
      });
      await record(caller, 'department.created', row, { name: row.name });
      return detail(row);
    },

    async get(caller: SessionCaller, id: number) {
      const row = await load(id);
      await authorizePractice(db, caller, row.practiceId, 'practice.view');
      return detail(row);
    },

    async update(caller: SessionCaller, id: number, change: Fields) {
      const current = await load(id);
      await authorizePractice(db, caller, current.practiceId, 'team.manage');
      if (!Object.keys(change).length) return detail(current);
      const phoneNumber = validOptionalPhone(change.phoneNumber, 'phoneNumber');
      const row = await db.transaction(async (tx) => {
        await lockPractice(tx, current.practiceId);
        if (change.name !== undefined) await assertNameFree(tx, current.practiceId, change.name, id);
        const [updated] = await tx
          .update(departments)
          .set({ ...change, ...(phoneNumber !== undefined ? { phoneNumber } : {}), updatedAt: new Date() })
          .where(eq(departments.id, id))
          .returning();
        return updated;
      });
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Department not found');
      await record(caller, 'department.updated', row, { fields: Object.keys(change) });
      return detail(row);
    },

    async remove(caller: SessionCaller, id: number) {
      const row = await load(id);
      await authorizePractice(db, caller, row.practiceId, 'team.manage');
      await db.delete(departments).where(eq(departments.id, id));
      await record(caller, 'department.deleted', row, { name: row.name });
      return { ok: true as const };
    },

    async addUser(caller: SessionCaller, id: number, userId: number) {
      const row = await load(id);
      await authorizePractice(db, caller, row.practiceId, 'team.manage');
      const added = await db.transaction(async (tx) => {
        // Locked so that a member removed from the practice meanwhile is not put back in a department.
        await lockPractice(tx, row.practiceId);
        if (!(await rolesIn(tx, userId, row.practiceId)).length) {
          throw new AppError('BAD_REQUEST', 'Only members of the practice can be in its departments');
        }
        return (
          (await tx.insert(departmentMembers).values({ departmentId: id, userId }).onConflictDoNothing().returning())
            .length > 0
        );
      });
      if (added) await record(caller, 'department.user_added', row, { userId });
      return detail(row);
    },

    async removeUser(caller: SessionCaller, id: number, userId: number) {
      const row = await load(id);
      await authorizePractice(db, caller, row.practiceId, 'team.manage');
      const removed = await db
        .delete(departmentMembers)
        .where(and(eq(departmentMembers.departmentId, id), eq(departmentMembers.userId, userId)))
        .returning();
      if (!removed.length) throw new AppError('OBJECT_NOT_FOUND', 'This person is not in the department');
      await record(caller, 'department.user_removed', row, { userId });
      return detail(row);
    },

    async ofPractice(caller: Caller, practiceId: number): Promise<departmentsApi.DepartmentListItem[]> {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      const rows = await db
        .select({ department: departments, userCount: count(departmentMembers.userId) })
        .from(departments)
        .leftJoin(departmentMembers, eq(departmentMembers.departmentId, departments.id))
        .where(eq(departments.practiceId, practiceId))
        .groupBy(departments.id)
        .orderBy(asc(departments.name), asc(departments.id));
      return rows.map((r) => ({ ...toDepartment(r.department), userCount: r.userCount }));
    },

    /**
     * One's own departments (in every practice, or in the one named); a colleague's only in a
     * practice named where the caller may see the team.
     */
    async ofUser(caller: SessionCaller, userId: number, practiceId?: number) {
      if (caller.user.id !== userId) {
        if (practiceId === undefined)
          throw new AppError('FORBIDDEN', "Name a practice you share to see someone else's departments");
        await authorizePractice(db, caller, practiceId, 'team.view');
      }
      const rows = await db
        .select({ department: departments })
        .from(departmentMembers)
        .innerJoin(departments, eq(departments.id, departmentMembers.departmentId))
        .where(
          and(
            eq(departmentMembers.userId, userId),
            practiceId !== undefined ? eq(departments.practiceId, practiceId) : undefined,
          ),
        )
        .orderBy(asc(departments.name), asc(departments.id));
      return rows.map((r) => toDepartment(r.department));
    },
  };
}
export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
