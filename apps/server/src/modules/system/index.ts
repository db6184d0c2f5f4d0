import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppContext } from '../../core/index.js';
import { registerSystemRoutes } from './system.routes.js';
import { createSystemService } from './system.service.js';

/** Health, the development outbox, and the built web app: the provider app, the chat room page and the intake forms. */
export async function systemModule(app: FastifyInstance, ctx: AppContext) {
  registerSystemRoutes(app, ctx, createSystemService(ctx));

  const index = path.join(ctx.config.webDist, 'index.html');
  if (!existsSync(index)) {
    ctx.log.warn(`web app not built (${index} missing): run "npm run build" to serve it`);
    return;
  }
  await app.register(fastifyStatic, {
    root: ctx.config.webDist,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of every file; the browser gets the one it accepts.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const inBuild = path.relative(ctx.config.webDist, filePath);
      reply.header('cache-control', cachePolicy(inBuild));
      if (isHashedAsset(inBuild)) for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    },
  });
  // Client-side routes (e.g. /settings) get the app shell. API paths and missing files (a path
  // with an extension, such as an asset from a newer build) keep their 404.
  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname.startsWith('/florie/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.callNotFound();
    }
    return reply.type('text/html').sendFile('index.html');
  });
  // A practice's intake form (/form/{endpoint}) is a page of the app that practices embed in their
  // own sites: it shows a public form and keeps nothing of a signed-in person's.
  app.get('/form/*', { helmet: { frameguard: false } }, (request, reply) =>
    /\.[a-z0-9]+$/i.test(request.url.split('?')[0]) ? reply.callNotFound() : framable(reply, 'index.html'),
  );
  registerChatRoomPage(app, ctx);
}

/**
 * Files under assets/ carry a hash of their content in their name, so a browser may keep them for
 * good; anything else (the HTML pages, the icon) is checked with the server on every use so a new
 * release is seen at once.
 */
function cachePolicy(pathInBuild: string): string {
  return isHashedAsset(pathInBuild) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const isHashedAsset = (pathInBuild: string) => pathInBuild.startsWith(`assets${path.sep}`);

/**
 * Helmet's headers that only a page (an HTML document) obeys. A script, style sheet or picture
 * ignores them, yet they were 0.7 kB of every one of the 60-odd files a screen loads over HTTP/1.1;
 * nosniff and the resource policy, which do apply to those files, stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** An HTML page of the build that any site may frame. */
function framable(reply: FastifyReply, file: string) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', allowFraming(policy));
  return reply.type('text/html').sendFile(file);
}

/**
 * The chat room's own page (`/chat/?room=…&token=…`, a second entry of the web build). Host pages
 * embed it in a frame, so unlike the rest of the app it may be framed by any site; what it shows
 * needs the room token in its address, and nothing is done without the person typing.
 */
function registerChatRoomPage(app: FastifyInstance, ctx: AppContext) {
  const page = path.join(ctx.config.webDist, CHAT_ROOM_PAGE);
  if (!existsSync(page)) {
    ctx.log.warn(`chat room page not built (${page} missing): run "npm run build" to serve it`);
    return;
  }
  const serve = (_request: FastifyRequest, reply: FastifyReply) => framable(reply, CHAT_ROOM_PAGE);
  // Trailing slashes are ignored by the router: this is /chat and /chat/; deeper paths are the
  // room's own (it has one route, but an address with more in it should still open the room).
  app.get('/chat', { helmet: { frameguard: false } }, serve);
  app.get('/chat/*', { helmet: { frameguard: false } }, (request, reply) =>
    /\.[a-z0-9]+$/i.test(request.url.split('?')[0]) ? reply.callNotFound() : serve(request, reply),
  );
}

const CHAT_ROOM_PAGE = 'chat/index.html';

/** The app's content security policy with any site allowed to frame the page. */
function allowFraming(policy: string): string {
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !directive.startsWith('frame-ancestors'));
  return [...directives, 'frame-ancestors *'].join(';');
}
