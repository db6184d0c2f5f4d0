import { createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey } from './keys.js';
import type { FileStorage } from './storage.js';

/**
 * Files on local disk under `root`, one file per key. A write goes to a temporary file beside its
 * target and is renamed into place only once every byte arrived, so readers never see half a file
 * and a refused or aborted upload leaves nothing. Clients upload through the server's own signed
 * route (no `presignUpload`).
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key);
  };

  return {
    async write(key, source: Readable, size) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        const out = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
        await pipeline(source, out);
        if (out.bytesWritten !== size) throw new Error(`expected ${size} bytes, got ${out.bytesWritten}`);
        await rename(temp, target);
      } catch (error) {
        source.destroy();
        await rm(temp, { force: true });
        throw error;
      }
    },

    async read(key) {
      // Opened first, so a missing file rejects here rather than failing the stream later.
      const handle = await open(pathOf(key));
      return handle.createReadStream();
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
