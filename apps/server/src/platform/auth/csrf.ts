import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@referwell/contracts';
import { hmac, randomToken, safeEqual } from './crypto.js';
import { AppError } from '../errors.js';

/** What a token issued without a session is bound to: it is never accepted next to a session cookie. */
const NO_SESSION = 'none';

/**
 * Double-submit CSRF: the token sits in a cookie JavaScript can read and must come back in the
 * X-XSRF-TOKEN header. Tokens are HMAC-signed over a nonce and the uuid of the session they were
 * issued for (OWASP's signed double-submit cookie), so a cookie planted by a sibling subdomain, or
 * a token someone fetched for their own session or for none, is refused next to a victim's
 * session cookie.
 */
export function createCsrf(secret: string, secureCookies: boolean) {
  const sign = (nonce: string, session: string) => `${nonce}.${hmac(secret, `csrf:${session}:${nonce}`)}`;
  const issuedFor = (token: string, session: string) => {
    const [nonce, mac, extra] = token.split('.');
    return Boolean(nonce && mac) && extra === undefined && safeEqual(sign(nonce, session), token);
  };

  return {
    /** Issues a fresh token for the session (null: before sign-in) and sets its cookie. */
    issue(reply: FastifyReply, sessionUuid: string | null): string {
      const token = sign(randomToken(), sessionUuid ?? NO_SESSION);
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: secureCookies, httpOnly: false });
      return token;
    },
    /** Throws 403 `CSRF expired` unless the header matches the cookie and was issued for this session. */
    verify(request: FastifyRequest, sessionUuid: string) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !issuedFor(header, sessionUuid)) {
        throw new AppError('CSRF_EXPIRED');
      }
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;
