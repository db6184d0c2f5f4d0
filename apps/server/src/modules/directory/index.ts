import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerDirectoryRoutes } from './directory.routes.js';
import { createDirectoryService } from './directory.service.js';

export { visibleTo } from './visibility.js';

export function directoryModule(app: FastifyInstance, ctx: AppContext) {
  registerDirectoryRoutes(app, ctx, createDirectoryService(ctx));
}
