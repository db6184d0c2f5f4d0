/**
 * Chat at scale: 5,000 room sockets in 500 rooms of ten (chat-seed.ts), on PostgreSQL, against
 *  - a bare `ws` server doing the same fan-out and nothing else (bare-ws-server.ts), the baseline;
 *  - one server instance;
 *  - two instances sharing the database and Redis (REDIS_URL), half of each room on each.
 * For each: how long 5,000 sockets take to join and the server's memory per connection (RSS before
 * and after); then half of each room's participants send messages at a fixed total rate for
 * BENCH_SECONDS (after a short warm-up), and every copy that comes back to each of the ten sockets
 * is timed from its sending (chat-load.ts); then roughly the highest rate each sustains; and, for
 * the real server, the fixed rate again across its periodic recheck of every socket's token.
 * Every stored message is a transaction, an audit row and a notification job: the real server's
 * figures are bound by PostgreSQL, which shares the machine's cores with it.
 *
 * Room tokens are signed here with the server's secret (given to it as SESSION_SECRET), as the
 * provider app's token call would hand them out. Without PostgreSQL the part is skipped, without
 * Redis its two-instance rows. BENCH_CHAT_RATE changes the fixed rate (100 messages/s).
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chatRoomApi } from '@referwell/contracts';
import { signRoomToken } from '../apps/server/src/platform/auth/room-tokens.js';
import { Fleet, highestSustainedRate, type LoadResult, type Seat } from './chat-load.js';
import { ROOMS, ROOM_SIZE, seedChats, type Participant } from './chat-seed.js';
import { createThrowawayDatabase } from './database.js';
import { openBenchRedis } from './redis.js';
import { DURATION_S, ended, percent, printTable, rssMb, start, stop, waitUntilUp } from './server.js';

/**
 * The server's limit per participant (FLOOD_LIMIT in apps/server/src/modules/chats/chat-socket-events.ts,
 * which the bench cannot import without type-checking the server's plugins); each seat is one
 * participant with one socket, and a room's five senders stay under CHAT_ROOM_MESSAGE_LIMIT
 * (200 in 10 s). Should either change, its refusals show in the table.
 */
const FLOOD_LIMIT = { messages: 20, windowMs: 10_000 };
/** The fixed total rate, messages/s: well within what one instance sustains on two cores. */
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 100);
/** Who talks: half of each room (five of ten), so every room hears from both of its practices. */
const SENDER_POSITIONS = [0, 2, 4, 6, 8];
const SENDERS = ROOMS * SENDER_POSITIONS.length;
/** The highest rate tried: each sender stays under the server's flood limit per participant, with one message to spare. */
const CEILING = Math.floor(((FLOOD_LIMIT.messages - 1) * SENDERS) / (FLOOD_LIMIT.windowMs / 1000));
const CONNECT_CONCURRENCY = 100;
const WARM_UP_S = 2;
const STEP_S = 3;
/**
 * Every SOCKET_CHECK_SECONDS each instance checks every open socket's token against the database
 * again. The servers run with this period (the default is 30 s) so that the check falls after the
 * search, where the bench loads across it on purpose, starting RECHECK_LEAD_S before it.
 */
const RECHECK_S = 45;
const RECHECK_LEAD_S = 3;
const PORTS = { bare: 3341, first: 3342, second: 3343 };
const SERVER = 'apps/server/src/main.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Undo steps, run last first at the end, on failure, or when the bench is interrupted. */
function undoStack() {
  const steps: (() => Promise<unknown>)[] = [];
  // One clean-up, however many ask for it: an interruption also makes the bench itself fail and clean up.
  let undoing: Promise<void> | undefined;
  const run = () =>
    (undoing ??= (async () => {
      for (let step = steps.pop(); step; step = steps.pop())
        await step().catch((err: unknown) => console.error('chat bench clean-up:', err));
    })());
  // Kept for every signal: tsx passes a Ctrl-C on to this process, which then gets it twice.
  const interrupted = () => void run().finally(() => process.exit(130));
  process.on('SIGINT', interrupted);
  process.on('SIGTERM', interrupted);
  return {
    push: (step: () => Promise<unknown>) => steps.push(step),
    async run() {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      await run();
    },
  };
}

interface Scenario {
  connectS: number;
  kbPerConnection: number;
  /** The fixed rate between token rechecks. */
  steady: LoadResult;
  /** Notification jobs not yet run when the steady run's last copy arrived. */
  jobsBehind?: number;
  highest: Awaited<ReturnType<typeof highestSustainedRate>>;
  /** The fixed rate again, across the moment the servers recheck every socket's token. */
  acrossRecheck?: LoadResult;
}

