import type { FastifyInstance } from 'fastify';
import { filesApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { FilesService } from './files.service.js';

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext, service: FilesService) {
  route(app, ctx, api.createFile, ({ caller, body, request }) => service.create(caller, body, clientOf(request)));
  route(app, ctx, api.listFiles, ({ caller, query, request }) => service.list(caller, query.ids, clientOf(request)));
  route(app, ctx, api.fileStatus, ({ caller, params }) => service.status(caller, params.id));
  route(app, ctx, api.deleteFile, async ({ caller, params, request }) => {
    await service.remove(caller, params.id, clientOf(request));
    return { ok: true as const };
  });
}
