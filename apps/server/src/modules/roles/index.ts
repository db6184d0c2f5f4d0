import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerRoleRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';

export {
  forgetPracticeMember,
  LAST_ADMIN_MESSAGE,
  listRoleHolders,
  organisationSource,
  roleHolder,
  sortRoles,
} from './role-holders.js';

export function rolesModule(app: FastifyInstance, ctx: AppContext) {
  registerRoleRoutes(app, ctx, createRolesService(ctx));
}
