import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { auditApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { CSV_HEADER, csvLine, csvRow } from './audit-csv.js';
import type { AuditTrailService } from './audit-trail.service.js';

/** Tells the client how many rows the CSV will hold, so it can show its progress. */
export const EXPORT_COUNT_HEADER = 'x-audit-count';

export function registerAuditTrailRoutes(app: FastifyInstance, ctx: AppContext, service: AuditTrailService) {
  route(app, ctx, api.listAudit, ({ caller, params, query, client }) => service.list(caller, params.id, query, client));

  route(app, ctx, api.exportAudit, async ({ caller, params, query, reply, client }) => {
    const { count, chunks } = await service.export(caller, params.id, query, client);
    async function* csv() {
      yield csvLine(CSV_HEADER);
      for await (const events of chunks) yield events.map(csvRow).join('');
    }
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${params.id}-${day}.csv"`)
      .header(EXPORT_COUNT_HEADER, String(count))
      .header('access-control-expose-headers', EXPORT_COUNT_HEADER);
    // Fastify pipes a stream as it comes; the contract's string is what the client receives.
    return Readable.from(csv()) as unknown as string;
  });
}
