import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@referwell/contracts';
import { hmac, randomToken, safeEqual } from './crypto.js';
import { AppError } from '../errors.js';

/**
 * Double-submit CSRF: the token sits in a cookie JavaScript can read and must come back in the
 * X-XSRF-TOKEN header. Tokens are signed so a cookie planted by a sibling subdomain is refused.
 */
export function createCsrf(secret: string, secureCookies: boolean) {
  const sign = (nonce: string) => `${nonce}.${hmac(secret, `csrf:${nonce}`)}`;
  const valid = (token: string) => {
    const [nonce, mac] = token.split('.');
    return Boolean(nonce && mac) && safeEqual(sign(nonce!), token);
  };

  return {
    /** Issues a fresh token and sets its cookie. */
    issue(reply: FastifyReply): string {
      const token = sign(randomToken());
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: secureCookies, httpOnly: false });
      return token;
    },
    /** Throws 403 `CSRF expired` unless the header matches the cookie and is ours. */
    verify(request: FastifyRequest) {
      const header = request.headers[CSRF_HEADER];
      const cookie = request.cookies[CSRF_COOKIE];
      if (typeof header !== 'string' || !cookie || !safeEqual(header, cookie) || !valid(header)) {
        throw new AppError('CSRF_EXPIRED');
      }
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;
