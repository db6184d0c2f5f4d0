import type { FastifyInstance } from 'fastify';
import { filesApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { FilesService } from './files.service.js';

export function registerFileRoutes(app: FastifyInstance, ctx: AppContext, service: FilesService) {
  route(app, ctx, api.createFile, ({ caller, body, client }) => service.create(caller, body, client));
  route(app, ctx, api.listFiles, ({ caller, query, client }) => service.list(caller, query.ids, client));
  route(app, ctx, api.fileStatus, ({ caller, params }) => service.status(caller, params.id));
  route(app, ctx, api.deleteFile, async ({ caller, params, client }) => {
    await service.remove(caller, params.id, client);
    return { ok: true as const };
  });
}
