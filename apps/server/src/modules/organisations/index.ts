import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

export function organisationsModule(_app: FastifyInstance, _ctx: AppContext) {}
