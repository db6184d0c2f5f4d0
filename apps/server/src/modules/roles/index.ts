import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerRoleRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';

export function rolesModule(app: FastifyInstance, ctx: AppContext) {
  registerRoleRoutes(app, ctx, createRolesService(ctx));
}
