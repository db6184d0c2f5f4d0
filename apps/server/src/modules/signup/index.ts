import type { FastifyInstance } from 'fastify';
import { signupApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { SignInService } from '../auth/sign-in.service.js';
import { createInviteResponses } from '../invites/invite-responses.service.js';
import { createSignupService } from './signup.service.js';

export function signupModule(app: FastifyInstance, ctx: AppContext, signIn: SignInService) {
  const service = createSignupService(ctx, signIn, createInviteResponses(ctx));
  const limit = { rateLimitPerMinute: ctx.config.authRateLimitPerMinute };
  route(app, ctx, signupApi.providerSignup, ({ body, client }) => service.provider(body, client), limit);
  route(app, ctx, signupApi.patientSignup, ({ body, client }) => service.patient(body, client), limit);
}
