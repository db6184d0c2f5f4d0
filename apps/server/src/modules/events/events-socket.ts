import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { SESSION_COOKIE, eventsApi } from '@referwell/contracts';
import {
  practiceIdsOf,
  SESSIONS_ENDED,
  type AppContext,
  type SessionCaller,
  type SessionsEnded,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { socketOriginAllowed } from '../../platform/realtime/origin.js';
import { deliverPushesTo, type Push } from './push-sources.js';

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  token: string;
  via: SessionCaller['via'];
  practiceIds: Set<number>;
  subscribed: boolean;
  alive: boolean;
}

/** The token a socket authenticates with: the session cookie (web), else `?token=` (mobile, bearer). */
function credentialsOf(request: FastifyRequest): { token: string; via: SessionCaller['via'] } | null {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  const token = (request.query as Record<string, unknown>).token;
  return typeof token === 'string' && token ? { token, via: 'bearer' } : null;
}

/**
 * GET /api/v1/socket — the provider app's events socket. A signed-in user connects, sends
 * SUBSCRIBE, and then hears what happens in their practices (registerPushSource). A session that ends
 * closes the socket with 4000 at once on every instance (SESSIONS_ENDED); the session is also
 * checked again every SOCKET_CHECK_SECONDS without counting as activity, for idle and expiry.
 */
export function registerEventsSocket(app: FastifyInstance, ctx: AppContext) {
  const connections = new Set<Connection>();

  function deliver(pushes: Push[]) {
    for (const { practiceId, userIds, message } of pushes) {
      const text = JSON.stringify(message);
      for (const c of connections) {
        if (
          c.subscribed &&
          (practiceId === undefined || c.practiceIds.has(practiceId)) &&
          (!userIds || userIds.includes(c.userId))
        )
          c.socket.send(text);
      }
    }
  }
  deliverPushesTo(ctx, deliver);

  // A session ended anywhere (sign-out, revocation, password change) closes its sockets at once, not at the next check.
  ctx.bus.subscribe(SESSIONS_ENDED, (payload) => {
    const ended = new Set((payload as SessionsEnded).sessionIds);
    for (const c of connections)
      if (ended.has(c.sessionId)) c.socket.close(eventsApi.SOCKET_UNAUTHORIZED, 'Session ended');
  });

  async function recheck(c: Connection) {
    if (!c.alive) {
      c.socket.terminate();
      return;
    }
    c.alive = false;
    c.socket.ping();
    const caller = await ctx.sessions.resolve(c.token, c.via, { touch: false });
    if (!caller) {
      c.socket.close(eventsApi.SOCKET_UNAUTHORIZED, 'Session ended');
      return;
    }
    c.practiceIds = new Set(await practiceIdsOf(ctx.db, c.userId));
  }
  // One socket after another: all at once would queue a query per socket ahead of everyone's
  // requests on the pool (the chat socket's bench measured what that does); a slow round is not
  // started again on top of itself.
  let rechecking = false;
  const timer = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    void (async () => {
      for (const c of [...connections])
        await recheck(c).catch((err: unknown) => ctx.log.warn({ err }, 'socket recheck failed'));
    })().finally(() => {
      rechecking = false;
    });
  }, ctx.config.socketCheckMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // Loaded before the upgrade, so a push that arrives right after SUBSCRIBE is not missed.
  const practicesOfRequest = new WeakMap<FastifyRequest, number[]>();

  app.register(async (scope) => {
    scope.addHook('preValidation', async (request) => {
      if (!socketOriginAllowed(ctx.config, request))
        throw new AppError('FORBIDDEN', 'This origin may not open the events socket');
      const credentials = credentialsOf(request);
      const caller = credentials && (await ctx.sessions.resolve(credentials.token, credentials.via));
      if (!caller) throw new AppError('UNAUTHORIZED');
      request.caller = caller;
      practicesOfRequest.set(request, await practiceIdsOf(ctx.db, caller.user.id));
    });

    scope.get(eventsApi.EVENTS_SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const credentials = credentialsOf(request)!;
      const c: Connection = {
        socket,
        userId: request.caller!.user.id,
        sessionId: (request.caller as SessionCaller).session.id,
        ...credentials,
        practiceIds: new Set(practicesOfRequest.get(request)),
        subscribed: false,
        alive: true,
      };
      connections.add(c);
      socket.on('pong', () => {
        c.alive = true;
      });
      socket.on('close', () => connections.delete(c));
      socket.on('message', (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse((raw as Buffer).toString());
        } catch {
          parsed = null;
        }
        if (!eventsApi.SubscribeMessage.safeParse(parsed).success) {
          socket.send(JSON.stringify({ event: 'ERROR', data: { message: 'Unknown message' } }));
          return;
        }
        c.subscribed = true;
        socket.send(
          JSON.stringify({ event: 'SUBSCRIBED', data: { updateUnreads: true } } satisfies eventsApi.PushedMessage),
        );
      });
    });
  });
}
