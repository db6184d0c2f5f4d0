import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

export function filesModule(_app: FastifyInstance, _ctx: AppContext) {}
