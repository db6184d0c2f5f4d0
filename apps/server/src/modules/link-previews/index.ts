import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

export function linkPreviewsModule(_app: FastifyInstance, _ctx: AppContext) {}
