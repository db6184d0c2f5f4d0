import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createRedisChatPresence } from './presence-redis.js';

/**
 * Which chat participants have a live connection to which chat, whichever instance holds it.
 * A participant with two tabs (or phone and desktop) has two connections and stays online until
 * both are gone. Connection ids need only be unique on one instance: each instance's entries are
 * kept apart.
 */
export interface ChatPresence {
  add(chatId: number, connectionId: string, chatUserId: number): Promise<void>;
  remove(chatId: number, connectionId: string): Promise<void>;
  /** The distinct chat users with at least one live connection to the chat, ascending. */
  online(chatId: number): Promise<number[]>;
  isOnline(chatId: number, chatUserId: number): Promise<boolean>;
  /** Takes this instance's connections out (at shutdown); others keep theirs. */
  close(): Promise<void>;
}

/** Presence for one instance: its own connections are all there is. */
export function createLocalChatPresence(): ChatPresence {
  const chats = new Map<number, Map<string, number>>();
  const online = async (chatId: number) => [...new Set(chats.get(chatId)?.values())].sort((a, b) => a - b);
  return {
    async add(chatId, connectionId, chatUserId) {
      let connections = chats.get(chatId);
      if (!connections) chats.set(chatId, (connections = new Map()));
      connections.set(connectionId, chatUserId);
    },
    async remove(chatId, connectionId) {
      const connections = chats.get(chatId);
      if (!connections) return;
      connections.delete(connectionId);
      if (connections.size === 0) chats.delete(chatId);
    },
    online,
    async isOnline(chatId, chatUserId) {
      return (await online(chatId)).includes(chatUserId);
    },
    async close() {
      chats.clear();
    },
  };
}

/** The presence config asks for: shared through Redis with REDIS_URL, else this instance's own. */
export function createChatPresence(config: Pick<Config, 'redis'>, log: FastifyBaseLogger): ChatPresence {
  return config.redis ? createRedisChatPresence({ url: config.redis.url, keyPrefix: `${config.redis.prefix}presence:`, log }) : createLocalChatPresence();
}
