import type { FastifyInstance } from 'fastify';
import { departmentsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { DepartmentsService } from './departments.service.js';

export function registerDepartmentRoutes(app: FastifyInstance, ctx: AppContext, service: DepartmentsService) {
  route(app, ctx, departmentsApi.createDepartment, ({ caller, body }) => service.create(caller, body));
  route(app, ctx, departmentsApi.getDepartment, ({ caller, params }) => service.get(caller, params.id));
  route(app, ctx, departmentsApi.updateDepartment, ({ caller, params, body }) =>
    service.update(caller, params.id, body),
  );
  route(app, ctx, departmentsApi.deleteDepartment, ({ caller, params }) => service.remove(caller, params.id));
  route(app, ctx, departmentsApi.addDepartmentUser, ({ caller, params, body }) =>
    service.addUser(caller, params.id, body.userId),
  );
  route(app, ctx, departmentsApi.removeDepartmentUser, ({ caller, params, body }) =>
    service.removeUser(caller, params.id, body.userId),
  );
  route(app, ctx, departmentsApi.practiceDepartments, ({ caller, params }) => service.ofPractice(caller, params.id));
  route(app, ctx, departmentsApi.userDepartments, ({ caller, params, query }) =>
    service.ofUser(caller, params.id, query.practiceId),
  );
}
