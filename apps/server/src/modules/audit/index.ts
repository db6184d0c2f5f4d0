import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerAuditTrailRoutes } from './audit-trail.routes.js';
import { createAuditTrailService } from './audit-trail.service.js';

/** The practice's audit trail for its admins: paged and filtered, or exported as CSV. */
export function auditModule(app: FastifyInstance, ctx: AppContext) {
  registerAuditTrailRoutes(app, ctx, createAuditTrailService(ctx));
}
