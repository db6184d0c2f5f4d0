import { describe, expect, it } from 'vitest';
import { HASH_SLICE_BYTES, hashFile, readFileHeader } from './hashFile';

const text = (value: string) => new Blob([value]);

describe('hashFile', () => {
  it('gives the base64 MD5 of known inputs', async () => {
    expect(await hashFile(text(''))).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
    expect(await hashFile(text('abc'))).toBe('kAFQmDzST7DWlj99KOF/cg==');
    expect(await hashFile(text('The quick brown fox jumps over the lazy dog'))).toBe('nhB9nTcrtoJr2B01QqQZ1g==');
  });

  it('gives the same hash whatever the slice size', async () => {
    const file = text('0123456789abcdefghij');
    for (const sliceBytes of [1, 3, 7, 19, 20, 21, 64]) {
      expect(await hashFile(file, { sliceBytes })).toBe('ZEvgbfxUBh/R5n9eu6vNWA==');
    }
  });

  it('reads a file larger than one 2 MiB slice in slices and reports progress', async () => {
    const size = 5 * 1024 * 1024 + 123;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 251;
    const progress: number[] = [];

    const hash = await hashFile(new Blob([bytes]), { onProgress: (fraction) => progress.push(fraction) });

    expect(hash).toBe('lELf+VyH2f8gTusd7O7i5A==');
    expect(progress).toEqual([HASH_SLICE_BYTES / size, (2 * HASH_SLICE_BYTES) / size, 1]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(hashFile(text('abc'), { signal: controller.signal })).rejects.toThrow();
  });
});

describe('readFileHeader', () => {
  it('gives the first 4 bytes in hex', async () => {
    expect(await readFileHeader(new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])]))).toBe('25504446');
    expect(await readFileHeader(new Blob([new Uint8Array([0x0a, 0xff])]))).toBe('0aff');
  });
});
