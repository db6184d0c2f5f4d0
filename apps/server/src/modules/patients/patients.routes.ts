import type { FastifyInstance } from 'fastify';
import { patientsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { createPatientsService } from './patients.service.js';

export function registerPatientRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: ReturnType<typeof createPatientsService>,
) {
  route(app, ctx, api.createPatient, ({ caller, body, client }) => service.create(caller, body, client));
  route(app, ctx, api.getPatient, ({ caller, params, query, client }) =>
    service.get(caller, query.practiceId, params.id, client),
  );
  route(app, ctx, api.updatePatient, ({ caller, params, query, body, client }) =>
    service.update(caller, query.practiceId, params.id, body, client),
  );
  route(app, ctx, api.patientByPhone, ({ caller, query, client }) =>
    service.byPhone(caller, query.practiceId, query.phoneNumber, client),
  );
  route(app, ctx, api.listPatients, ({ caller, query, client }) => service.list(caller, query, client));
}
