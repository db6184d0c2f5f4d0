import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { normalizePhone, systemApi } from '@referwell/contracts';
import type { AppContext } from '../../platform/context.js';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, systemApi.isHealthy, async () => ({ healthy: true }));

  route(app, ctx, systemApi.health, async ({ reply }) => {
    const parts: { name: string; ok: boolean; detail?: string }[] = [];
    try {
      await ctx.database.ping();
      parts.push({ name: 'database', ok: true, detail: ctx.database.driver });
    } catch (err) {
      parts.push({ name: 'database', ok: false, detail: err instanceof Error ? err.message : 'unreachable' });
    }
    const { email, sms } = ctx.delivery.modes;
    parts.push({ name: 'email', ok: true, detail: email === 'smtp' ? 'smtp' : 'development outbox: nothing is sent' });
    parts.push({ name: 'sms', ok: true, detail: sms === 'webhook' ? 'provider webhook' : 'development outbox: nothing is sent' });
    const healthy = parts.every((p) => p.ok);
    // The contract's 200 schema serializes the body; a 503 carries the same shape.
    if (!healthy) reply.status(503);
    return { healthy, parts };
  });

  route(app, ctx, systemApi.devOutbox, async ({ query }) => {
    if (ctx.config.isProduction) throw new AppError('NOT_FOUND');
    // A '+' typed into a query string arrives as a space, so phone numbers are normalised first.
    const to = query.to ? (normalizePhone(query.to) ?? query.to.trim().toLowerCase()) : undefined;
    const rows = await ctx.db
      .select()
      .from(outboxMessages)
      .where(to ? eq(outboxMessages.to, to) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(query.limit);
    return rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() }));
  });
}
