import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerOrganisationRoutes } from './organisations.routes.js';
import { createOrganisationsService } from './organisations.service.js';
import { createOrganisationPracticesService } from './organisation-practices.service.js';

export function organisationsModule(app: FastifyInstance, ctx: AppContext) {
  registerOrganisationRoutes(app, ctx, createOrganisationsService(ctx), createOrganisationPracticesService(ctx));
}
