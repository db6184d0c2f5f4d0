import { desc, eq } from 'drizzle-orm';
import type { ApiKeyPermission, apiKeysApi } from '@referwell/contracts';
import {
  apiKeys,
  authorizePractice,
  issueApiKeySecret,
  users,
  type AppContext,
  type SessionCaller,
  type UserRow,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';

type KeyRow = typeof apiKeys.$inferSelect;
type Creator = Pick<UserRow, 'id' | 'firstName' | 'lastName'>;

function toApiKey(row: KeyRow, creator: Creator | null): apiKeysApi.ApiKey {
  return {
    id: row.id,
    uuid: row.uuid,
    practiceId: row.practiceId,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    activated: row.activated,
    createdAt: row.createdAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
    createdBy: creator && { id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
  };
}

const creatorColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

/** A practice's keys for integrations; only its ADMINs manage them. */
export function createApiKeysService(ctx: AppContext) {
  const { db, audit } = ctx;

  return {
    async create(caller: SessionCaller, body: { practiceId: number; permissions: ApiKeyPermission[]; name?: string }) {
      await authorizePractice(db, caller, body.practiceId, 'apiKeys.manage');
      const { secret, secretHash, prefix } = issueApiKeySecret();
      const [row] = await db
        .insert(apiKeys)
        .values({
          practiceId: body.practiceId,
          name: body.name ?? '',
          prefix,
          secretHash,
          permissions: body.permissions,
          createdBy: caller.user.id,
        })
        .returning();
      await audit.record({
        action: 'api_key.created',
        actorUserId: caller.user.id,
        targetType: 'api_key',
        targetId: row.id,
        practiceId: body.practiceId,
        details: { practiceId: body.practiceId, permissions: body.permissions, name: row.name, prefix },
      });
      return { ...toApiKey(row, caller.user), secret };
    },

    async update(
      caller: SessionCaller,
      id: number,
      body: { practiceId: number; permissions: ApiKeyPermission[]; activated: boolean; name?: string },
    ) {
      const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      if (!key) throw new AppError('OBJECT_NOT_FOUND', 'API key not found');
      await authorizePractice(db, caller, key.practiceId, 'apiKeys.manage');
      if (body.practiceId !== key.practiceId)
        throw new AppError('BAD_REQUEST', 'practiceId must be the practice the key belongs to');
      const [row] = await db
        .update(apiKeys)
        .set({
          permissions: body.permissions,
          activated: body.activated,
          ...(body.name === undefined ? {} : { name: body.name }),
        })
        .where(eq(apiKeys.id, id))
        .returning();
      const base = {
        actorUserId: caller.user.id,
        targetType: 'api_key',
        targetId: id,
        practiceId: key.practiceId,
      } as const;
      const changed = body.permissions.join() !== key.permissions.join() || row.name !== key.name;
      if (changed) {
        await audit.record({
          ...base,
          action: 'api_key.updated',
          details: {
            practiceId: key.practiceId,
            permissions: body.permissions,
            before: key.permissions,
            name: row.name,
          },
        });
      }
      if (body.activated !== key.activated) {
        await audit.record({
          ...base,
          action: body.activated ? 'api_key.activated' : 'api_key.deactivated',
          details: { practiceId: key.practiceId },
        });
      }
      const [creator] = await db.select(creatorColumns).from(users).where(eq(users.id, row.createdBy));
      return toApiKey(row, creator ?? null);
    },

    async list(caller: SessionCaller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'apiKeys.manage');
      const rows = await db
        .select({ key: apiKeys, creator: creatorColumns })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.createdBy))
        .where(eq(apiKeys.practiceId, practiceId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map((r) => toApiKey(r.key, r.creator));
    },
  };
}
