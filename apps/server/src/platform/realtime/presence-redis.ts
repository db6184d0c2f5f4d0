import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { participantsOf, type ChatPresence, type PresenceEntry } from './presence.js';
import { closeRedis, openRedis } from './redis.js';

export interface RedisChatPresenceOptions {
  url: string;
  /** Keys are `${keyPrefix}chat:<chatId>` and `${keyPrefix}instance:<instanceId>`. */
  keyPrefix: string;
  log: FastifyBaseLogger;
  /** How long an instance counts as alive after its last heartbeat. */
  heartbeatTtlMs?: number;
  heartbeatEveryMs?: number;
}

const COMMAND_TIMEOUT_MS = 2000;

/**
 * Reads a chat's live participants and, in the same atomic step, deletes the entries of instances
 * whose heartbeat has expired (crashed, or cut off from Redis for longer than the TTL). Atomic so
 * that an instance writing its entries back together with a new heartbeat cannot lose them to a
 * reader that saw the old heartbeat missing. It reads heartbeat keys it is not handed: fine on a
 * single Redis or Sentinel, not on Redis Cluster.
 * KEYS[1]: the chat's hash (`<instanceId>:<connectionId>` -> entry value); ARGV[1]: heartbeat key prefix.
 */
const READ_ONLINE_SCRIPT = `
local entries = redis.call('HGETALL', KEYS[1])
local alive = {}
local values = {}
for i = 1, #entries, 2 do
  local field, value = entries[i], entries[i + 1]
  local instance = string.match(field, '^([^:]+):')
  if instance and alive[instance] == nil then alive[instance] = redis.call('EXISTS', ARGV[1] .. instance) == 1 end
  if instance and alive[instance] then values[#values + 1] = value else redis.call('HDEL', KEYS[1], field) end
end
return values
`;

/** An entry's value in the chat's hash: the participant, marked when the connection is in the background. */
const BACKGROUND_MARK = ':background';
const entryValue = (entry: PresenceEntry) => `${entry.chatUserId}${entry.background ? BACKGROUND_MARK : ''}`;
const parseEntry = (value: string): PresenceEntry => ({
  chatUserId: Number.parseInt(value, 10),
  background: value.endsWith(BACKGROUND_MARK),
});

interface PresenceCommands {
  readChatPresence(chatKey: string, heartbeatPrefix: string): Promise<string[]>;
}

/**
 * Presence shared by every instance through Redis: one hash per chat, and one heartbeat key per
 * instance that it refreshes every `heartbeatEveryMs` with a TTL of `heartbeatTtlMs`. When an
 * instance stops (crash, kill -9, network split) its heartbeat lapses and readers drop its entries,
 * so its users go offline within the TTL. If a live instance finds its heartbeat had lapsed (Redis
 * was away longer than the TTL), it writes its entries back.
 */
export function createRedisChatPresence({
  url,
  keyPrefix,
  log,
  heartbeatTtlMs = 30_000,
  heartbeatEveryMs = 10_000,
}: RedisChatPresenceOptions): ChatPresence {
  const redis = openRedis(url, 'presence', log, { commandTimeout: COMMAND_TIMEOUT_MS });
  redis.defineCommand('readChatPresence', { numberOfKeys: 1, lua: READ_ONLINE_SCRIPT });
  const commands = redis as unknown as PresenceCommands;
  const instanceId = randomUUID();
  const heartbeatPrefix = `${keyPrefix}instance:`;
  const heartbeatKey = heartbeatPrefix + instanceId;
  const chatKey = (chatId: number) => `${keyPrefix}chat:${chatId}`;
  const entryField = (connectionId: string) => `${instanceId}:${connectionId}`;
  /** This instance's connections, to write back after a lapse and to take out at close. */
  const mine = new Map<number, Map<string, PresenceEntry>>();

  async function heartbeat() {
    // XX: refreshes a heartbeat that is still there, and says so.
    if ((await redis.set(heartbeatKey, '1', 'PX', heartbeatTtlMs, 'XX')) === 'OK') return;
    const restore = redis.multi().set(heartbeatKey, '1', 'PX', heartbeatTtlMs);
    for (const [chatId, connections] of mine) {
      restore.hset(
        chatKey(chatId),
        Object.fromEntries(
          [...connections].map(([connectionId, entry]) => [entryField(connectionId), entryValue(entry)]),
        ),
      );
    }
    await restore.exec();
  }
  const timer = setInterval(() => {
    heartbeat().catch((err: unknown) => {
      // An outage is already logged by the connection; only a failure on a working one is news.
      if (redis.status === 'ready') log.warn({ err }, 'presence: heartbeat failed');
    });
  }, heartbeatEveryMs);
  timer.unref();

  async function entries(chatId: number) {
    return (await commands.readChatPresence(chatKey(chatId), heartbeatPrefix)).map(parseEntry);
  }
  const online = async (chatId: number) => participantsOf(await entries(chatId));

  return {
    async add(chatId, connectionId, chatUserId) {
      // Kept here even if the write below fails, so a later write-back or close() still covers it.
      let connections = mine.get(chatId);
      if (!connections) mine.set(chatId, (connections = new Map<string, PresenceEntry>()));
      const entry = { chatUserId, background: false };
      connections.set(connectionId, entry);
      // The heartbeat goes with the entry: a reader never sees an entry without a live instance.
      await redis
        .multi()
        .hset(chatKey(chatId), entryField(connectionId), entryValue(entry))
        .set(heartbeatKey, '1', 'PX', heartbeatTtlMs)
        .exec();
    },
    async setBackground(chatId, connectionId, background) {
      // Only a connection still held: one removed meanwhile must not be written back.
      const entry = mine.get(chatId)?.get(connectionId);
      if (!entry) return;
      entry.background = background;
      await redis.hset(chatKey(chatId), entryField(connectionId), entryValue(entry));
    },
    async remove(chatId, connectionId) {
      const connections = mine.get(chatId);
      connections?.delete(connectionId);
      if (connections?.size === 0) mine.delete(chatId);
      await redis.hdel(chatKey(chatId), entryField(connectionId));
    },
    online,
    async isOnline(chatId, chatUserId) {
      return (await online(chatId)).includes(chatUserId);
    },
    async inForeground(chatId) {
      return participantsOf((await entries(chatId)).filter((e) => !e.background));
    },
    async close() {
      clearInterval(timer);
      // When Redis is away there is no waiting for it: the heartbeat lapses and readers drop these
      // entries within the TTL anyway.
      if (redis.status === 'ready') {
        const leave = redis.multi();
        for (const [chatId, connections] of mine)
          leave.hdel(chatKey(chatId), ...[...connections.keys()].map(entryField));
        leave.del(heartbeatKey);
        await leave
          .exec()
          .catch((err: unknown) =>
            log.warn({ err }, 'presence: could not remove this instance’s connections at close'),
          );
      }
      mine.clear();
      await closeRedis(redis);
    },
  };
}
