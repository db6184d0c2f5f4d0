import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createReferralsService } from './referrals.service.js';
import { createReferralResponses } from './referral-responses.service.js';
import { registerReferralRoutes } from './referrals.routes.js';
import { createMatchCheck, registerRoutingJobs } from './routing/index.js';
import { registerUnreadCounter } from '../unread/index.js';
import { registerPushSource } from '../events/index.js';
import { unreadReferrals } from './referrals-unread.js';
import { referralPushSource } from './referral-push.js';
import { referralNotificationSource } from './referral-bell.js';
import { registerNotificationSource } from '../notifications/index.js';

export { authorizeReferral, callerSeesReferral, practicesSeeingReferral, type ReferralRow } from './referral-access.js';
export { attachToReferral, checkPracticeUploads } from './referral-files.js';
export { referralPath } from './referral-push.js';
export { auditReferral, markUnviewed, referralById, touchReferral } from './referral-records.js';
export { referralWorklist } from './referral-worklist.js';

/** Referrals: sending, the inbox, answers, and routing specialty referrals tier by tier. */
export function referralsModule(app: FastifyInstance, ctx: AppContext) {
  registerReferralRoutes(
    app,
    ctx,
    createReferralsService(ctx),
    createReferralResponses(ctx),
    createMatchCheck(ctx.db, ctx.clock),
  );
  registerRoutingJobs(ctx);
  registerUnreadCounter(ctx, unreadReferrals);
  registerPushSource(ctx, referralPushSource);
  registerNotificationSource(ctx, referralNotificationSource);
}
