import type { PlatformContext } from '../context.js';

/** The real-time line of /api/v1/health: which bus carries events, and whether Redis answers. */
export async function realtimeHealth(
  ctx: Pick<PlatformContext, 'bus' | 'log'>,
): Promise<{ name: 'realtime'; ok: boolean; detail: string }> {
  if (ctx.bus.transport === 'in-process')
    return { name: 'realtime', ok: true, detail: 'in-process: one instance only' };
  try {
    await ctx.bus.ping();
    return { name: 'realtime', ok: true, detail: 'redis' };
  } catch (err) {
    // The error can name Redis's address; it goes to the log, not to this public page.
    ctx.log.error({ err }, 'health: redis does not answer');
    return { name: 'realtime', ok: false, detail: 'redis not answering: live updates are not delivered' };
  }
}
