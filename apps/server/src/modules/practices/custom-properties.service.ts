import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { customPropertiesApi, type CustomPropertyType, type ValidationIssue } from '@referwell/contracts';
import { authorizePractice, rolesIn, type AppContext, type Caller, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { onUniqueViolation } from '../../db/errors.js';
import { customPropertyDefinitions, customPropertyValues } from './practices.table.js';
import { auditPractice } from './practice-audit.js';

type DefinitionRow = typeof customPropertyDefinitions.$inferSelect;
type DefinitionInput = { name: string; moniker: string; type: CustomPropertyType };

const MONIKER_TAKEN = 'A custom property with this moniker already exists';
const { normalizeCustomValue } = customPropertiesApi;

const toDefinition = (d: DefinitionRow): customPropertiesApi.CustomPropertyDefinition => ({
  id: d.id,
  practiceId: d.practiceId,
  name: d.name,
  moniker: d.moniker,
  type: d.type,
  createdAt: d.createdAt.getTime(),
  updatedAt: d.updatedAt.getTime(),
});

const typeMessage = (name: string, type: CustomPropertyType) =>
  type === 'NUMBER'
    ? `${name} must be a number`
    : type === 'DATE'
      ? `${name} must be a date as MM/DD/YYYY`
      : `${name} must be at most 1000 characters`;

/**
 * A practice's custom properties and their values. Subjects are members of the practice today
 * (subjectType USER); the referrals issue adds patients as subjects (subjectType PATIENT).
 */
export function createCustomPropertiesService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function loadDefinition(practiceId: number, propertyId: number) {
    const [row] = await db
      .select()
      .from(customPropertyDefinitions)
      .where(and(eq(customPropertyDefinitions.id, propertyId), eq(customPropertyDefinitions.practiceId, practiceId)));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such custom property');
    return row;
  }

  async function assertMonikerFree(practiceId: number, moniker: string, exceptId?: number) {
    const [clash] = await db
      .select({ id: customPropertyDefinitions.id })
      .from(customPropertyDefinitions)
      .where(
        and(
          eq(customPropertyDefinitions.practiceId, practiceId),
          eq(customPropertyDefinitions.moniker, moniker),
          exceptId ? ne(customPropertyDefinitions.id, exceptId) : undefined,
        ),
      );
    if (clash) throw new AppError('ERROR_OBJECT_EXISTS', MONIKER_TAKEN);
  }

  const writing = <T>(write: () => Promise<T>) =>
    onUniqueViolation(write, () => new AppError('ERROR_OBJECT_EXISTS', MONIKER_TAKEN));

  async function assertMember(practiceId: number, userId: number) {
    if (!(await rolesIn(db, userId, practiceId)).length)
      throw new AppError('OBJECT_NOT_FOUND', 'This person is not a member of the practice');
  }

  async function valuesOf(practiceId: number, userId: number): Promise<customPropertiesApi.CustomPropertyValue[]> {
    return db
      .select({
        id: customPropertyValues.id,
        definitionId: customPropertyValues.definitionId,
        name: customPropertyDefinitions.name,
        value: customPropertyValues.value,
      })
      .from(customPropertyValues)
      .innerJoin(customPropertyDefinitions, eq(customPropertyDefinitions.id, customPropertyValues.definitionId))
      .where(
        and(
          eq(customPropertyDefinitions.practiceId, practiceId),
          eq(customPropertyValues.subjectType, 'USER'),
          eq(customPropertyValues.subjectId, userId),
        ),
      )
      .orderBy(sql`lower(${customPropertyDefinitions.name})`, asc(customPropertyDefinitions.id));
  }

  return {
    async list(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      const rows = await db
        .select()
        .from(customPropertyDefinitions)
        .where(eq(customPropertyDefinitions.practiceId, practiceId))
        .orderBy(sql`lower(${customPropertyDefinitions.name})`, asc(customPropertyDefinitions.id));
      return rows.map(toDefinition);
    },

    async create(caller: SessionCaller, practiceId: number, input: DefinitionInput, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      await assertMonikerFree(practiceId, input.moniker);
      const [row] = await writing(() =>
        db
          .insert(customPropertyDefinitions)
          .values({ practiceId, ...input })
          .returning(),
      );
      await auditPractice(audit, caller, client, {
        action: 'practice.custom_property_created',
        practiceId,
        details: { propertyId: row.id, ...input },
      });
      return toDefinition(row);
    },

    /** A new type is refused while stored values do not fit it; values that fit are rewritten in its form. */
    async update(
      caller: SessionCaller,
      practiceId: number,
      propertyId: number,
      change: Partial<DefinitionInput>,
      client: ClientInfo,
    ) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      const current = await loadDefinition(practiceId, propertyId);
      if (!Object.keys(change).length) return toDefinition(current);
      if (change.moniker && change.moniker !== current.moniker)
        await assertMonikerFree(practiceId, change.moniker, propertyId);
      const row = await writing(() =>
        db.transaction(async (tx) => {
          if (change.type && change.type !== current.type) {
            const type = change.type;
            const stored = await tx
              .select()
              .from(customPropertyValues)
              .where(eq(customPropertyValues.definitionId, propertyId))
              .for('update');
            for (const v of stored) {
              const value = normalizeCustomValue(type, v.value);
              if (value === null)
                throw new AppError(
                  'BAD_REQUEST',
                  `Stored values of ${current.name} are not all a valid ${type.toLowerCase()}; clear them first`,
                );
              if (value !== v.value)
                await tx
                  .update(customPropertyValues)
                  .set({ value, updatedAt: new Date() })
                  .where(eq(customPropertyValues.id, v.id));
            }
          }
          const [updated] = await tx
            .update(customPropertyDefinitions)
            .set({ ...change, updatedAt: new Date() })
            .where(eq(customPropertyDefinitions.id, propertyId))
            .returning();
          return updated;
        }),
      );
      await auditPractice(audit, caller, client, {
        action: 'practice.custom_property_updated',
        practiceId,
        details: { propertyId, ...change },
      });
      return toDefinition(row);
    },

    async remove(caller: SessionCaller, practiceId: number, propertyId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      const current = await loadDefinition(practiceId, propertyId);
      await db.delete(customPropertyDefinitions).where(eq(customPropertyDefinitions.id, propertyId));
      await auditPractice(audit, caller, client, {
        action: 'practice.custom_property_deleted',
        practiceId,
        details: { propertyId, moniker: current.moniker },
      });
    },

    async values(caller: SessionCaller, practiceId: number, userId: number) {
      await authorizePractice(db, caller, practiceId, 'team.view');
      await assertMember(practiceId, userId);
      return valuesOf(practiceId, userId);
    },

    /** All or nothing: one bad value refuses the whole change, with an issue per bad value. */
    async setValues(
      caller: SessionCaller,
      practiceId: number,
      userId: number,
      values: { definitionId: number; value: string | null }[],
      client: ClientInfo,
    ) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      await assertMember(practiceId, userId);
      const ids = values.map((v) => v.definitionId);
      if (new Set(ids).size !== ids.length) throw new AppError('BAD_REQUEST', 'Each custom property may appear once');
      const definitions = ids.length
        ? await db
            .select()
            .from(customPropertyDefinitions)
            .where(
              and(eq(customPropertyDefinitions.practiceId, practiceId), inArray(customPropertyDefinitions.id, ids)),
            )
        : [];
      const byId = new Map(definitions.map((d) => [d.id, d]));
      const issues: ValidationIssue[] = [];
      const writes = values.map((v, i) => {
        const definition = byId.get(v.definitionId);
        if (!definition) throw new AppError('OBJECT_NOT_FOUND', `No such custom property: ${v.definitionId}`);
        const text = v.value?.trim() ?? '';
        if (!text) return { definitionId: v.definitionId, value: null };
        const value = normalizeCustomValue(definition.type, text);
        if (value === null)
          issues.push({ path: ['body', 'values', i, 'value'], message: typeMessage(definition.name, definition.type) });
        return { definitionId: v.definitionId, value };
      });
      if (issues.length) throw new AppError('BAD_REQUEST', issues[0].message, issues);
      await db.transaction(async (tx) => {
        for (const w of writes) {
          const subject = and(
            eq(customPropertyValues.definitionId, w.definitionId),
            eq(customPropertyValues.subjectType, 'USER'),
            eq(customPropertyValues.subjectId, userId),
          );
          if (w.value === null) {
            await tx.delete(customPropertyValues).where(subject);
          } else {
            await tx
              .insert(customPropertyValues)
              .values({ definitionId: w.definitionId, subjectType: 'USER', subjectId: userId, value: w.value })
              .onConflictDoUpdate({
                target: [
                  customPropertyValues.definitionId,
                  customPropertyValues.subjectType,
                  customPropertyValues.subjectId,
                ],
                set: { value: w.value, updatedAt: new Date() },
              });
          }
        }
      });
      if (writes.length)
        await auditPractice(audit, caller, client, {
          action: 'practice.custom_values_updated',
          practiceId,
          subjectUserId: userId,
          details: { definitionIds: ids },
        });
      return valuesOf(practiceId, userId);
    },
  };
}