interface Measuring {
  seats: Seat[];
  /** The processes under test: their memory is measured, and they must live throughout. */
  servers: ChildProcess[];
  jobsPending?: () => Promise<number>;
  /** When (performance.now()) the servers check every socket's token again. */
  recheckAt?: number;
}

/**
 * Joins every seat; loads at the fixed rate; searches for the highest rate; then, for the real
 * server, loads at the fixed rate again across its recheck of every token (searching stops in time).
 */
async function measure({ seats, servers, jobsPending, recheckAt }: Measuring): Promise<Scenario> {
  const alive = () => {
    const dead = servers.find(ended);
    if (dead) throw new Error(`a server under test exited (${dead.exitCode ?? dead.signalCode})`);
  };
  await sleep(1_000);
  const before = sum(servers.map((s) => rssMb(s.pid!)));
  const { fleet, seconds: connectS } = await Fleet.open(seats, CONNECT_CONCURRENCY);
  try {
    await sleep(2_000);
    const kbPerConnection = ((sum(servers.map((s) => rssMb(s.pid!))) - before) * 1024) / seats.length;
    const senders = fleet.senders(SENDER_POSITIONS);
    await fleet.run(senders, RATE, WARM_UP_S);
    const steady = await fleet.run(senders, RATE, DURATION_S);
    const jobsBehind = await jobsPending?.();
    alive();
    const acrossFrom = recheckAt === undefined ? Infinity : recheckAt - RECHECK_LEAD_S * 1000;
    const highest = await highestSustainedRate(fleet, senders, RATE * 2, CEILING, STEP_S, acrossFrom);
    alive();
    let acrossRecheck: LoadResult | undefined;
    if (recheckAt !== undefined) {
      if (performance.now() > acrossFrom)
        throw new Error(
          'the servers rechecked the tokens before the bench was ready to load across it: raise RECHECK_S',
        );
      await sleep(acrossFrom - performance.now());
      acrossRecheck = await fleet.run(senders, RATE, DURATION_S);
      alive();
    }
    if (fleet.dropped) throw new Error(`${fleet.dropped} sockets were closed by the server during the runs`);
    return {
      connectS,
      kbPerConnection,
      steady,
      highest,
      ...(jobsBehind === undefined ? {} : { jobsBehind }),
      ...(acrossRecheck ? { acrossRecheck } : {}),
    };
  } finally {
    fleet.close();
  }
}

