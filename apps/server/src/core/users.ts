import { and, eq, gte, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { UNVERIFIED_SIGNUP_HOLD_MS } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { users } from './users.table.js';
import type { UserRow } from './sessions.js';

// The writes other modules make to an account (signup, sign-in flows, joining and leaving
// practices), named so each is one place; see the rule in index.ts.

/** A new account. A unique violation (the e-mail or phone is taken) reaches the caller to answer. */
export async function createUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user;
}

export async function deleteUser(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

/** Accounts made before this moment that never verified their phone no longer hold their e-mail and phone. */
export function unverifiedHoldEndedBefore(now: Date): Date {
  return new Date(now.getTime() - UNVERIFIED_SIGNUP_HOLD_MS);
}

/** Accounts that still hold their e-mail and phone: verified, made another way (no phone), or recent. */
export function holdsItsAddresses(now: Date): SQL {
  return or(
    isNotNull(users.phoneVerifiedAt),
    isNull(users.phone),
    gte(users.createdAt, unverifiedHoldEndedBefore(now)),
  )!;
}

/**
 * Removes the accounts holding this e-mail or phone that no longer hold them (`holdsItsAddresses`):
 * a signup that never proved its number within UNVERIFIED_SIGNUP_HOLD_MS (a provider's password is
 * refused until it is, and signing in by phone code verifies it), so a mistyped or borrowed address
 * is not held for ever. The condition is part of the delete, so an owner verifying at the same
 * moment keeps the account.
 */
export async function releaseUnverifiedHolders(
  db: Db,
  held: { email?: string | null; phone: string },
  now: Date,
): Promise<{ id: number; email: string | null; phone: string | null }[]> {
  const holds = held.email ? or(eq(users.email, held.email), eq(users.phone, held.phone)) : eq(users.phone, held.phone);
  return db
    .delete(users)
    .where(
      and(
        holds,
        isNotNull(users.phone),
        isNull(users.phoneVerifiedAt),
        lt(users.createdAt, unverifiedHoldEndedBefore(now)),
      ),
    )
    .returning({ id: users.id, email: users.email, phone: users.phone });
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string, at: Date) {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/** A new e-mail or phone, verified by the flow that set it. A unique violation (another account has it) reaches the caller. */
export async function setVerifiedContact(
  db: Db,
  userId: number,
  change: { phone: string; phoneVerifiedAt: Date } | { email: string; emailVerifiedAt: Date },
  at: Date,
) {
  await db
    .update(users)
    .set({ ...change, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function markPhoneVerified(db: Db, userId: number, at: Date) {
  await db.update(users).set({ phoneVerifiedAt: at }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Db, userId: number, at: Date) {
  await db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

/** The practice the user just joined becomes their current one. */
export async function setCurrentPractice(tx: Db, userId: number, practiceId: number) {
  await tx.update(users).set({ currentPracticeId: practiceId }).where(eq(users.id, userId));
}

/** The practice becomes the user's current one if they have none; `updatedAt`, when given, is stamped too. */
export async function setCurrentPracticeIfNone(tx: Db, userId: number, practiceId: number, updatedAt?: Date) {
  await tx
    .update(users)
    .set({ currentPracticeId: practiceId, ...(updatedAt ? { updatedAt } : {}) })
    .where(and(eq(users.id, userId), isNull(users.currentPracticeId)));
}

/** A user who left the practice no longer has it as their current one. */
export async function clearCurrentPractice(tx: Db, userId: number, practiceId: number) {
  await tx
    .update(users)
    .set({ currentPracticeId: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.currentPracticeId, practiceId)));
}
