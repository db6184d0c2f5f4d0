import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { createAudit } from '../../platform/audit/audit.js';
import { practicesSeeingReferral, type ReferralRow } from './referral-access.js';
import { practices } from '../../core/index.js';
import { referralArchives } from './referrals.table.js';
import { recordEvent } from './referral-records.js';
import type { EndedWithoutCare } from './referral-rules.js';

/**
 * A referral that ended without care leaves the lists of each practice still on it that asked for
 * that (`autoArchiveEnabled`): archived for that practice as the archive call does, with no actor
 * (the system), on the timeline and in the audit log. Called inside the transaction that ends it,
 * after its status is written, so the archive exists exactly when the ending does.
 */
export async function autoArchiveEnded(tx: Db, referral: ReferralRow, status: EndedWithoutCare): Promise<void> {
  const seeing = await practicesSeeingReferral(tx, { ...referral, status });
  const asking = await tx
    .select({ id: practices.id })
    .from(practices)
    .where(and(inArray(practices.id, seeing), eq(practices.autoArchiveEnabled, true)));
  const audit = createAudit(tx);
  for (const { id: practiceId } of asking) {
    const [archived] = await tx
      .insert(referralArchives)
      .values({ referralId: referral.id, practiceId })
      .onConflictDoNothing()
      .returning();
    // Archived by hand already: nothing to record again.
    if (!archived) continue;
    await recordEvent(tx, referral.id, 'ARCHIVED', null, practiceId, { automatic: true });
    await audit.record({
      action: 'referral.archived',
      actorUserId: null,
      targetType: 'referral',
      targetId: referral.id,
      practiceId,
      details: { practiceId, automatic: true },
    });
  }
}
