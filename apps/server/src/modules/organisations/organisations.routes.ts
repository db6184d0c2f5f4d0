import type { FastifyInstance } from 'fastify';
import { organisationsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { OrganisationsService } from './organisations.service.js';
import type { OrganisationPracticesService } from './organisation-practices.service.js';

export function registerOrganisationRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  service: OrganisationsService,
  practices: OrganisationPracticesService,
) {
  const api = organisationsApi;
  route(app, ctx, api.createOrganisation, ({ caller, body }) => service.create(caller, body));
  route(app, ctx, api.getOrganisation, ({ caller, params }) => service.get(caller, params.id));
  route(app, ctx, api.updateOrganisation, ({ caller, params, body }) => service.update(caller, params.id, body));
  route(app, ctx, api.organisationMembers, ({ caller, params, query }) => service.members(caller, params.id, query));
  route(app, ctx, api.setOrganisationBillingEmail, ({ caller, params, body }) =>
    service.setBillingEmail(caller, params.id, body.billingEmail),
  );
  route(app, ctx, api.userOrganisations, ({ caller, params }) => service.ofUser(caller, params.id));
  route(app, ctx, api.assignUser, ({ caller, params, body }) =>
    service.assignUser(caller, params.id, body.userId, body.orgId),
  );

  route(app, ctx, api.organisationPractices, ({ caller, params, query }) => practices.list(caller, params.id, query));
  route(app, ctx, api.attachPractice, ({ caller, params, body }) =>
    practices.attach(caller, params.id, body.practiceId),
  );
  route(app, ctx, api.detachPractice, ({ caller, params }) => practices.detach(caller, params.id, params.practiceId));
  route(app, ctx, api.addBillingPractice, ({ caller, params, body }) =>
    practices.setBillingBasis(caller, params.id, body.practiceId, 'ORGANISATION'),
  );
  route(app, ctx, api.removeBillingPractice, ({ caller, params, body }) =>
    practices.setBillingBasis(caller, params.id, body.practiceId, 'PRACTICE'),
  );
}
