import type { eventsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import type { Db } from '../../db/client.js';

/**
 * One message: for the members of a practice, for some people, or for those people among a
 * practice's members when both are named.
 */
export type Push =
  | { practiceId: number; userIds?: readonly number[]; message: eventsApi.PushedMessage }
  | { practiceId?: undefined; userIds: readonly number[]; message: eventsApi.PushedMessage };

/**
 * An area's bus events that reach the provider app's socket: the topic, and what the members of
 * each practice concerned are told. Each area registers its own (registerPushSource) when its
 * module function runs, so the events module never imports them.
 */
export interface PushSource {
  topic: string;
  toPushes(db: Db, payload: unknown): Promise<Push[]>;
}

type Deliver = (pushes: Push[]) => void;

/** Each app's events socket, by the app's context: tests build many apps in one process. */
const sockets = new WeakMap<object, Deliver>();

/** Where this app's pushes go: its events socket. */
export function deliverPushesTo(ctx: AppContext, deliver: Deliver) {
  sockets.set(ctx, deliver);
}

/** The source's bus events reach the events socket; areas register before or after the socket is. */
export function registerPushSource(ctx: Pick<AppContext, 'bus' | 'db' | 'log'>, source: PushSource) {
  ctx.bus.subscribe(source.topic, (payload) => {
    const deliver = sockets.get(ctx);
    if (!deliver) return;
    source
      .toPushes(ctx.db, payload)
      .then(deliver, (err: unknown) => ctx.log.error({ err, topic: source.topic }, 'push not delivered'));
  });
}
