import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { createRedisChatPresence } from './presence-redis.js';

/**
 * Which chat participants have a live connection to which chat, whichever instance holds it.
 * A participant with two tabs (or phone and desktop) has two connections and stays online until
 * both are gone. Connection ids need only be unique on one instance: each instance's entries are
 * kept apart. A connection may be in the background (its page hidden, its app behind another):
 * still online, but nobody is looking at it.
 */
export interface ChatPresence {
  /** A connection joins, in the foreground. */
  add(chatId: number, connectionId: string, chatUserId: number): Promise<void>;
  remove(chatId: number, connectionId: string): Promise<void>;
  /** A connection goes into the background or comes back to the foreground; one it does not hold is ignored. */
  setBackground(chatId: number, connectionId: string, background: boolean): Promise<void>;
  /** The distinct chat users with at least one live connection to the chat, ascending. */
  online(chatId: number): Promise<number[]>;
  isOnline(chatId: number, chatUserId: number): Promise<boolean>;
  /** The distinct chat users with at least one live connection in the foreground, ascending: who would see a message now. */
  inForeground(chatId: number): Promise<number[]>;
  /** Takes this instance's connections out (at shutdown); others keep theirs. */
  close(): Promise<void>;
}

/** One connection's entry. */
export interface PresenceEntry {
  chatUserId: number;
  background: boolean;
}

/** The distinct participants of some entries, ascending. */
export const participantsOf = (entries: Iterable<PresenceEntry>) =>
  [...new Set([...entries].map((e) => e.chatUserId))].sort((a, b) => a - b);

/** Presence for one instance: its own connections are all there is. */
export function createLocalChatPresence(): ChatPresence {
  const chats = new Map<number, Map<string, PresenceEntry>>();
  const entries = (chatId: number) => [...(chats.get(chatId)?.values() ?? [])];
  const online = async (chatId: number) => participantsOf(entries(chatId));
  return {
    async add(chatId, connectionId, chatUserId) {
      let connections = chats.get(chatId);
      if (!connections) chats.set(chatId, (connections = new Map<string, PresenceEntry>()));
      connections.set(connectionId, { chatUserId, background: false });
    },
    async remove(chatId, connectionId) {
      const connections = chats.get(chatId);
      if (!connections) return;
      connections.delete(connectionId);
      if (connections.size === 0) chats.delete(chatId);
    },
    async setBackground(chatId, connectionId, background) {
      const entry = chats.get(chatId)?.get(connectionId);
      if (entry) entry.background = background;
    },
    online,
    async isOnline(chatId, chatUserId) {
      return (await online(chatId)).includes(chatUserId);
    },
    async inForeground(chatId) {
      return participantsOf(entries(chatId).filter((e) => !e.background));
    },
    async close() {
      chats.clear();
    },
  };
}

/** The presence config asks for: shared through Redis with REDIS_URL, else this instance's own. */
export function createChatPresence(config: Pick<Config, 'redis'>, log: FastifyBaseLogger): ChatPresence {
  return config.redis
    ? createRedisChatPresence({ url: config.redis.url, keyPrefix: `${config.redis.prefix}presence:`, log })
    : createLocalChatPresence();
}
