import { and, eq, isNotNull, isNull, lt, not, or, type SQL } from 'drizzle-orm';
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

/** Accounts made before this moment that never verified their phone no longer hold it. */
function unverifiedHoldEndedBefore(now: Date): Date {
  return new Date(now.getTime() - UNVERIFIED_SIGNUP_HOLD_MS);
}

/** An account made more than UNVERIFIED_SIGNUP_HOLD_MS ago by a sign-up that never verified its phone. */
function staleUnverified(now: Date): SQL {
  return and(
    isNotNull(users.phone),
    isNull(users.phoneVerifiedAt),
    lt(users.createdAt, unverifiedHoldEndedBefore(now)),
  )!;
}

/**
 * Accounts that still hold the e-mail or phone they match on (`by`): a phone until it is stale and
 * unverified; an e-mail also for as long as it was proven (a reset or an invite), since such an
 * account may be in use.
 */
export function holdsAddress(by: 'email' | 'phone', now: Date): SQL {
  return by === 'phone' ? not(staleUnverified(now)) : or(isNotNull(users.emailVerifiedAt), not(staleUnverified(now)))!;
}

export interface ReleasedHolders {
  /** Accounts that never proved an e-mail or phone, so never signed in: removed. */
  removed: { id: number; email: string | null; phone: string | null }[];
  /** Accounts that proved their e-mail (and may be in use) but never their phone: they keep all but the phone. */
  phoneFreed: { id: number; phone: string }[];
}

/**
 * Frees the e-mail and phone a sign-up asks for from accounts that no longer hold them
 * (`holdsAddress`): a sign-up that never proved its number within UNVERIFIED_SIGNUP_HOLD_MS, so a
 * mistyped or borrowed address is not held for ever. An account that proved nothing is removed
 * (every way in proves the phone or the e-mail: a password is refused until the phone is verified);
 * one that proved its e-mail loses only the phone. The conditions are part of each write, so an owner
 * verifying at the same moment keeps everything.
 */
export async function releaseUnverifiedHolders(
  db: Db,
  held: { email?: string | null; phone: string },
  now: Date,
): Promise<ReleasedHolders> {
  const holds = held.email ? or(eq(users.email, held.email), eq(users.phone, held.phone)) : eq(users.phone, held.phone);
  const removed = await db
    .delete(users)
    .where(and(holds, staleUnverified(now), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id, email: users.email, phone: users.phone });
  const phoneFreed = await db
    .update(users)
    .set({ phone: null, updatedAt: now })
    .where(and(eq(users.phone, held.phone), staleUnverified(now), isNotNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return { removed, phoneFreed: phoneFreed.map((u) => ({ id: u.id, phone: held.phone })) };
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
