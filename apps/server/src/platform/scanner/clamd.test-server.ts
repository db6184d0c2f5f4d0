import { createServer, type AddressInfo, type Socket } from 'node:net';

/** The EICAR test file, put together here so that this source file itself is no test virus. */
export const EICAR = Buffer.from(
  ['X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR', '-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'].join(''),
);

export interface FakeClamdOptions {
  /** The reply to a whole stream; by default EICAR is found and everything else is OK. */
  verdict?: (bytes: Buffer) => string;
  /** Like clamd's StreamMaxLength: past it, answer the size-limit error and hang up. */
  maxBytes?: number;
  /** Accept connections and never answer. */
  silent?: boolean;
  /** A given port (a scanner coming back where it was down); a free one by default. */
  port?: number;
}

export interface FakeClamd {
  port: number;
  /** Per INSTREAM received: the lengths of its chunks as framed, and the bytes put together. */
  streams: { chunks: number[]; bytes: Buffer }[];
  commands: string[];
  close(): Promise<void>;
}

const defaultVerdict = (bytes: Buffer) => (bytes.includes(EICAR) ? 'stream: Eicar-Test-Signature FOUND' : 'stream: OK');

/** A clamd speaking just enough of its protocol (zPING, zINSTREAM) on a loopback port. */
export async function startFakeClamd(options: FakeClamdOptions = {}): Promise<FakeClamd> {
  const { verdict = defaultVerdict, maxBytes = Infinity, silent = false, port = 0 } = options;
  const streams: FakeClamd['streams'] = [];
  const commands: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let stream: { chunks: number[]; parts: Buffer[]; size: number } | undefined;
    socket.on('data', (data: Buffer) => {
      if (silent) return;
      buffer = Buffer.concat([buffer, data]);
      for (;;) {
        if (!stream) {
          const end = buffer.indexOf(0);
          if (end === -1) return;
          const command = buffer.subarray(0, end).toString();
          buffer = buffer.subarray(end + 1);
          commands.push(command);
          if (command === 'zPING') {
            socket.end('PONG\0');
            return;
          }
          if (command !== 'zINSTREAM') {
            socket.end('UNKNOWN COMMAND\0');
            return;
          }
          stream = { chunks: [], parts: [], size: 0 };
          continue;
        }
        if (buffer.length < 4) return;
        const length = buffer.readUInt32BE(0);
        if (length === 0) {
          const bytes = Buffer.concat(stream.parts);
          streams.push({ chunks: stream.chunks, bytes });
          socket.end(`${verdict(bytes)}\0`);
          return;
        }
        if (stream.size + length > maxBytes) {
          socket.end('INSTREAM size limit exceeded. ERROR\0');
          socket.destroy();
          return;
        }
        if (buffer.length < 4 + length) return;
        stream.chunks.push(length);
        stream.parts.push(buffer.subarray(4, 4 + length));
        stream.size += length;
        buffer = buffer.subarray(4 + length);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    streams,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a scanner that is down). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
