import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Audit } from './audit/audit.js';
import type { ApiKeyResolver, SessionResolver } from './auth/callers.js';
import type { Csrf } from './auth/csrf.js';
import type { Secrets } from './auth/secrets.js';
import type { Delivery } from './delivery/delivery.js';
import type { TextLimits } from './delivery/text-limits.js';
import type { EventBus } from './events/bus.js';
import type { Jobs } from './jobs/jobs.js';
import type { ChatPresence } from './realtime/presence.js';
import type { FileStorage } from './storage/storage.js';
import type { Scanner } from './scanner/scanner.js';
import type { Clock } from './clock.js';

/**
 * The shared mechanisms everything is built from; made once in buildApp. Core extends it into the
 * AppContext modules use (core/context.ts), where `sessions` and `apiKeys` are its session store
 * and API-key resolver; platform knows them only as resolvers of callers.
 */
export interface PlatformContext {
  config: Config;
  database: Database;
  db: Database['db'];
  secrets: Secrets;
  /** Resolves session cookies and bearer tokens. */
  sessions: SessionResolver;
  /** Resolves an integration's X-Api-Key header. */
  apiKeys: ApiKeyResolver;
  csrf: Csrf;
  audit: Audit;
  delivery: Delivery;
  /** Every text or call to a number is counted and audited here first (per sender, practice, number). */
  texts: TextLimits;
  storage: FileStorage;
  scanner: Scanner;
  jobs: Jobs;
  bus: EventBus;
  /** Who is connected to which chat, across instances. */
  presence: ChatPresence;
  clock: Clock;
  log: FastifyBaseLogger;
}
