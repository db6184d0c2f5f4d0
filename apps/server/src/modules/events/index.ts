import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerEventsSocket } from './events-socket.js';

export { registerPushSource, type Push, type PushSource } from './push-sources.js';

/** The provider app's events socket: what happens in a user's practices, as it happens. */
export function eventsModule(app: FastifyInstance, ctx: AppContext) {
  registerEventsSocket(app, ctx);
}
