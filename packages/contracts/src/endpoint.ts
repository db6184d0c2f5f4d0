import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `public` needs nothing; `user` needs a signed-in user (cookie session
 * or bearer token); `optionalUser` reads the caller when there is one; `room` needs a chat room
 * token as the bearer token (the chat service, spec 3 §7).
 */
export type EndpointAuth = 'public' | 'user' | 'optionalUser' | 'room';

/** One endpoint: the single definition the server registers, the client calls and OpenAPI shows. */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
  K extends boolean = boolean,
> {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/v1/auth/:uuid`. */
  path: string;
  summary: string;
  tags: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status when it is not 200. */
  status?: 200 | 201 | 204;
  /**
   * Integrations may call it with an API key (`X-Api-Key`). What the key may then do is decided by
   * its permissions in the server's access rules, and only inside the key's practice.
   */
  apiKey?: K;
}

export function endpoint<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  const A extends EndpointAuth = EndpointAuth,
  const K extends boolean = false,
>(e: Endpoint<P, Q, B, R, A, K>): Endpoint<P, Q, B, R, A, K> {
  return e;
}

export type ParamsOf<E> = E extends Endpoint<infer P> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path from params. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The header integrations send their API key in. */
export const API_KEY_HEADER = 'x-api-key';
