import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerReferralCommentRoutes } from './referral-comments.routes.js';
import { createReferralCommentsService } from './referral-comments.service.js';
import { createNotesService } from './notes.service.js';
import { registerNoticeJobs } from './notifications.js';

/** Comments on referrals (every practice on it) and notes (inside one practice), and their e-mails. */
export function referralCommentsModule(app: FastifyInstance, ctx: AppContext) {
  registerReferralCommentRoutes(app, ctx, createReferralCommentsService(ctx), createNotesService(ctx));
  registerNoticeJobs(ctx);
}
