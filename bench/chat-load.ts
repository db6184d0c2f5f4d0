/**
 * The chat bench's clients: thousands of room sockets in this process, messages sent at a fixed
 * total rate, and every copy that comes back checked off against what was sent. Both servers
 * under test (the real chat socket and the bare `ws` baseline) speak the same protocol: the room
 * is told who is online on joining, and a NEW_MESSAGE comes back to every socket in the room.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { ROOM_SIZE } from './chat-seed.js';

/** Where one socket connects, and the room (chat) it is in. */
export interface Seat {
  url: string;
  chatId: number;
}

interface Client {
  socket: WebSocket;
  chatId: number;
}

export interface LoadResult {
  /** The rate asked for, messages/s. */
  rate: number;
  sentPerS: number;
  deliveriesPerS: number;
  p50: number;
  p99: number;
  max: number;
  /** Copies that never came back (each message is owed to the ROOM_SIZE sockets of its room). */
  missing: number;
  /** Copies that reached a socket of another room, or came twice. */
  stray: number;
  /** FAILED_TO_SEND_MESSAGE, ERROR or UNAUTHORIZED answers, with the first one's text. */
  refusals: number;
  firstRefusal?: string;
}

/** What one load run sent, and what has come back of it. */
class Ledger {
  private readonly sent = new Map<string, { at: number; chatId: number; copies: number }>();
  latencies: number[] = [];
  stray = 0;
  refusals = 0;
  firstRefusal?: string;
  lastDeliveryAt = 0;

  record(uuid: string, chatId: number) {
    this.sent.set(uuid, { at: performance.now(), chatId, copies: 0 });
  }

  hear(client: Client, raw: string) {
    const now = performance.now();
    const { event, data } = JSON.parse(raw) as { event: string; data: { uuid?: string; message?: string } };
    if (event === 'NEW_MESSAGE') {
      const message = this.sent.get(data.uuid ?? '');
      // Copies of an earlier run's messages arrive late after an overloaded step: not this run's.
      if (!message) return;
      message.copies += 1;
      if (message.chatId !== client.chatId || message.copies > ROOM_SIZE) {
        this.stray += 1;
        return;
      }
      this.latencies.push(now - message.at);
      this.lastDeliveryAt = now;
    } else if (event === 'FAILED_TO_SEND_MESSAGE' || event === 'ERROR' || event === 'UNAUTHORIZED') {
      this.refusals += 1;
      this.firstRefusal ??= `${event}: ${data.message}`;
    }
  }

  get owed() {
    return this.sent.size * ROOM_SIZE;
  }
}

/** Open room sockets, with the run (if any) they report to. */
export class Fleet {
  private ledger: Ledger | null = null;
  private readonly id = randomBytes(4).toString('hex');
  private runs = 0;
  /** Sockets the server closed while the bench held them. */
  dropped = 0;

  private constructor(readonly clients: Client[]) {}

