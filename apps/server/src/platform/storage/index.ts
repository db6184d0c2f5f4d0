import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import type { FileStorage } from './storage.js';

/** Local disk under DATA_DIR/files; the S3-compatible store joins here when it is configured. */
export function createStorage(config: Config): FileStorage {
  return createLocalStorage(path.join(config.dataDir, 'files'));
}

/**
 * A fresh key for a file's bytes: random, never derived from the file's name or id, and spread
 * over 256 directories so none grows too large.
 */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}
