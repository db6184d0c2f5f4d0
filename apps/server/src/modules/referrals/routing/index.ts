import { z } from 'zod';
import { registerReferralNotifications } from '../referral-notifications.js';
import { expireTier, TIER_EXPIRED_JOB, type RoutingContext } from './offers.js';

export { createMatchCheck, type MatchCheck } from './match-check.js';

const TierJob = z.object({ referralId: z.number().int(), tier: z.number().int() });

/**
 * The tier timeouts and the referral notices (bus and e-mail). Tier jobs retry without limit: a
 * database outage must not strand a referral in a tier nobody answers.
 */
export function registerRoutingJobs(ctx: RoutingContext) {
  ctx.jobs.register(TIER_EXPIRED_JOB, async (payload) => {
    const job = TierJob.safeParse(payload);
    if (!job.success) {
      ctx.log.error({ payload }, `${TIER_EXPIRED_JOB} job not understood: dropped`);
      return;
    }
    await expireTier(ctx, job.data.referralId, job.data.tier);
  });
  registerReferralNotifications(ctx);
}
