import type { Redis } from 'ioredis';

/**
 * How many connections (sockets) one holder keeps open, whichever instance holds them: opening
 * one more than `max` pushes the oldest out. The cap only names the connections pushed out;
 * whoever holds them closes them (the instances hear of it through the bus).
 */
export interface ConnectionCap {
  /** Records a new connection; answers the holder's connections it pushed out, oldest first (never this one). */
  open(holder: string, connectionId: string, max: number): Promise<string[]>;
  /** Forgets a connection that closed. */
  close(holder: string, connectionId: string): Promise<void>;
}

/** This process's connections only. */
export function createLocalConnectionCap(): ConnectionCap {
  const holders = new Map<string, Map<string, number>>();
  let order = 0;
  return {
    async open(holder, connectionId, max) {
      let connections = holders.get(holder);
      if (!connections) holders.set(holder, (connections = new Map<string, number>()));
      connections.set(connectionId, ++order);
      const oldestFirst = [...connections].sort((a, b) => a[1] - b[1]).map(([id]) => id);
      const out = oldestFirst.filter((id) => id !== connectionId).slice(0, Math.max(0, connections.size - max));
      for (const id of out) connections.delete(id);
      return out;
    },
    async close(holder, connectionId) {
      const connections = holders.get(holder);
      connections?.delete(connectionId);
      if (connections?.size === 0) holders.delete(holder);
    },
  };
}

/**
 * Adds the connection (scored by Redis's clock, so instances agree on which is oldest) and takes
 * out the oldest beyond the cap, the new one never among them, in one atomic step.
 * KEYS[1]: the holder's sorted set; ARGV: connection id, max, the key's time to live (ms).
 */
const OPEN_SCRIPT = `
local t = redis.call('TIME')
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000000 + tonumber(t[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
local out = {}
if extra <= 0 then return out end
for _, id in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if #out == extra then break end
  if id ~= ARGV[1] then out[#out + 1] = id end
end
redis.call('ZREM', KEYS[1], unpack(out))
return out
`;

interface CapCommands {
  openConnection(key: string, connectionId: string, max: number, ttlMs: number): Promise<string[]>;
}

/**
 * Every instance's connections, in Redis under `keyPrefix`. An instance that dies leaves its
 * entries behind; being the oldest they are the first pushed out, which closes nothing. A
 * holder's entry lives `holderTtlMs` after their last opening: give it at least the longest a
 * connection may stay open, so a live one is never forgotten.
 */
export function createRedisConnectionCap(redis: Redis, keyPrefix: string, holderTtlMs: number): ConnectionCap {
  redis.defineCommand('openConnection', { numberOfKeys: 1, lua: OPEN_SCRIPT });
  const commands = redis as unknown as CapCommands;
  return {
    open: (holder, connectionId, max) => commands.openConnection(keyPrefix + holder, connectionId, max, holderTtlMs),
    async close(holder, connectionId) {
      await redis.zrem(keyPrefix + holder, connectionId);
    },
  };
}
