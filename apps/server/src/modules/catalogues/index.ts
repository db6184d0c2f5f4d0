import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

export function cataloguesModule(_app: FastifyInstance, _ctx: AppContext) {}
