import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from './storage.js';

/** Keys are made by the server (`newStorageKey`); anything else is refused rather than resolved. */
const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;

/**
 * Files on local disk under `root`, one file per key. A write goes to a temporary file beside its
 * target and is renamed into place only once every byte arrived, so readers never see half a file
 * and a refused or aborted upload leaves nothing.
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key)}`);
    return path.join(root, key);
  };

  return {
    async write(key, source: Readable) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(source, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
        await rename(temp, target);
      } catch (error) {
        source.destroy();
        await rm(temp, { force: true });
        throw error;
      }
    },

    read(key) {
      return createReadStream(pathOf(key));
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async exists(key) {
      try {
        await access(pathOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
