import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import type { SignInService } from '../auth/index.js';
import { createInviteResponses } from '../invites/index.js';
import { registerSignupRoutes } from './signup.routes.js';
import { createSignupService } from './signup.service.js';

export function signupModule(app: FastifyInstance, ctx: AppContext, signIn: SignInService) {
  registerSignupRoutes(app, ctx, createSignupService(ctx, signIn, createInviteResponses(ctx)));
}
