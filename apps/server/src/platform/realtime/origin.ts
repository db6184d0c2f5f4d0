import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * Browsers send an Origin on a WebSocket handshake: only the app's own pages (its origin and
 * PUBLIC_URL's, and those SOCKET_ALLOWED_ORIGINS adds) may open the server's sockets, so a page
 * elsewhere cannot ride on a signed-in person's cookie or a token it lured out (cross-site
 * WebSocket hijacking). Native apps send none and are let through; they authenticate with a token.
 */
export function socketOriginAllowed(
  config: Pick<Config, 'publicUrl' | 'socketAllowedOrigins'>,
  request: FastifyRequest,
): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const own = `${request.protocol}://${request.headers.host}`;
  return origin === own || origin === new URL(config.publicUrl).origin || config.socketAllowedOrigins.includes(origin);
}
