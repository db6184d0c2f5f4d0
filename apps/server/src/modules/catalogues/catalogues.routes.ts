import type { FastifyInstance } from 'fastify';
import { cataloguesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createSpecialitiesService } from './specialities.service.js';
import type { createInsuranceService } from './insurance.service.js';
import type { createNpiService } from './npi.service.js';

interface Services {
  specialities: ReturnType<typeof createSpecialitiesService>;
  insurance: ReturnType<typeof createInsuranceService>;
  npi: ReturnType<typeof createNpiService>;
}

export function registerCatalogueRoutes(app: FastifyInstance, ctx: AppContext, s: Services) {
  route(app, ctx, cataloguesApi.listSpecialities, ({ query }) =>
    s.specialities.list(query.query, query.page, query.pageSize),
  );
  route(app, ctx, cataloguesApi.getSpeciality, ({ params }) => s.specialities.get(params.id));
  route(app, ctx, cataloguesApi.userSpecialities, ({ caller, params }) => s.specialities.ofUser(caller, params.id));
  route(app, ctx, cataloguesApi.setUserSpecialities, ({ caller, params, body }) =>
    s.specialities.setForUser(caller, params.id, body.specialityIds),
  );

  route(app, ctx, cataloguesApi.listInsurances, ({ query }) =>
    s.insurance.list(query.query, query.page, query.pageSize),
  );
  route(app, ctx, cataloguesApi.getInsurance, ({ params }) => s.insurance.get(params.id));
  route(app, ctx, cataloguesApi.insuranceMatrix, ({ caller, params }) => s.insurance.matrix(caller, params.id));
  route(app, ctx, cataloguesApi.addUserInsurance, ({ caller, params, body }) =>
    s.insurance.add(caller, params.id, body.practiceId, body.insuranceId),
  );
  route(app, ctx, cataloguesApi.removeUserInsurance, ({ caller, params, body }) =>
    s.insurance.remove(caller, params.id, body.practiceId, body.insuranceId),
  );

  route(app, ctx, cataloguesApi.npiLookup, ({ query }) => s.npi.lookup(query.npiIdentifier), {
    rateLimitPerMinute: ctx.config.lookupRateLimitPerMinute,
  });
}
