import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_KEY_HEADER, SESSION_COOKIE, type Endpoint } from '@referwell/contracts';
import type { PlatformContext } from './context.js';
import type { RequestCaller, RoomParticipant, RoomResolver } from './auth/callers.js';
import { AppError } from './errors.js';
import { recordRefusal } from './audit/refusals.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: RequestCaller | null;
    /** The chat participant on `auth: 'room'` endpoints. */
    room: RoomParticipant | null;
  }
}

/** Where a request comes from, as sessions and the audit log record it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** The client of a request: route() hands it to handlers; raw routes (uploads, sockets) ask here. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * What route() needs: platform's mechanisms, and for `auth: 'room'` endpoints a resolver of room
 * tokens, which the chats module (the only one serving room calls) adds to the context it registers
 * them with.
 */
export interface RouteContext extends PlatformContext {
  rooms?: RoomResolver;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

// Endpoint's defaults are the widest of each parameter, so the bare type matches every endpoint.
type AnyEndpoint = Endpoint;
/** The callers the context's resolvers answer with: core's full types when given core's AppContext. */
type SessionCallerOf<C extends RouteContext> = NonNullable<Awaited<ReturnType<C['sessions']['resolve']>>>;
type AnyCallerOf<C extends RouteContext> = SessionCallerOf<C> | NonNullable<Awaited<ReturnType<C['apiKeys']>>>;
/** API-key callers reach only the endpoints that accept keys. */
type CallerOf<E extends AnyEndpoint, C extends RouteContext> =
  NonNullable<E['apiKey']> extends true ? AnyCallerOf<C> : SessionCallerOf<C>;
type RoomOf<C extends RouteContext> = C extends { rooms: (token: string) => Promise<infer R> } ? NonNullable<R> : never;

export interface HandlerInput<E extends AnyEndpoint, C extends RouteContext = RouteContext> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: E extends Endpoint<infer P> ? Out<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q> ? Out<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B> ? Out<B> : never;
  /** The caller; always present on `auth: 'user'` endpoints. */
  caller: E['auth'] extends 'user' ? CallerOf<E, C> : CallerOf<E, C> | null;
  /** The chat participant whose room token came with the request; present on `auth: 'room'` endpoints. */
  room: E['auth'] extends 'room' ? RoomOf<C> : null;
  /** Where the request comes from (IP, user agent), for sessions and the audit log. */
  client: ClientInfo;
}

export interface RouteOptions {
  /** Requests per minute per client IP (sign-in, code sending, signup). */
  rateLimitPerMinute?: number;
  /**
   * A GET the spec makes change state (leaving a practice, the earlier logout, opening a chat,
   * reading a submission, re-sending an invite) is CSRF-checked like a POST, so a link or an
   * image on another site cannot trigger it.
   */
  changesState?: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The caller behind the request's API key, bearer token or session cookie, if any. An API key on
 * an endpoint that does not accept keys is refused outright rather than ignored.
 */
async function resolveCaller(
  ctx: RouteContext,
  request: FastifyRequest,
  acceptsApiKey: boolean,
): Promise<RequestCaller | null> {
  const apiKey = request.headers[API_KEY_HEADER];
  if (typeof apiKey === 'string') {
    const caller = acceptsApiKey ? await ctx.apiKeys(apiKey.trim()) : null;
    if (!caller) throw new AppError('UNAUTHORIZED', 'API key is not valid here');
    return caller;
  }
  const bearer = bearerTokenOf(request);
  if (bearer !== null) return ctx.sessions.resolve(bearer, 'bearer');
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? ctx.sessions.resolve(cookie, 'cookie') : null;
}

/** The `Authorization: Bearer` token of a request, or null when it has none. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : null;
}

/**
 * The chat participant of a room call: the room token is the bearer token (spec 3 §7). Cookies are
 * not read, so a page elsewhere cannot act in a chat with a signed-in person's session.
 */
async function resolveRoomOf(rooms: RoomResolver, request: FastifyRequest): Promise<RoomParticipant> {
  const token = bearerTokenOf(request);
  const room = token ? await rooms(token) : null;
  if (!room) throw new AppError('UNAUTHORIZED', 'Your access to this chat has expired');
  return room;
}

/**
 * Registers one endpoint from its contract: schemas for validation, response allowlisting and
 * OpenAPI; the auth guard; CSRF on state-changing cookie-authenticated requests.
 */
export function route<E extends AnyEndpoint, C extends RouteContext>(
  app: FastifyInstance,
  ctx: C,
  endpoint: E,
  handler: (input: HandlerInput<E, C>) => Promise<Out<E['response']>>,
  options: RouteOptions = {},
) {
  const status = endpoint.status ?? 200;
  const { rooms } = ctx;
  if (endpoint.auth === 'room' && !rooms)
    throw new Error(`${endpoint.method} ${endpoint.path} is a room call: register it with a context that has rooms`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [status]: endpoint.response },
      ...(endpoint.auth === 'user'
        ? { security: [{ session: [] }, { bearer: [] }, ...(endpoint.apiKey ? [{ apiKey: [] }] : [])] }
        : endpoint.auth === 'room'
          ? { security: [{ bearer: [] }] }
          : {}),
    },
    config: options.rateLimitPerMinute ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } } : {},
    preValidation: async (request) => {
      if (endpoint.auth === 'room') {
        request.caller = null;
        request.room = await resolveRoomOf(rooms!, request);
        return;
      }
      request.room = null;
      request.caller = endpoint.auth === 'public' ? null : await resolveCaller(ctx, request, endpoint.apiKey === true);
      if (endpoint.auth === 'user' && !request.caller) throw new AppError('UNAUTHORIZED');
      if (request.caller?.via === 'cookie' && (options.changesState || !SAFE_METHODS.has(request.method))) {
        ctx.csrf.verify(request, request.caller.session.uuid);
      }
    },
    onError: async (request, _reply, error) => {
      // A refusal's audit entry must not turn the answer into a 500: it is logged instead.
      await recordRefusal(ctx.audit, request, error).catch((err: unknown) =>
        request.log.error({ err }, 'could not audit a refusal'),
      );
    },
    handler: async (request, reply) => {
      const result = await handler({
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        // What the context's resolvers answered, so of the types HandlerInput derives from them.
        caller: request.caller as HandlerInput<E, C>['caller'],
        room: request.room as HandlerInput<E, C>['room'],
        client: clientOf(request),
      } as HandlerInput<E, C>);
      // A handler may choose another status (health answers 503 with the same body).
      if (reply.statusCode === 200) reply.status(status);
      return reply.send(result);
    },
  });
}
