import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../../platform/context.js';
import { registerSystemRoutes } from './system.routes.js';

/** Health, the development outbox, and the built web app with its client-side routes. */
export async function systemModule(app: FastifyInstance, ctx: AppContext) {
  registerSystemRoutes(app, ctx);

  const index = path.join(ctx.config.webDist, 'index.html');
  if (!existsSync(index)) {
    ctx.log.warn(`web app not built (${index} missing): run "npm run build" to serve it`);
    return;
  }
  await app.register(fastifyStatic, { root: ctx.config.webDist, wildcard: false, index: false });
  // Client-side routes (e.g. /settings) get the app shell. API paths and missing files (a path
  // with an extension, such as an asset from a newer build) keep their 404.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname.startsWith('/florie/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
