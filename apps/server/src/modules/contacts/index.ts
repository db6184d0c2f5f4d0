import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerContactRoutes } from './contacts.routes.js';
import { createContactsService } from './contacts.service.js';

export function contactsModule(app: FastifyInstance, ctx: AppContext) {
  registerContactRoutes(app, ctx, createContactsService(ctx));
}
