import type { FastifyInstance } from 'fastify';
import { patientsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { createPatientsService } from './patients.service.js';

export function registerPatientRoutes(app: FastifyInstance, ctx: AppContext, service: ReturnType<typeof createPatientsService>) {
  route(app, ctx, api.createPatient, ({ caller, body, request }) => service.create(caller, body, clientOf(request)));
  route(app, ctx, api.getPatient, ({ caller, params, query, request }) => service.get(caller, query.practiceId, params.id, clientOf(request)));
  route(app, ctx, api.updatePatient, ({ caller, params, query, body, request }) =>
    service.update(caller, query.practiceId, params.id, body, clientOf(request)));
  route(app, ctx, api.patientByPhone, ({ caller, query, request }) =>
    service.byPhone(caller, query.practiceId, query.phoneNumber, clientOf(request)));
  route(app, ctx, api.listPatients, ({ caller, query, request }) => service.list(caller, query, clientOf(request)));
}
