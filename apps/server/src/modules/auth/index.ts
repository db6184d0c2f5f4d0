import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { registerAuthRoutes } from './auth.routes.js';
import { createSessionsService } from './sessions.service.js';
import { createSignInService, type SignInService } from './sign-in.service.js';

/** Sign-in flows, sessions and passwords. Returns the sign-in service other modules start flows with. */
export function authModule(app: FastifyInstance, ctx: AppContext): SignInService {
  const signIn = createSignInService(ctx);
  registerAuthRoutes(app, ctx, signIn, createSessionsService(ctx, signIn));
  return signIn;
}
