import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { newStorageKey } from './index.js';
import { createLocalStorage } from './local.js';

const fresh = () => {
  const root = mkdtempSync(path.join(tmpdir(), 'rw-storage-'));
  return { root, storage: createLocalStorage(root) };
};

/** Every file under `dir`, relative. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

describe('local storage', () => {
  it('writes, reads, tells whether a key exists and removes it', async () => {
    const { root, storage } = fresh();
    const key = newStorageKey();
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(key.slice(0, 2)).toBe(key.slice(3, 5));
    await storage.write(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 11);
    expect(readFileSync(path.join(root, key), 'utf8')).toBe('hello world');
    expect(await text(await storage.read(key))).toBe('hello world');
    expect(await storage.exists(key)).toBe(true);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    await storage.remove(key);
  });

  it('leaves nothing behind when the source fails part-way', async () => {
    const { root, storage } = fresh();
    const key = newStorageKey();
    async function* failing() {
      yield Buffer.alloc(100_000, 1);
      throw new Error('client went away');
    }
    await expect(storage.write(key, Readable.from(failing()), 200_000)).rejects.toThrow('client went away');
    expect(await storage.exists(key)).toBe(false);
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps nothing when the source yields another size than promised', async () => {
    const { root, storage } = fresh();
    const key = newStorageKey();
    await expect(storage.write(key, Readable.from([Buffer.from('short')]), 6)).rejects.toThrow(
      'expected 6 bytes, got 5',
    );
    await expect(storage.write(key, Readable.from([Buffer.from('longer')]), 5)).rejects.toThrow(
      'expected 5 bytes, got 6',
    );
    expect(filesUnder(root)).toEqual([]);
  });

  it('keeps the old bytes readable until a new write of the key completes', async () => {
    const { storage } = fresh();
    const key = newStorageKey();
    await storage.write(key, Readable.from([Buffer.from('first')]), 5);
    async function* failing() {
      yield Buffer.from('sec');
      throw new Error('stop');
    }
    await expect(storage.write(key, Readable.from(failing()), 6)).rejects.toThrow('stop');
    expect(await text(await storage.read(key))).toBe('first');
  });

  it('refuses keys it did not make, so no name ever becomes a path', async () => {
    const { storage } = fresh();
    for (const key of ['../secrets.json', 'ab/../../etc/passwd', '/etc/passwd', 'report.pdf', 'ab/report.pdf']) {
      await expect(storage.write(key, Readable.from([Buffer.from('x')]), 1)).rejects.toThrow('not a storage key');
      await expect(storage.read(key)).rejects.toThrow('not a storage key');
    }
  });

  it('removes the temporary files of writes cut short by a crash, once older than asked, and nothing else', async () => {
    const { root, storage } = fresh();
    expect(await storage.removeStaleParts!(new Date())).toBe(0);
    const done = newStorageKey();
    await storage.write(done, Readable.from([Buffer.from('kept')]), 4);
    const [stale, live] = [newStorageKey(), newStorageKey()];
    const part = (key: string) => path.join(root, `${key}.0123456789ab.part`);
    for (const key of [stale, live]) {
      mkdirSync(path.dirname(part(key)), { recursive: true });
      writeFileSync(part(key), 'half a fi');
    }
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(part(stale), anHourAgo, anHourAgo);
    utimesSync(path.join(root, done), anHourAgo, anHourAgo);
    // Not ours: a stray file a person put there is left alone.
    writeFileSync(path.join(root, 'notes.part'), 'x');
    utimesSync(path.join(root, 'notes.part'), anHourAgo, anHourAgo);

    expect(await storage.removeStaleParts!(new Date(Date.now() - 60_000))).toBe(1);
    expect(existsSync(part(stale))).toBe(false);
    expect(existsSync(part(live))).toBe(true);
    expect(await text(await storage.read(done))).toBe('kept');
    expect(existsSync(path.join(root, 'notes.part'))).toBe(true);
  });

  it('rejects reading a missing key', async () => {
    const { storage } = fresh();
    await expect(storage.read(newStorageKey())).rejects.toThrow(/ENOENT/);
  });
});
