import type { PlatformContext } from '../platform/context.js';
import type { ApiKeyResolver } from './api-keys.js';
import type { SessionStore } from './sessions.js';

/** What every module is built from: platform's mechanisms, with core's session store and API-key resolver. */
export interface AppContext extends PlatformContext {
  sessions: SessionStore;
  /** Resolves an integration's X-Api-Key header. */
  apiKeys: ApiKeyResolver;
}
