import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { isIPv6 } from 'node:net';
import { MAX_FAILED_LOGINS } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import { hmac } from '../../platform/auth/crypto.js';
import { signInThrottles } from './auth.table.js';

/** After `free` failures a client waits `baseMs`, doubled with each further failure, at most `capMs`. */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  capMs: number;
}

/** One client (its device cookie, else its address) on one account. */
export const CLIENT_POLICY: ThrottlePolicy = { free: MAX_FAILED_LOGINS, baseMs: 60_000, capMs: 15 * 60_000 };

/**
 * Every client without a device cookie for the account, together: guessing spread over many
 * addresses. Ten times the room and a short cap, because the account's owner on a new device is
 * among them; their own devices and the code flows never count here.
 */
export const UNTRUSTED_POLICY: ThrottlePolicy = { free: 10 * MAX_FAILED_LOGINS, baseMs: 60_000, capMs: 5 * 60_000 };

/** A count with no failure for this long starts again from nothing; the sweep deletes it. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

const UNTRUSTED = 'untrusted';

/** How long a client waits after its `failures`-th failure (0: it need not). */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures - policy.free, 20));
}

/**
 * The address a client is counted by: IPv6 by its /64, which one machine or household usually
 * holds whole (counting single addresses would give it 2^64 fresh starts).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Who is trying: their address, and the nonce of a valid device cookie for this account if any. */
export interface ThrottleClient {
  ip: string;
  device: string | null;
}

export interface Throttled {
  retryAfterMs: number;
  /** `client`: this device or address is waiting; `account`: every client without a device cookie is. */
  scope: 'client' | 'account';
}

/**
 * Wrong passwords counted per account and client in the database, so every instance sees the
 * same counts: a client with a device cookie for the account is counted on its own; any other by
 * its address and also in the account's `untrusted` pool.
 */
export function createSignInThrottle(db: Db, secret: string, clock: Clock) {
  const keysOf = (client: ThrottleClient) =>
    client.device ? [`device:${client.device}`] : [`ip:${addressKey(client.ip)}`, UNTRUSTED];
  const stamp = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

  return {
    /**
     * What the counts are kept under: the account, or the e-mail typed when nobody has it, so an
     * unknown address is throttled exactly like a real one. Hashed: the table names nobody.
     */
    subjectOf: (account: { userId: number } | { identifier: string }) =>
      hmac(secret, 'userId' in account ? `sign-in:user:${account.userId}` : `sign-in:identifier:${account.identifier}`),

    /** Whether the client must wait before its next try, and how long (the longest that applies). */
    async check(subject: string, client: ThrottleClient): Promise<Throttled | null> {
      const now = clock.now().getTime();
      const rows = await db
        .select({ client: signInThrottles.client, blockedUntil: signInThrottles.blockedUntil })
        .from(signInThrottles)
        .where(and(eq(signInThrottles.subject, subject), inArray(signInThrottles.client, keysOf(client))));
      let worst: Throttled | null = null;
      for (const row of rows) {
        const wait = (row.blockedUntil?.getTime() ?? 0) - now;
        if (wait > 0 && wait > (worst?.retryAfterMs ?? 0))
          worst = { retryAfterMs: wait, scope: row.client === UNTRUSTED ? 'account' : 'client' };
      }
      return worst;
    },

    /** Counts a wrong password; past the free tries the client is held back, longer each time. */
    async fail(subject: string, client: ThrottleClient) {
      const now = clock.now().getTime();
      for (const key of keysOf(client)) {
        const [row] = await db
          .insert(signInThrottles)
          .values({ subject, client: key, failures: 1, lastFailureAt: new Date(now) })
          .onConflictDoUpdate({
            target: [signInThrottles.subject, signInThrottles.client],
            set: {
              failures: sql`case when ${signInThrottles.lastFailureAt} < ${stamp(now - FORGET_AFTER_MS)} then 1 else ${signInThrottles.failures} + 1 end`,
              lastFailureAt: new Date(now),
            },
          })
          .returning({ failures: signInThrottles.failures });
        const delay = delayAfter(row.failures, key === UNTRUSTED ? UNTRUSTED_POLICY : CLIENT_POLICY);
        if (delay === 0) continue;
        // greatest(): two failures at once must not shorten each other's wait.
        await db
          .update(signInThrottles)
          .set({
            blockedUntil: sql`greatest(coalesce(${signInThrottles.blockedUntil}, ${stamp(now + delay)}), ${stamp(now + delay)})`,
          })
          .where(and(eq(signInThrottles.subject, subject), eq(signInThrottles.client, key)));
      }
    },

    /** Whether anyone got the account's password wrong in the last day (a sign-in now is risky). */
    async recentFailures(subject: string) {
      const since = new Date(clock.now().getTime() - FORGET_AFTER_MS);
      const [row] = await db
        .select({ client: signInThrottles.client })
        .from(signInThrottles)
        .where(and(eq(signInThrottles.subject, subject), gt(signInThrottles.lastFailureAt, since)))
        .limit(1);
      return row !== undefined;
    },

    /** The owner got in from this client: its own count starts again; the untrusted pool's does not. */
    async succeed(subject: string, client: ThrottleClient) {
      await db
        .delete(signInThrottles)
        .where(and(eq(signInThrottles.subject, subject), eq(signInThrottles.client, keysOf(client)[0])));
    },

    /** Deletes counts nobody has added to for a day and that hold nobody back. */
    async sweep() {
      const now = clock.now().getTime();
      const gone = await db
        .delete(signInThrottles)
        .where(
          and(
            lt(signInThrottles.lastFailureAt, new Date(now - FORGET_AFTER_MS)),
            or(isNull(signInThrottles.blockedUntil), lt(signInThrottles.blockedUntil, new Date(now))),
          ),
        )
        .returning({ subject: signInThrottles.subject });
      return gone.length;
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
