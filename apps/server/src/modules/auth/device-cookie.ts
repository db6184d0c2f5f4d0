import type { FastifyReply } from 'fastify';
import { hmac, randomToken, safeEqual } from '../../platform/auth/crypto.js';

export const DEVICE_COOKIE = 'rw_device';
/** Accounts one browser is remembered for: a clinic's shared workstation serves several people. */
const MAX_ACCOUNTS = 5;
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;
const ENTRY = /^[\w-]+\.[\w-]+$/;

/**
 * OWASP's device cookie: a long-lived, signed cookie that a successful sign-in sets. A client
 * presenting one for the account being tried is throttled on its own, so strangers' failures never
 * slow the owner down on a device they have used before. The cookie names no account: each entry is
 * a nonce and an HMAC over the account id and that nonce, and only the server can tell whose it is.
 */
export function createDeviceCookies(secret: string) {
  const mac = (userId: number, nonce: string) => hmac(secret, `device:${userId}:${nonce}`);
  const entriesOf = (cookie: string | undefined) =>
    (cookie ?? '')
      .split('~')
      .filter((e) => ENTRY.test(e))
      .slice(0, MAX_ACCOUNTS);

  function deviceOf(cookie: string | undefined, userId: number): string | null {
    for (const entry of entriesOf(cookie)) {
      const [nonce, signature] = entry.split('.') as [string, string];
      if (safeEqual(signature, mac(userId, nonce))) return nonce;
    }
    return null;
  }

  return {
    /** The nonce of the device cookie's entry for this account, or null: the client is untrusted. */
    deviceOf,

    /** The cookie once `userId` has signed in here: their entry first (the same one if they had it). */
    remembered(cookie: string | undefined, userId: number): string {
      const nonce = deviceOf(cookie, userId) ?? randomToken();
      const mine = `${nonce}.${mac(userId, nonce)}`;
      return [mine, ...entriesOf(cookie).filter((e) => e !== mine)].slice(0, MAX_ACCOUNTS).join('~');
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** HttpOnly and SameSite=Strict: only the app's own sign-in and password calls need it. */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(DEVICE_COOKIE, value, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: LIFETIME_SECONDS,
  });
}
