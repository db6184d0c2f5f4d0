import type { FastifyInstance } from 'fastify';
import { rolesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { RolesService } from './roles.service.js';

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext, service: RolesService) {
  route(app, ctx, rolesApi.listPracticeRoles, ({ caller, params, query }) =>
    service.listPractice(caller, params.practiceId, query),
  );
  route(app, ctx, rolesApi.grantPracticeRole, ({ caller, params, body }) =>
    service.grantPractice(caller, params.practiceId, body.userId, body.role),
  );
  route(app, ctx, rolesApi.removePracticeRole, ({ caller, params, body }) =>
    service.removePractice(caller, params.practiceId, params.role, body.userId),
  );
  route(app, ctx, rolesApi.listOrganisationRoles, ({ caller, params, query }) =>
    service.listOrganisation(caller, params.organisationId, query),
  );
  route(app, ctx, rolesApi.grantOrganisationRole, ({ caller, params, body }) =>
    service.grantOrganisation(caller, params.organisationId, body.userId, body.role),
  );
  route(app, ctx, rolesApi.removeOrganisationRole, ({ caller, params, body }) =>
    service.removeOrganisation(caller, params.organisationId, params.role, body.userId),
  );
}