const ms = (v: number) => `${v < 10 ? v.toFixed(1) : fmt(v)} ms`;
const describeRun = (r: LoadResult) =>
  [
    `${fmt(r.sentPerS)} msg/s, ${fmt(r.deliveriesPerS)} deliveries/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
    r.missing || r.stray ? `, ${fmt(r.missing)} copies missing, ${fmt(r.stray)} stray` : ', every copy delivered',
    r.refusals ? `, ${fmt(r.refusals)} refused (${r.firstRefusal})` : '',
  ].join('');

function describeHighest({ best, failed, reachedCeiling, cutShort }: Scenario['highest']) {
  const reached = best
    ? `${reachedCeiling || cutShort ? '≥ ' : ''}${fmt(best.rate)} msg/s (${fmt(best.deliveriesPerS)} deliveries/s, p99 ${ms(best.p99)})`
    : `< ${fmt(RATE * 2)} msg/s`;
  const broke = failed
    ? `; at ${fmt(failed.rate)}: p99 ${ms(failed.p99)}, ${fmt(failed.missing)} copies later than ${STEP_S} s or missing`
    : '';
  return (
    reached +
    broke +
    (reachedCeiling ? ' (the ceiling)' : '') +
    (cutShort ? ' (search cut short before the recheck)' : '')
  );
}

function rowsOf(name: string, s: Scenario, bare?: Scenario): [string, string][] {
  const rows: [string, string][] = [
    [
      `${name}: ${fmt(ROOMS * ROOM_SIZE)} sockets join`,
      `${s.connectS.toFixed(1)} s (${fmt((ROOMS * ROOM_SIZE) / s.connectS)}/s), ${s.kbPerConnection.toFixed(1)} KB RSS per connection`,
    ],
    [`${name}: ${fmt(RATE)} msg/s for ${DURATION_S} s`, describeRun(s.steady)],
  ];
  if (s.jobsBehind !== undefined) rows.push([`${name}: notification jobs behind after it`, fmt(s.jobsBehind)]);
  if (bare)
    rows.push([
      `ratio ${name} : bare ws (p50, p99 at ${fmt(RATE)} msg/s)`,
      `×${(s.steady.p50 / bare.steady.p50).toFixed(1)}, ×${(s.steady.p99 / bare.steady.p99).toFixed(1)}`,
    ]);
  rows.push([`${name}: highest sustained rate (${STEP_S} s steps)`, describeHighest(s.highest)]);
  if (bare?.highest.best && s.highest.best) {
    rows.push([
      `ratio ${name} : bare ws (highest sustained rate)`,
      `${bare.highest.reachedCeiling ? '≤ ' : ''}${percent(s.highest.best.rate, bare.highest.best.rate)}`,
    ]);
  }
  if (s.acrossRecheck)
    rows.push([`${name}: ${fmt(RATE)} msg/s across the token recheck`, describeRun(s.acrossRecheck)]);
  return rows;
}

export async function benchChat() {
  const database = await createThrowawayDatabase('Chat');
  if (!database) return;
  const undo = undoStack();
  undo.push(() => database.drop());
  try {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'referwell-bench-chat-'));
    undo.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const secret = randomBytes(32).toString('hex');
    const env = (port: number, extra: Record<string, string> = {}) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      SESSION_SECRET: secret,
      SOCKET_CHECK_SECONDS: String(RECHECK_S),
      ...extra,
    });
    const launch = async (script: string, port: number, health: string, extra?: Record<string, string>) => {
      const child = start(script, script === SERVER ? env(port, extra) : { PORT: String(port) });
      undo.push(() => stop(child));
      const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code) => reject(new Error(`${script} on port ${port} exited (${code}) before it was up`))),
      );
      await Promise.race([waitUntilUp(`http://127.0.0.1:${port}${health}`), exited]);
      return child;
    };
    const healthPath = '/api/v1/healthchecks/isHealthy';

    // The server migrates the empty database; the chats go in behind its back, then it restarts.
    await stop(await launch(SERVER, PORTS.first, healthPath));
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    undo.push(() => db.end());
    const t0 = performance.now();
    const participants = await seedChats(db);
    const seedS = (performance.now() - t0) / 1000;
    const expiresAt = Date.now() + 3_600_000;
    const seat =
      (port: number) =>
      (p: Participant): Seat => ({
        url: `ws://127.0.0.1:${port}${chatRoomApi.CHAT_SOCKET_PATH}?${new URLSearchParams({ token: signRoomToken(secret, p.chatUserId, { session: p.sessionId }, expiresAt), room: p.room }).toString()}`,
        chatId: p.chatId,
      });
    // The messages carry no link, so the one-off jobs due are the notifications of new messages.
    const jobsPending = async () => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from jobs where done_at is null and every_ms is null and run_at <= now()`,
      );
      return rows[0].n;
    };
    /** Lets the job worker catch up before the servers stop, so that the next scenario starts on a quiet database. */
    const jobsDone = async () => {
      for (let i = 0; i < 120 && (await jobsPending()) > 0; i += 1) await sleep(500);
    };

    // The first recheck comes RECHECK_S after the chat socket is set up, a little before the server answers.
    const recheckFromNow = () => performance.now() + RECHECK_S * 1000;

    const bareServer = await launch('bench/bare-ws-server.ts', PORTS.bare, '/health');
    const bare = await measure({ seats: participants.map(seat(PORTS.bare)), servers: [bareServer] });
    await stop(bareServer);

    const single = await launch(SERVER, PORTS.first, healthPath);
    const one = await measure({
      seats: participants.map(seat(PORTS.first)),
      servers: [single],
      jobsPending,
      recheckAt: recheckFromNow(),
    });
    await jobsDone();
    await stop(single);

    const rows: [string, string][] = [
      [
        'data',
        `${fmt(ROOMS)} practice-to-practice chats of ${ROOM_SIZE} staff (seeded in ${seedS.toFixed(1)} s); ${fmt(SENDERS)} senders`,
      ],
      ...rowsOf('bare ws', bare),
      ...rowsOf('one instance', one, bare),
    ];

    const redis = await openBenchRedis();
    if (redis) {
      undo.push(() => redis.close());
      const extra = { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix };
      const first = await launch(SERVER, PORTS.first, healthPath, extra);
      const recheckAt = recheckFromNow();
      const servers = [first, await launch(SERVER, PORTS.second, healthPath, extra)];
      // Each room half on either instance: its first five participants on one, the other five on the other.
      const seats = participants.map((p, i) => seat(i % ROOM_SIZE < ROOM_SIZE / 2 ? PORTS.first : PORTS.second)(p));
      const two = await measure({ seats, servers, jobsPending, recheckAt });
      await jobsDone();
      rows.push(...rowsOf('two instances, Redis', two, bare));
    } else {
      rows.push([
        'two instances over Redis',
        `skipped: no Redis at ${process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'}`,
      ]);
    }
    printTable(
      `Chat at scale on PostgreSQL (${fmt(ROOMS * ROOM_SIZE)} sockets in ${fmt(ROOMS)} rooms; fan-out ${ROOM_SIZE}, sender included)`,
      rows,
    );
  } finally {
    await undo.run();
  }
}
