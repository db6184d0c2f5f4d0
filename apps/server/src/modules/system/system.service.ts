import { desc, eq } from 'drizzle-orm';
import { normalizePhone } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { scannerHealth } from '../../platform/scanner/index.js';
import { realtimeHealth } from '../../platform/realtime/health.js';

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

/** The server's health and, in development, the outbox: what the system routes answer. */
export function createSystemService(ctx: AppContext) {
  return {
    /** Each part the server depends on, and whether all of them work. */
    async health() {
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
      parts.push({
        name: 'email',
        ok: true,
        detail: email === 'smtp' ? 'smtp' : 'development outbox: nothing is sent',
      });
      parts.push({
        name: 'sms',
        ok: true,
        detail: sms === 'webhook' ? 'provider webhook' : 'development outbox: nothing is sent',
      });
      parts.push(await scannerHealth(ctx));
      parts.push(await realtimeHealth(ctx));
      return { healthy: parts.every((p) => p.ok), parts };
    },

    /** The development outbox, newest first, optionally for one address. */
    async outbox(to: string | undefined, limit: number) {
      const address = to ? outboxAddress(to) : undefined;
      const rows = await ctx.db
        .select()
        .from(outboxMessages)
        .where(address ? eq(outboxMessages.to, address) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
      return rows.map((m) => ({ ...m, createdAt: m.createdAt.getTime() }));
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;
