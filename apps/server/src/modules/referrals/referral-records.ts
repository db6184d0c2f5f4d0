import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { practiceMembers, type AppContext, type Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import type { Db } from '../../db/client.js';
import type { ReferralRow } from './referral-access.js';
import { AppError } from '../../platform/errors.js';
import { referralEvents, referrals, referralViews } from './referrals.table.js';
import type { referralsApi } from '@referwell/contracts';

/** The acting practice's own record of the referral's patient (the sender's, or the accepting practice's), if it has one. */
const referralPatient = (
  referralId: number,
  practiceId: number,
) => sql`(select case when ${referrals.practiceId} = ${practiceId} then ${referrals.patientId}
  when ${referrals.receivingPracticeId} = ${practiceId} then ${referrals.receiverPatientId} end from ${referrals} where ${referrals.id} = ${referralId})`;

/**
 * Every read and write of a referral goes in the audit log: who (user, and the API key when an
 * integration called), from which practice, what, when and from where.
 */
export function auditReferral(
  ctx: AppContext,
  caller: Caller,
  client: ClientInfo,
  verb: string,
  referralId: number | null,
  practiceId: number,
  details: Record<string, unknown> = {},
) {
  return ctx.audit.record({
    action: `referral.${verb}`,
    actorUserId: caller.user.id,
    targetType: 'referral',
    targetId: referralId ?? undefined,
    ip: client.ip,
    userAgent: client.userAgent,
    practiceId,
    patientId: referralId === null ? null : referralPatient(referralId, practiceId),
    details: { practiceId, ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}), ...details },
  });
}

export async function referralById(db: Db, id: number): Promise<ReferralRow | undefined> {
  const [row] = await db.select().from(referrals).where(eq(referrals.id, id));
  return row;
}

/** Brings the referral to the top of every list (and into updatedSince syncs), as news on it does. */
export async function touchReferral(tx: Db, referralId: number, at: Date) {
  await tx.update(referrals).set({ updatedAt: at }).where(eq(referrals.id, referralId));
}

/** Locks the referral for the rest of the transaction: every change of status goes through here first. */
export async function lockReferral(tx: Db, referralId: number): Promise<ReferralRow> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such referral');
  return row;
}

/** One step of the timeline. */
export async function recordEvent(
  tx: Db,
  referralId: number,
  kind: referralsApi.ReferralEventKind,
  actorUserId: number | null,
  practiceId: number | null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(referralEvents).values({ referralId, kind, actorUserId, practiceId, details });
}

/**
 * News on a referral for these practices (an answer, a new appointment, a cancel, an expiry, a
 * comment): their people, except whoever made it, see it as not viewed again until they open it,
 * so their lists mark it and the inbox counts it.
 */
export async function markUnviewed(
  tx: Db,
  referralId: number,
  practiceIds: readonly number[],
  actorUserId: number | null,
) {
  if (practiceIds.length === 0) return;
  const members = tx
    .select({ id: practiceMembers.userId })
    .from(practiceMembers)
    .where(inArray(practiceMembers.practiceId, [...practiceIds]));
  await tx
    .delete(referralViews)
    .where(
      and(
        eq(referralViews.referralId, referralId),
        inArray(referralViews.userId, members),
        actorUserId === null ? undefined : ne(referralViews.userId, actorUserId),
      ),
    );
}
