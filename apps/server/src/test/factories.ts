import { and, eq } from 'drizzle-orm';
import type { ApiKeyPermission, Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { hashPassword } from '../platform/auth/crypto.js';
import { apiKeys, issueApiKeySecret, practiceMembers, practices, users } from '../core/index.js';

let seq = 0;
export const TEST_PASSWORD = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

/** A verified provider who signs in with TEST_PASSWORD. */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const now = new Date();
  const [user] = await db
    .insert(users)
    .values({
      kind: 'PROVIDER',
      email: `user${seq}-${Date.now()}@example.test`,
      phone: `+1202555${String(1000 + (seq % 9000)).slice(-4)}`,
      firstName: 'Test',
      lastName: `User${seq}`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      emailVerifiedAt: now,
      phoneVerifiedAt: now,
      ...values,
    })
    .returning();
  return user;
}

export async function createPractice(db: Db, values: Partial<typeof practices.$inferInsert> = {}) {
  seq += 1;
  const [practice] = await db
    .insert(practices)
    .values({ name: `Practice ${seq}`, ...values })
    .returning();
  return practice;
}

export async function addMember(db: Db, practiceId: number, userId: number, role: Role = 'PROVIDER') {
  await db.insert(practiceMembers).values({ practiceId, userId, role });
}

/** The roles a user holds in a practice, sorted. */
export async function practiceRoles(db: Db, practiceId: number, userId: number) {
  const rows = await db
    .select({ role: practiceMembers.role })
    .from(practiceMembers)
    .where(and(eq(practiceMembers.practiceId, practiceId), eq(practiceMembers.userId, userId)));
  return rows.map((r) => r.role).sort();
}

/** An API key of the practice, stored as the API keys module stores it; returns the secret to send. */
export async function insertApiKey(
  db: Db,
  practiceId: number,
  createdBy: number,
  permissions: ApiKeyPermission[],
  activated = true,
) {
  const key = issueApiKeySecret();
  await db
    .insert(apiKeys)
    .values({ practiceId, prefix: key.prefix, secretHash: key.secretHash, permissions, activated, createdBy });
  return key.secret;
}
