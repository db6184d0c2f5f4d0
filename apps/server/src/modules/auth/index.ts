import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createAccountNotices } from './account-notices.js';
import { createPasswordAttempts } from './password-attempts.js';
import { createSessionsService } from './sessions.service.js';
import { createSignInService, type SignInService } from './sign-in.service.js';
import type { SignInThrottle } from './sign-in-throttle.js';

export type { SignInService };
export { startPasswordSetup } from './password-setup.js';

export const THROTTLE_SWEEP_JOB = 'auth.throttle-sweep';
export const THROTTLE_SWEEP_EVERY_MS = 24 * 60 * 60_000;

/** The daily `auth.throttle-sweep`, on one instance at a time: counts nobody has added to for a day go. */
export function registerThrottleSweep(ctx: Pick<AppContext, 'jobs' | 'log'>, throttle: SignInThrottle) {
  ctx.jobs.every(THROTTLE_SWEEP_JOB, THROTTLE_SWEEP_EVERY_MS, async () => {
    const deleted = await throttle.sweep();
    if (deleted > 0) ctx.log.info({ deleted }, 'old sign-in throttle counts deleted');
  });
}

/** Sign-in flows, sessions and passwords. Returns the sign-in service other modules start flows with. */
export function authModule(app: FastifyInstance, ctx: AppContext): SignInService {
  const attempts = createPasswordAttempts(ctx);
  const notify = createAccountNotices(ctx);
  const signIn = createSignInService(ctx, attempts, notify);
  registerAuthRoutes(app, ctx, signIn, createSessionsService(ctx, signIn, attempts, notify));
  registerThrottleSweep(ctx, attempts.throttle);
  return signIn;
}
