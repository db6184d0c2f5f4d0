import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { CODE_LENGTH } from '@referwell/contracts';

/** OWASP's argon2id baseline: 19 MiB, two passes. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown accounts are not told apart by timing.
    await hash(password, ARGON2);
    return false;
  }
  return verify(stored, password);
}

/** An opaque bearer secret (session cookie, access and refresh tokens). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Tokens are stored as SHA-256: they are long and random, so a slow hash adds nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const randomCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
