import { randomUUID } from 'node:crypto';

/** Keys are made by the server (`newStorageKey`); anything else is refused rather than resolved. */
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/**
 * A fresh key for a file's bytes: random, never derived from the file's name or id, and spread
 * over 256 prefixes so no directory (or S3 key range) grows too large.
 */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

/** Throws for anything `newStorageKey` would not have made, so no name ever becomes a path. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
}
