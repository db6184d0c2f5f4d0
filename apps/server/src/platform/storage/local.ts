import { createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey } from './keys.js';
import type { FileStorage } from './storage.js';

const PART = /^[0-9a-f-]{36}\.[0-9a-f]{12}\.part$/;

/**
 * Files on local disk under `root`, one file per key. A write goes to a temporary file beside its
 * target and is renamed into place only once every byte arrived, so readers never see half a file
 * and a refused or aborted upload leaves nothing; only a process killed mid-write leaves its
 * temporary file, which `removeStaleParts` (the hourly sweep) takes away. Clients upload through
 * the server's own signed route (no `presignUpload`).
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
    async removeStaleParts(before) {
      let removed = 0;
      const prefixes = await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const prefix of prefixes) {
        if (!prefix.isDirectory() || !/^[0-9a-f]{2}$/.test(prefix.name)) continue;
        const dir = path.join(root, prefix.name);
        for (const name of await readdir(dir)) {
          if (!PART.test(name)) continue;
          const part = path.join(dir, name);
          // Gone meanwhile (its write finished or failed): nothing to do.
          const written = await stat(part).then(
            (s) => s.mtime,
            () => null,
          );
          if (written && written < before) {
            await rm(part, { force: true });
            removed += 1;
          }
        }
      }
      return removed;
    },
  };
}
