import { randomUUID } from 'node:crypto';
import type { AppContext, UserRow } from '../../core/index.js';
import { hmac, randomToken } from '../../platform/auth/crypto.js';
import { authFlows } from './auth.table.js';
import { FLOW_STEPS } from './flow-plans.js';

/** How a flow's code is kept: only this keyed hash is stored. */
export const flowCodeHash = (secret: string, flowUuid: string, code: string) =>
  hmac(secret, `code:${flowUuid}:${code}`);

/**
 * Starts the first-password flow of an account someone else made: it waits at EMAIL_CODE for a
 * code that only goes out inside a link, so the code is a long random token rather than six
 * digits, and lives as long as the link. Answering it proves the e-mail, then the password is set
 * and the owner is signed in, as a password reset does. The caller sends the link.
 */
export async function startPasswordSetup(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
  user: UserRow,
  ttlMs: number,
) {
  const code = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ttlMs);
  const uuid = randomUUID();
  await ctx.db.insert(authFlows).values({
    uuid,
    app: 'PROVIDER_WEB',
    kind: 'SET_PASSWORD',
    identifier: user.email!,
    userId: user.id,
    steps: FLOW_STEPS.SET_PASSWORD,
    stepIndex: 1,
    codeHash: flowCodeHash(ctx.secrets.sessionSecret, uuid, code),
    codeExpiresAt: expiresAt,
    codeSentAt: now,
    delivery: 'email',
    expiresAt,
  });
  return { uuid, code, expiresAt };
}
