import { and, asc, eq } from 'drizzle-orm';
import type { cataloguesApi } from '@referwell/contracts';
import { practices, toPracticeSummary, type AppContext } from '../../core/index.js';
import { createNpiRegistry, type NpiRegistry } from './npi-registry.js';

/**
 * NPI lookups. The contract has already refused an NPI whose check digit is wrong, so nothing here
 * (no query, no registry call) runs for one.
 */
export function createNpiService(ctx: AppContext) {
  const registry: NpiRegistry | null = ctx.config.npiRegistryUrl
    ? createNpiRegistry(ctx.config.npiRegistryUrl, ctx.log)
    : null;
  return {
    async lookup(npi: string): Promise<cataloguesApi.NpiLookupResponse> {
      const [rows, record] = await Promise.all([
        ctx.db
          .select()
          .from(practices)
          .where(and(eq(practices.npiIdentifier, npi), eq(practices.active, true)))
          .orderBy(asc(practices.name), asc(practices.id))
          .limit(50),
        registry ? registry.lookup(npi) : Promise.resolve(null),
      ]);
      return { npi, practices: rows.map(toPracticeSummary), registry: record };
    },
  };
}
