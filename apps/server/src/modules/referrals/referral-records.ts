import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Caller, ClientInfo } from '../../platform/auth/sessions.js';
import type { Db } from '../../db/client.js';
import type { ReferralRow } from '../../platform/access/referrals.js';
import { AppError } from '../../platform/errors.js';
import { referralEvents, referrals } from './referrals.table.js';
import type { referralsApi } from '@referwell/contracts';

/**
 * Every read and write of a referral goes in the audit log: who (user, and the API key when an
 * integration called), from which practice, what, when and from where.
 */
export function auditReferral(
  ctx: AppContext, caller: Caller, client: ClientInfo, verb: string, referralId: number | null, practiceId: number,
  details: Record<string, unknown> = {},
) {
  return ctx.audit.record({
    action: `referral.${verb}`, actorUserId: caller.user.id, targetType: 'referral', targetId: referralId ?? undefined,
    ip: client.ip, userAgent: client.userAgent,
    details: { practiceId, ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}), ...details },
  });
}

/** Locks the referral for the rest of the transaction: every change of status goes through here first. */
export async function lockReferral(tx: Db, referralId: number): Promise<ReferralRow> {
  const [row] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).for('update');
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such referral');
  return row;
}

/** One step of the timeline. */
export async function recordEvent(
  tx: Db, referralId: number, kind: referralsApi.ReferralEventKind, actorUserId: number | null, practiceId: number | null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(referralEvents).values({ referralId, kind, actorUserId, practiceId, details });
}
