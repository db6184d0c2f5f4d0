import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { loadCatalogues } from './catalogue-loader.js';
import { registerCatalogueRoutes } from './catalogues.routes.js';
import { createInsuranceService } from './insurance.service.js';
import { createNpiService } from './npi.service.js';
import { createSpecialitiesService } from './specialities.service.js';

export {
  acceptsInsurance,
  insuranceById,
  insuranceExistsSql,
  insuranceNameOf,
  matchableAt,
  providersOfSpeciality,
  specialitiesByIds,
  specialityExists,
  specialityExistsSql,
  specialityIdsLike,
  specialityNameOf,
  specialityNamesOfUsers,
} from './catalogue-reads.js';

/**
 * Specialities (NUCC taxonomy), insurance payers and NPI lookups. Both catalogues are loaded from
 * their data files once the app is ready; an unchanged catalogue costs one query.
 */
export function cataloguesModule(app: FastifyInstance, ctx: AppContext) {
  registerCatalogueRoutes(app, ctx, {
    specialities: createSpecialitiesService(ctx),
    insurance: createInsuranceService(ctx),
    npi: createNpiService(ctx),
  });
  app.addHook('onReady', async () => {
    const started = performance.now();
    const loaded = await loadCatalogues(ctx.db, {
      taxonomy: ctx.config.nuccTaxonomyCsv,
      payers: ctx.config.insurancePayersCsv,
    });
    ctx.log.info({ ...loaded, ms: Math.round(performance.now() - started) }, 'catalogues loaded');
  });
}
