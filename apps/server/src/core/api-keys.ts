import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { randomToken, sha256 } from '../platform/auth/crypto.js';
import { apiKeys } from './api-keys.table.js';
import { users } from './users.table.js';
import type { ApiKeyCaller } from './sessions.js';

const KEY_PREFIX = 'rwk_';
/** How many leading characters of a key are kept in clear to tell keys apart in lists. */
const SHOWN_CHARACTERS = 12;
/** lastUsedAt is written at most this often per key. */
const TOUCH_EVERY_MS = 60_000;

/** A new key: the secret (shown once), the hash to store and the prefix to display. */
export function issueApiKeySecret() {
  const secret = `${KEY_PREFIX}${randomToken()}`;
  return { secret, secretHash: sha256(secret), prefix: secret.slice(0, SHOWN_CHARACTERS) };
}

/** Resolves the `X-Api-Key` header to its caller; null for an unknown or deactivated key. */
export function createApiKeyResolver(db: Db) {
  const byHash = db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.secretHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_key_by_hash');

  return async (secret: string): Promise<ApiKeyCaller | null> => {
    if (!secret.startsWith(KEY_PREFIX)) return null;
    const [row] = await byHash.execute({ hash: sha256(secret) });
    if (!row || !row.key.activated) return null;
    const now = Date.now();
    if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(now) })
        .where(eq(apiKeys.id, row.key.id));
    }
    return {
      user: row.user,
      session: null,
      via: 'apiKey',
      apiKey: { id: row.key.id, practiceId: row.key.practiceId, permissions: row.key.permissions },
    };
  };
}
export type ApiKeyResolver = ReturnType<typeof createApiKeyResolver>;
