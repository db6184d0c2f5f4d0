import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_KEY_HEADER, SESSION_COOKIE, type Endpoint } from '@referwell/contracts';
import type { AppContext } from './context.js';
import type { Caller, SessionCaller } from './auth/sessions.js';
import { AppError } from './errors.js';
import { resolveRoomCaller, type RoomCaller } from './access/chats.js';
import { recordRefusal } from './audit/refusals.js';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** The chat participant on `auth: 'room'` endpoints. */
    room: RoomCaller | null;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

// Endpoint's defaults are the widest of each parameter, so the bare type matches every endpoint.
type AnyEndpoint = Endpoint;
/** API-key callers reach only the endpoints that accept keys. */
type CallerOf<E extends AnyEndpoint> = NonNullable<E['apiKey']> extends true ? Caller : SessionCaller;

export interface HandlerInput<E extends AnyEndpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: E extends Endpoint<infer P> ? Out<P> : never;
  query: E extends Endpoint<z.ZodType, infer Q> ? Out<Q> : never;
  body: E extends Endpoint<z.ZodType, z.ZodType, infer B> ? Out<B> : never;
  /** The caller; always present on `auth: 'user'` endpoints. */
  caller: E['auth'] extends 'user' ? CallerOf<E> : CallerOf<E> | null;
  /** The chat participant whose room token came with the request; present on `auth: 'room'` endpoints. */
  room: E['auth'] extends 'room' ? RoomCaller : null;
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
async function resolveCaller(ctx: AppContext, request: FastifyRequest, acceptsApiKey: boolean): Promise<Caller | null> {
  const apiKey = request.headers[API_KEY_HEADER];
  if (typeof apiKey === 'string') {
    const caller = acceptsApiKey ? await ctx.apiKeys(apiKey.trim()) : null;
    if (!caller) throw new AppError('UNAUTHORIZED', 'API key is not valid here');
    return caller;
  }
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return ctx.sessions.resolve(authorization.slice(7).trim(), 'bearer');
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? ctx.sessions.resolve(cookie, 'cookie') : null;
}

/**
 * The chat participant of a room call: the room token is the bearer token (spec 3 §7). Cookies are
 * not read, so a page elsewhere cannot act in a chat with a signed-in person's session.
 */
async function resolveRoomOf(ctx: AppContext, request: FastifyRequest): Promise<RoomCaller> {
  const authorization = request.headers.authorization;
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  const room = token ? await resolveRoomCaller(ctx, token) : null;
  if (!room) throw new AppError('UNAUTHORIZED', 'Your access to this chat has expired');
  return room;
}

/**
 * Registers one endpoint from its contract: schemas for validation, response allowlisting and
 * OpenAPI; the auth guard; CSRF on state-changing cookie-authenticated requests.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (input: HandlerInput<E>) => Promise<Out<E['response']>>,
  options: RouteOptions = {},
) {
  const status = endpoint.status ?? 200;
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
        : endpoint.auth === 'room' ? { security: [{ bearer: [] }] } : {}),
    },
    config: options.rateLimitPerMinute ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } } : {},
    preValidation: async (request) => {
      if (endpoint.auth === 'room') {
        request.caller = null;
        request.room = await resolveRoomOf(ctx, request);
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
      await recordRefusal(ctx.audit, request, error).catch((err: unknown) => request.log.error({ err }, 'could not audit a refusal'));
    },
    handler: async (request, reply) => {
      const result = await handler({
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        caller: request.caller,
        room: request.room as HandlerInput<E>['room'],
      } as HandlerInput<E>);
      // A handler may choose another status (health answers 503 with the same body).
      if (reply.statusCode === 200) reply.status(status);
      return reply.send(result);
    },
  });
}
