import { hmac, safeEqual } from '../auth/crypto.js';

/**
 * Signed, expiring links to a file's bytes: the server's own PUT (upload) and GET (download)
 * routes accept them without a session, so the signature is the credential. It covers the method,
 * the file's uuid and the expiry, so a download link cannot be replayed as an upload, moved to
 * another file or extended.
 */

export type SignedMethod = 'PUT' | 'GET';

export interface LinkSigner {
  secret: string;
  /** `${publicUrl}` — links are absolute so clients on another origin can follow them. */
  publicUrl: string;
  ttlMs: number;
}

const signature = (secret: string, method: SignedMethod, uuid: string, expires: number) =>
  hmac(secret, `${method}\n${uuid}\n${expires}`);

/** `${publicUrl}${path}?expires=…&signature=…`, valid for `ttlMs` from `now`. */
export function signFileLink(
  signer: LinkSigner,
  method: SignedMethod,
  path: string,
  uuid: string,
  now = Date.now(),
): string {
  const expires = now + signer.ttlMs;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signature(signer.secret, method, uuid, expires),
  });
  return `${signer.publicUrl}${path}?${query.toString()}`;
}

/** Whether `expires`/`signature` (as received in the query) are valid for this method and file now. */
export function verifyFileLink(
  secret: string,
  method: SignedMethod,
  uuid: string,
  expires: unknown,
  sig: unknown,
  now = Date.now(),
): boolean {
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,15}$/.test(expires)) return false;
  const at = Number(expires);
  if (at < now) return false;
  return safeEqual(sig, signature(secret, method, uuid, at));
}
