import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_COOKIE,
  SESSION_HINT_COOKIE,
  authApi,
  usersApi,
  normalizePhone,
  phoneRegion,
} from '@referwell/contracts';
import type { AppContext, SessionCaller as Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { route } from '../../platform/http.js';
import { assertSelf } from '../../platform/access/index.js';
import { defaultSteps } from './flow-plans.js';
import { DEVICE_COOKIE, setDeviceCookie } from './device-cookie.js';
import type { SignInClient } from './password-attempts.js';
import type { SignInService, StepResult } from './sign-in.service.js';
import type { createSessionsService } from './sessions.service.js';

/** The client of a sign-in or password call, with its device cookie (device-cookie.ts). */
const signInClientOf = (client: ClientInfo, request: FastifyRequest): SignInClient => ({
  ...client,
  device: request.cookies[DEVICE_COOKIE],
});

/** The session a CSRF token is bound to: a cookie session's, or none (bearer callers need no token). */
const csrfSessionOf = (caller: Caller | null) => (caller?.via === 'cookie' ? caller.session.uuid : null);

export function registerAuthRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  signIn: SignInService,
  account: ReturnType<typeof createSessionsService>,
) {
  const limit = { rateLimitPerMinute: ctx.config.authRateLimitPerMinute };
  const secure = ctx.config.publicUrl.startsWith('https://');

  /** Hands a finished sign-in to the client: a cookie for web apps, tokens for the others. */
  function deliverSession(reply: FastifyReply, result: StepResult) {
    const started = result.session;
    if (!started) return { status: result.status, nextStep: result.nextStep };
    if (result.deviceCookie) setDeviceCookie(reply, result.deviceCookie, secure);
    if (started.kind === 'web') {
      reply.setCookie(SESSION_COOKIE, started.cookieToken, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      // Readable by the app, so that a browser that never signed in is not asked who it is (a 401
      // Chromium would log as an error on every visit to the sign-in page).
      reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure });
      // A token bound to the new session: one from before sign-in (or planted) is worthless next to it.
      ctx.csrf.issue(reply, started.session.uuid);
      return { status: result.status };
    }
    return { status: result.status, accessToken: started.accessToken, refreshToken: started.refreshToken };
  }

  route(app, ctx, authApi.csrf, async ({ reply, caller }) => ({ token: ctx.csrf.issue(reply, csrfSessionOf(caller)) }));
  route(app, ctx, authApi.csrfToken, async ({ reply, caller }) => ({
    _csrf: ctx.csrf.issue(reply, csrfSessionOf(caller)),
  }));

  route(app, ctx, authApi.authConfig, async ({ body }) => ({
    steps: defaultSteps(body.app, Boolean(body.isPasswordReset)),
  }));

  route(app, ctx, authApi.authStart, async ({ body, caller }) => signIn.start(body, caller), limit);

  route(
    app,
    ctx,
    authApi.authStep,
    async ({ params, body, request, reply, client }) =>
      deliverSession(reply, await signIn.answer(params.uuid, body, signInClientOf(client, request))),
    limit,
  );

  route(app, ctx, authApi.authFlowStatus, async ({ params }) => signIn.status(params.uuid));

  route(
    app,
    ctx,
    authApi.authResend,
    async ({ params }) => {
      await signIn.resend(params.uuid);
      return { ok: true as const };
    },
    limit,
  );

  route(app, ctx, authApi.authRefresh, async ({ body, client }) => account.refresh(body.token, client), limit);

  route(app, ctx, authApi.listSessions, async ({ caller }) => account.list(caller));

  route(app, ctx, authApi.endSession, async ({ caller, body, client }) => {
    await account.end(caller, body.uuid, client);
    return { ok: true as const };
  });

  route(app, ctx, usersApi.endUserSession, async ({ caller, params, body, client }) => {
    assertSelf(caller, params.id);
    await account.end(caller, body.session, client);
    return { ok: true as const };
  });

  async function signOut(caller: Caller | null, client: ClientInfo, reply: FastifyReply) {
    await account.logout(caller, client);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
    ctx.csrf.issue(reply, null);
    return { ok: true as const };
  }
  route(app, ctx, authApi.logout, ({ caller, client, reply }) => signOut(caller, client, reply));
  // The spec makes it a GET: a link or an image on another site must not sign anyone out.
  route(app, ctx, authApi.logoutLegacy, ({ caller, client, reply }) => signOut(caller, client, reply), {
    changesState: true,
  });

  route(
    app,
    ctx,
    authApi.passwordReset,
    async ({ body }) => ({ uuid: (await account.passwordReset(body.email)).uuid }),
    limit,
  );

  route(
    app,
    ctx,
    authApi.resetPassword,
    async ({ body, request, client }) => {
      await account.resetPassword(body.uuid, body.code, body.password, signInClientOf(client, request));
      return { ok: true as const };
    },
    limit,
  );

  route(
    app,
    ctx,
    authApi.updatePassword,
    async ({ caller, body, request, client }) => {
      await account.updatePassword(caller, body.currentPassword, body.newPassword, signInClientOf(client, request));
      return { ok: true as const };
    },
    limit,
  );

  route(app, ctx, authApi.region, async ({ query }) => {
    if (query.phone) {
      const region = phoneRegion(query.phone);
      return { valid: region !== null, region };
    }
    const valid = Boolean(query.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(query.email));
    // E-mail addresses carry no region; accounts are served from the deployment's region.
    return { valid, region: valid ? 'US' : null };
  });

  route(app, ctx, authApi.appKey, async () => ({ key: ctx.secrets.appPublicKey }));

  route(app, ctx, authApi.phoneCheck, async ({ body }) => ({ valid: normalizePhone(body.phone) !== null }));
}