  /** Opens a socket per seat, `concurrency` handshakes at a time; each counts once the room said who is online. */
  static async open(seats: Seat[], concurrency: number): Promise<{ fleet: Fleet; seconds: number }> {
    const clients: Client[] = new Array(seats.length);
    const fleet = new Fleet(clients);
    const t0 = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < seats.length) {
        const i = next++;
        clients[i] = await fleet.join(seats[i]);
      }
    };
    try {
      await Promise.all(Array.from({ length: concurrency }, worker));
    } catch (err) {
      fleet.close();
      throw err;
    }
    return { fleet, seconds: (performance.now() - t0) / 1000 };
  }

  private join(seat: Seat): Promise<Client> {
    const client: Client = { socket: new WebSocket(seat.url), chatId: seat.chatId };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from ${seat.url} in 30 s`)), 30_000);
      // Kept for the socket's life: an error or a close after joining settles nothing, but is counted.
      client.socket.on('error', reject);
      client.socket.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
      client.socket.on('close', (code) => {
        this.dropped += 1;
        reject(new Error(`socket closed with ${code} before joining`));
      });
      // Others' presence may come first: the room has the socket a moment before it answers it.
      const joining = (raw: WebSocket.RawData) => {
        if ((JSON.parse((raw as Buffer).toString()) as { event: string }).event !== 'ONLINE_USERS') return;
        clearTimeout(timer);
        client.socket.off('message', joining);
        client.socket.on('message', (more) => this.ledger?.hear(client, (more as Buffer).toString()));
        resolve(client);
      };
      client.socket.on('message', joining);
    });
  }

  /**
   * Sends `rate` messages/s in all for `seconds`, each from the next of `senders` in turn, then
   * waits up to `drainMs` for every copy to come back.
   */
  async run(senders: readonly Client[], rate: number, seconds: number, drainMs = 5_000): Promise<LoadResult> {
    const ledger = new Ledger();
    this.ledger = ledger;
    this.runs += 1;
    // Unique across fleets too: the server stores a uuid once per chat, and answers a repeat to its sender alone.
    const prefix = `bench-${this.id}-${this.runs}`;
    const total = Math.round(rate * seconds);
    const text = 'The patient is doing well after the procedure; could we see her for the follow-up next week?';
    const t0 = performance.now();
    let sent = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate));
        for (; sent < due; sent += 1) {
          const from = senders[sent % senders.length];
          const uuid = `${prefix}-${sent}`;
          ledger.record(uuid, from.chatId);
          from.socket.send(JSON.stringify({ event: 'NEW_MESSAGE', data: { uuid, message: text, files: [] } }));
        }
        if (sent >= total) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
    const sendingS = (performance.now() - t0) / 1000;
    const drainUntil = performance.now() + drainMs;
    while (ledger.latencies.length < ledger.owed && performance.now() < drainUntil)
      await new Promise((r) => setTimeout(r, 20));

    const sorted = Float64Array.from(ledger.latencies).sort();
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)] ?? NaN;
    return {
      rate,
      sentPerS: total / sendingS,
      deliveriesPerS: sorted.length ? sorted.length / ((ledger.lastDeliveryAt - t0) / 1000) : 0,
      p50: at(0.5),
      p99: at(0.99),
      max: at(1),
      missing: ledger.owed - sorted.length,
      stray: ledger.stray,
      refusals: ledger.refusals,
      ...(ledger.firstRefusal ? { firstRefusal: ledger.firstRefusal } : {}),
    };
  }

  /** The sockets at `positions` within each room, rooms interleaved so that consecutive messages go to different rooms. */
  senders(positions: readonly number[]): Client[] {
    const rooms = this.clients.length / ROOM_SIZE;
    return positions.flatMap((position) =>
      Array.from({ length: rooms }, (_, room) => this.clients[room * ROOM_SIZE + position]),
    );
  }

  close() {
    this.ledger = null;
    for (const client of this.clients) client?.socket.terminate();
  }
}

/** How long a search step waits for its last copies. */
const DRAIN_S = 3;

/** Whether a run kept up: sent on time, everything delivered once, nothing refused, p99 under half a second. */
export const sustained = (r: LoadResult) =>
  r.sentPerS >= r.rate * 0.97 && r.missing === 0 && r.stray === 0 && r.refusals === 0 && r.p99 <= 500;

/**
 * Roughly the highest rate the server sustains: doubling from `from` until a step fails or
 * `ceiling` is passed (the ceiling itself is the last step), then one step halfway (geometrically) between the last good rate and the
 * failed one. Steps are `seconds` long; none starts that could not end by `deadline` (a
 * performance.now() time).
 */
export async function highestSustainedRate(
  fleet: Fleet,
  senders: readonly Client[],
  from: number,
  ceiling: number,
  seconds: number,
  deadline = Infinity,
) {
  let best: LoadResult | null = null;
  let failed: LoadResult | null = null;
  let cutShort = false;
  /** A step runs only if it can end, drained, by the deadline. */
  const step = async (rate: number) => {
    if (performance.now() + (seconds + DRAIN_S) * 1000 > deadline) {
      cutShort = true;
      return null;
    }
    return fleet.run(senders, rate, seconds, DRAIN_S * 1000);
  };
  for (let rate = Math.min(from, ceiling); ; rate = Math.min(rate * 2, ceiling)) {
    const result = await step(rate);
    if (!result) break;
    if (!sustained(result)) {
      failed = result;
      break;
    }
    best = result;
    if (rate === ceiling) break;
  }
  if (best && failed) {
    const middle = await step(Math.round(Math.sqrt(best.rate * failed.rate)));
    if (middle && sustained(middle)) best = middle;
    else if (middle) failed = middle;
  }
  return { best, failed, reachedCeiling: !failed && !cutShort, cutShort };
}
