import type { Config } from '../../config.js';
import type { FileStorage } from './storage.js';

/** Placeholder until the local-disk storage lands (files issue, in progress). */
export function createStorage(_config: Config): FileStorage {
  const missing = () => {
    throw new Error('file storage is not built yet');
  };
  return { write: missing, read: missing, remove: missing, exists: missing };
}
