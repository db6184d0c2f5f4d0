import type { FastifyInstance, FastifyRequest } from 'fastify';
import { systemApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { addressRange } from '../../platform/net/ip-policy.js';
import type { SystemService } from './system.service.js';

/** Headers a proxy adds: a request relayed by one came from wherever the proxy heard it, not from this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from a browser on the server's own machine: its connection is from a
 * loopback address (the socket's, not the client IP a trusted proxy reports, which a client may
 * set) and no proxy relayed it, since a proxy on the same machine connects from loopback too.
 */
function fromThisMachine(request: FastifyRequest) {
  const address = request.socket.remoteAddress;
  return (
    address !== undefined &&
    addressRange(address) === 'loopback' &&
    FORWARDING_HEADERS.every((h) => request.headers[h] === undefined)
  );
}

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext, service: SystemService) {
  route(app, ctx, systemApi.isHealthy, async () => ({ healthy: true }));

  route(app, ctx, systemApi.health, async ({ reply }) => {
    const report = await service.health();
    // The contract's 200 schema serializes the body; a 503 carries the same shape.
    if (!report.healthy) reply.status(503);
    return report;
  });

  route(app, ctx, systemApi.devOutbox, async ({ request, query }) => {
    // Answered as if there were no such route: who may not read it does not learn it is there.
    if (ctx.config.isProduction || !(ctx.config.devOutboxForAnyone || fromThisMachine(request))) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
    }
    return service.outbox(query.to, query.limit);
  });
}
