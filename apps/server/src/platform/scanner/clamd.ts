import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ScanResult, Scanner } from './scanner.js';

export interface ClamdOptions {
  host: string;
  port: number;
  /** Until the TCP connection is up. */
  connectTimeoutMs?: number;
  /** Silence allowed on an open connection (clamd says nothing while it reads and scans). */
  idleTimeoutMs?: number;
}

/** The scanner could not give a verdict; the file is neither clean nor infected. */
export class ClamdError extends Error {
  override name = 'ClamdError';
}

/**
 * One command on a fresh connection: `send` writes it, the reply is everything up to clamd's NUL
 * (z-commands end replies with one). clamd answers early and closes when it refuses a stream (size
 * limit), so a reply that arrived wins over the write error that follows.
 */
function exchange(
  options: ClamdOptions,
  send: (write: (data: Buffer) => Promise<void>) => Promise<void>,
): Promise<string> {
  const { host, port, connectTimeoutMs = 3_000, idleTimeoutMs = 60_000 } = options;
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    const received: Buffer[] = [];
    let settled = false;

    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      socket.destroy();
      const all = Buffer.concat(received);
      const end = all.indexOf(0);
      const reply = (end === -1 ? all : all.subarray(0, end)).toString('utf8').trim();
      if (end !== -1 || (reply && !error)) resolve(reply);
      else reject(error ?? new ClamdError('clamd closed the connection without answering'));
    };

    const connectTimer = setTimeout(
      () =>
        finish(new ClamdError(`clamd at ${host}:${port} did not accept a connection within ${connectTimeoutMs} ms`)),
      connectTimeoutMs,
    );
    socket.setTimeout(idleTimeoutMs, () =>
      finish(new ClamdError(`clamd at ${host}:${port} said nothing for ${idleTimeoutMs} ms`)),
    );
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (chunk.includes(0)) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (err) => finish(new ClamdError(`clamd at ${host}:${port}: ${err.message}`, { cause: err })));

    /** Rejects with a ClamdError once clamd has hung up; the socket's events then settle the reply. */
    const write = (data: Buffer) =>
      new Promise<void>((done, fail) => {
        const closed = () => fail(new ClamdError('clamd closed the connection'));
        if (socket.destroyed || !socket.writable) return closed();
        if (socket.write(data, (err) => err && closed())) return done();
        const onDrain = () => {
          socket.off('close', onClose);
          done();
        };
        const onClose = () => {
          socket.off('drain', onDrain);
          closed();
        };
        socket.once('drain', onDrain);
        socket.once('close', onClose);
      });

    socket.once('connect', () => {
      clearTimeout(connectTimer);
      send(write).catch((err: unknown) => {
        if (err instanceof ClamdError) return;
        // The file's bytes could not be read: never a verdict, whatever clamd says about part of them.
        received.length = 0;
        finish(err instanceof Error ? err : new Error(String(err)));
      });
    });
  });
}

const PING_TIMEOUT_MS = 5_000;

const lengthPrefix = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** clamd's answer to INSTREAM: `stream: OK`, `stream: <signature> FOUND`, or `… ERROR`. */
export function parseScanReply(reply: string): ScanResult {
  const text = reply.replace(/^stream:\s*/, '');
  if (text === 'OK') return { status: 'clean' };
  const found = /^(.+) FOUND$/.exec(text);
  if (found) return { status: 'infected', signature: found[1].trim() };
  if (/size limit exceeded/i.test(text))
    throw new ClamdError('clamd refused the file: INSTREAM size limit exceeded (raise StreamMaxLength)');
  throw new ClamdError(`clamd could not scan the file: ${text || 'empty reply'}`);
}

/** ClamAV's daemon over TCP: INSTREAM for scans, PING for health. */
export function createClamdScanner(options: ClamdOptions): Scanner {
  return {
    mode: 'clamd',
    async ping() {
      // Health waits on this: a clamd that accepts but does not answer is failing, not busy.
      const reply = await exchange({ ...options, idleTimeoutMs: PING_TIMEOUT_MS }, (write) =>
        write(Buffer.from('zPING\0')),
      );
      if (reply !== 'PONG') throw new ClamdError(`clamd answered PING with "${reply}"`);
    },
    async scan(source: Readable) {
      // The stream may fail (a missing file) before clamd has answered the connection; the loop
      // below still sees the error, but an unheard 'error' event would bring the process down.
      source.on('error', () => {});
      try {
        const reply = await exchange(options, async (write) => {
          await write(Buffer.from('zINSTREAM\0'));
          for await (const chunk of source) {
            const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
            // A zero-length chunk ends the stream: clamd would judge only what came before it.
            if (bytes.length === 0) continue;
            await write(lengthPrefix(bytes.length));
            await write(bytes);
          }
          await write(lengthPrefix(0));
        });
        return parseScanReply(reply);
      } finally {
        // Unread when clamd could not be reached: release the file.
        source.destroy();
      }
    },
  };
}
