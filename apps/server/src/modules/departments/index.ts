import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerDepartmentRoutes } from './departments.routes.js';
import { createDepartmentsService } from './departments.service.js';

export { isDepartmentOf, leavePracticeDepartments } from './departments.service.js';

export function departmentsModule(app: FastifyInstance, ctx: AppContext) {
  registerDepartmentRoutes(app, ctx, createDepartmentsService(ctx));
}
