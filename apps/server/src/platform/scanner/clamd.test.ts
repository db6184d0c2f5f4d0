import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ClamdError, createClamdScanner, parseScanReply } from './clamd.js';
import { createScanner, SCANNER_DISABLED_WARNING } from './scanner.js';
import { EICAR, closedPort, startFakeClamd, type FakeClamd } from './clamd.test-server.js';
import { recordingLog } from '../jobs/log.test-support.js';

let fake: FakeClamd | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const scannerFor = (port: number, extra: { connectTimeoutMs?: number; idleTimeoutMs?: number } = {}) =>
  createClamdScanner({ host: '127.0.0.1', port, ...extra });

describe('clamd INSTREAM', () => {
  it('frames every chunk with its 4-byte big-endian length and ends with a zero-length chunk', async () => {
    fake = await startFakeClamd();
    const parts = [Buffer.from('first chunk'), Buffer.alloc(0), Buffer.alloc(70_000, 7), Buffer.from('end')];
    const result = await scannerFor(fake.port).scan(Readable.from(parts));
    expect(result).toEqual({ status: 'clean' });
    expect(fake.commands).toEqual(['zINSTREAM']);
    // The empty chunk is not sent: it would end the stream early.
    expect(fake.streams[0].chunks).toEqual([11, 70_000, 3]);
    expect(fake.streams[0].bytes.equals(Buffer.concat(parts))).toBe(true);
  });

  it('reads "<signature> FOUND" as infected', async () => {
    fake = await startFakeClamd();
    expect(await scannerFor(fake.port).scan(Readable.from([EICAR]))).toEqual({
      status: 'infected',
      signature: 'Eicar-Test-Signature',
    });
  });

  it('treats the stream size limit as an error, never as clean', async () => {
    fake = await startFakeClamd({ maxBytes: 100_000 });
    const big = Readable.from(Array.from({ length: 50 }, () => Buffer.alloc(64 * 1024, 1)));
    await expect(scannerFor(fake.port).scan(big)).rejects.toThrow(/size limit exceeded/);
  });

  it('fails, without a verdict, when clamd is down, silent or answers an error', async () => {
    await expect(scannerFor(await closedPort()).scan(Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
      ClamdError,
    );

    fake = await startFakeClamd({ silent: true });
    await expect(scannerFor(fake.port, { idleTimeoutMs: 200 }).scan(Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /said nothing/,
    );
    await fake.close();

    fake = await startFakeClamd({ verdict: () => "stream: Can't allocate memory ERROR" });
    await expect(scannerFor(fake.port).scan(Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /could not scan the file/,
    );
  });

  it('answers no verdict when the file cannot be read', async () => {
    fake = await startFakeClamd();
    const broken = new Readable({
      read() {
        this.destroy(new Error('disk read failed'));
      },
    });
    await expect(scannerFor(fake.port).scan(broken)).rejects.toThrow('disk read failed');
  });

  it('reports a file that cannot be opened as an error, even when it fails before clamd answers', async () => {
    fake = await startFakeClamd();
    await expect(scannerFor(fake.port).scan(createReadStream('/nonexistent/file'))).rejects.toThrow(/ENOENT/);
    await expect(scannerFor(await closedPort()).scan(createReadStream('/nonexistent/file'))).rejects.toThrow();
    // Unhandled, the stream's error would end the process; vitest fails the run if it escapes.
    await new Promise((r) => setTimeout(r, 50));
  });

  it('releases the file when clamd cannot be reached', async () => {
    const source = Readable.from([Buffer.from('x')]);
    await expect(scannerFor(await closedPort()).scan(source)).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });

  it('pings with zPING and expects PONG', async () => {
    fake = await startFakeClamd();
    await expect(scannerFor(fake.port).ping()).resolves.toBeUndefined();
    expect(fake.commands).toEqual(['zPING']);
    await expect(scannerFor(await closedPort()).ping()).rejects.toBeInstanceOf(ClamdError);
  });

  it('parses the replies clamd gives', () => {
    expect(parseScanReply('stream: OK')).toEqual({ status: 'clean' });
    expect(parseScanReply('stream: Win.Test.EICAR_HDB-1 FOUND')).toEqual({
      status: 'infected',
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(() => parseScanReply('INSTREAM size limit exceeded. ERROR')).toThrow(ClamdError);
    expect(() => parseScanReply('stream: lstat() failed ERROR')).toThrow(ClamdError);
    expect(() => parseScanReply('')).toThrow(ClamdError);
  });
});

describe('choosing the scanner', () => {
  it('uses clamd when configured', () => {
    const log = recordingLog();
    expect(createScanner({ clamd: { host: '127.0.0.1', port: 3310 }, isProduction: true }, log).mode).toBe('clamd');
    expect(log.lines).toEqual([]);
  });

  it('without clamd outside production answers clean and warns once', async () => {
    const log = recordingLog();
    const scanner = createScanner({ clamd: undefined, isProduction: false }, log);
    const source = Readable.from([EICAR]);
    expect(await scanner.scan(source)).toEqual({ status: 'clean' });
    expect(await scanner.scan(Readable.from([Buffer.from('x')]))).toEqual({ status: 'clean' });
    expect(source.destroyed).toBe(true);
    expect(log.lines).toEqual([{ level: 'warn', msg: SCANNER_DISABLED_WARNING }]);
    expect(await scanner.scan(createReadStream('/nonexistent/file'))).toEqual({ status: 'clean' });
    await new Promise((r) => setTimeout(r, 50));
  });

  it('refuses to run production without clamd', () => {
    expect(() => createScanner({ clamd: undefined, isProduction: true }, recordingLog())).toThrow(
      /required in production/,
    );
  });
});
