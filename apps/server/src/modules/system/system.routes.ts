import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { normalizePhone, systemApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { scannerHealth } from '../../platform/scanner/index.js';
import { realtimeHealth } from '../../platform/realtime/health.js';
import { addressRange } from '../../platform/net/ip-policy.js';

/** Headers a proxy adds: a request relayed by one came from wherever the proxy heard it, not from this machine. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request comes from a browser on the server's own machine: its connection is from a
 * loopback address (the socket's, not the client IP a trusted proxy reports, which a client may
 * set) and no proxy relayed it, since a proxy on the same machine connects from loopback too.
 */
function fromThisMachine(request: FastifyRequest) {
  const address = request.socket.remoteAddress;
  return address !== undefined && addressRange(address) === 'loopback' && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * The address an outbox filter names: a phone number in E.164, else the lower-cased e-mail.
 * A '+' typed into a query string arrives as a space, and people leave it out, so digits that are
 * not a US number are also tried as an international number.
 */
function outboxAddress(text: string) {
  const trimmed = text.trim();
  const digits = /^\+?[\d\s().-]+$/.test(trimmed) ? trimmed.replace(/^\+/, '') : null;
  return (
    (digits && /^\s/.test(text) ? normalizePhone(`+${digits}`) : null) ??
    normalizePhone(trimmed) ??
    (digits ? normalizePhone(`+${digits}`) : null) ??
    trimmed.toLowerCase()
  );
}

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, systemApi.isHealthy, async () => ({ healthy: true }));

  route(app, ctx, systemApi.health, async ({ reply }) => {
    const parts: { name: string; ok: boolean; detail?: string }[] = [];
    try {
      await ctx.database.ping();
      parts.push({ name: 'database', ok: true, detail: ctx.database.driver });
    } catch (err) {
      // The driver's message can name hosts and users; it goes to the log, not to this public page.
      ctx.log.error({ err }, 'health: the database does not answer');
      parts.push({ name: 'database', ok: false, detail: 'not answering' });
    }
    const { email, sms } = ctx.delivery.modes;
    parts.push({ name: 'email', ok: true, detail: email === 'smtp' ? 'smtp' : 'development outbox: nothing is sent' });
    parts.push({ name: 'sms', ok: true, detail: sms === 'webhook' ? 'provider webhook' : 'development outbox: nothing is sent' });
    parts.push(await scannerHealth(ctx));
    parts.push(await realtimeHealth(ctx));
    const healthy = parts.every((p) => p.ok);
    // The contract's 200 schema serializes the body; a 503 carries the same shape.
    if (!healthy) reply.status(503);
    return { healthy, parts };
  });

  route(app, ctx, systemApi.devOutbox, async ({ request, query }) => {
    // Answered as if there were no such route: who may not read it does not learn it is there.
    if (ctx.config.isProduction || !(ctx.config.devOutboxForAnyone || fromThisMachine(request))) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`);
    }
    const to = query.to ? outboxAddress(query.to) : undefined;
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(to ? eq(outboxMessages.to, to) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(query.limit);
    return rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() }));
  });
}
