import type { FastifyInstance } from 'fastify';
import { signupApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { SignupService } from './signup.service.js';

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext, service: SignupService) {
  const limit = { rateLimitPerMinute: ctx.config.authRateLimitPerMinute };
  route(app, ctx, signupApi.providerSignup, ({ body, client }) => service.provider(body, client), limit);
  route(app, ctx, signupApi.patientSignup, ({ body, client }) => service.patient(body, client), limit);
}
