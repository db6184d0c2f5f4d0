import type { AppContext, UserRow } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { verifyPassword } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import { createDeviceCookies } from './device-cookie.js';
import { createSignInThrottle, type Throttled } from './sign-in-throttle.js';

/** The client of a sign-in or password call: its address and agent, and its raw device cookie. */
export interface SignInClient extends ClientInfo {
  device?: string;
}

/** Where an attempt was made, for the audit log. */
export interface AttemptContext {
  app?: string;
  flow?: string;
  reason: 'password' | 'code' | 'password-change' | 'new-password';
}

/** `right` is recorded only for an account an administrator locked: the secret was right, the lock held. */
type Outcome = { kind: 'wrong' } | { kind: 'throttled'; throttled: Throttled; trusted: boolean } | { kind: 'right' };

function waitText(ms: number) {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 458 with Retry-After, and a message saying how long to wait. */
export function tooManyAttempts(retryAfterMs: number) {
  return new AppError(
    'TOO_MANY_LOGIN_ATTEMPTS',
    `Too many attempts with a wrong password. Try again in ${waitText(retryAfterMs)}.`,
    undefined,
    { 'retry-after': String(Math.ceil(retryAfterMs / 1000)) },
  );
}

/**
 * Checking a password, as sign-in and a password change both do: growing delays per account and
 * client instead of a lock (sign-in-throttle.ts), and every refused attempt audited with the
 * client's address, agent and app.
 */
export function createPasswordAttempts(ctx: AppContext) {
  const throttle = createSignInThrottle(ctx.db, ctx.secrets.sessionSecret, ctx.clock);
  const devices = createDeviceCookies(ctx.secrets.sessionSecret);

  /**
   * One audit row per refused attempt on an account (unknown e-mails have nobody to record it
   * under). Any attempt on an account an administrator locked is recorded as such, whatever its
   * outcome, so the lock's effect can be followed.
   */
  async function record(user: UserRow | null, client: ClientInfo, at: AttemptContext, outcome: Outcome) {
    if (!user) return;
    const where = { app: at.app, flow: at.flow, reason: at.reason };
    const throttled =
      outcome.kind === 'throttled'
        ? {
            retryAfterSeconds: Math.ceil(outcome.throttled.retryAfterMs / 1000),
            scope: outcome.throttled.scope,
            client: outcome.trusted ? 'device' : 'address',
          }
        : {};
    const action = user.lockedAt
      ? 'auth.locked_account_attempt'
      : outcome.kind === 'throttled'
        ? 'auth.sign_in_throttled'
        : 'auth.sign_in_failed';
    await ctx.audit.record({
      action,
      subjectUserId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { ...where, ...(user.lockedAt ? { outcome: outcome.kind } : {}), ...throttled },
    });
  }

  return {
    devices,
    throttle,
    record,

    /**
     * Resolves with the account when `password` is its own. Otherwise throws 458 (Retry-After)
     * while this client, or every client without a device cookie, must wait, and 451 when it is
     * wrong. Unknown e-mails (`user` null) are counted under `identifier` and answered alike.
     */
    async verify(
      user: UserRow | null,
      identifier: string,
      password: string,
      client: SignInClient,
      at: AttemptContext,
    ): Promise<UserRow> {
      const subject = throttle.subjectOf(user ? { userId: user.id } : { identifier });
      const who = { ip: client.ip, device: user ? devices.deviceOf(client.device, user.id) : null };
      const throttled = await throttle.check(subject, who);
      if (throttled) {
        await record(user, client, at, { kind: 'throttled', throttled, trusted: who.device !== null });
        throw tooManyAttempts(throttled.retryAfterMs);
      }
      // verifyPassword spends the same time on an unknown e-mail.
      if (!(await verifyPassword(user?.passwordHash ?? null, password)) || !user) {
        await throttle.fail(subject, who);
        await record(user, client, at, { kind: 'wrong' });
        throw new AppError(
          'BAD_CREDENTIALS',
          at.reason === 'password-change' ? 'Your current password is not right' : undefined,
        );
      }
      await throttle.succeed(subject, who);
      return user;
    },
  };
}
export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
