import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import type { SignInService } from '../auth/index.js';
import { registerUserRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';
import { applyWhenClean } from '../files/index.js';
import { applyUserPhoto } from './user-photo.js';
import { registerUserBusinessRoutes } from './user-business.js';
import { registerStaffAccountRoutes } from './staff-accounts.js';

export function usersModule(app: FastifyInstance, ctx: AppContext, signIn: SignInService) {
  registerUserRoutes(app, ctx, createUsersService(ctx, signIn));
  applyWhenClean(ctx, applyUserPhoto);
  registerUserBusinessRoutes(app, ctx);
  registerStaffAccountRoutes(app, ctx);
}
