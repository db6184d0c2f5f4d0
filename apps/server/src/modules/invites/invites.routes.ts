import type { FastifyInstance } from 'fastify';
import { invitesApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { InvitesService } from './invites.service.js';
import type { InviteResponses } from './invite-responses.service.js';

const ok = { ok: true as const };

export function registerInviteRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  sending: InvitesService,
  responses: InviteResponses,
) {
  route(app, ctx, invitesApi.sendInvite, ({ caller, query, body }) => sending.send(caller, query.practiceId, body));
  route(app, ctx, invitesApi.invitePracticeUser, ({ caller, params, body }) =>
    sending.toPractice(caller, params.id, body),
  );
  route(app, ctx, invitesApi.inviteOrganisationUser, ({ caller, params, body }) =>
    sending.toOrganisation(caller, params.id, body),
  );
  route(app, ctx, invitesApi.inviteFromSearch, ({ caller, body }) => sending.fromSearch(caller, body));
  route(app, ctx, invitesApi.resendUserInvite, ({ caller, params, body }) =>
    sending.resendToUser(caller, params.id, body.practiceId, body.newEmail),
  );
  route(app, ctx, invitesApi.pendingInvites, ({ caller, query }) =>
    sending.pending(caller, query.practiceId, query.page, query.pageSize),
  );
  // A GET that sends the invite again with a new code: CSRF-checked like a POST.
  route(app, ctx, invitesApi.resendInvite, ({ caller, params }) => sending.resend(caller, params.id), {
    changesState: true,
  });
  route(app, ctx, invitesApi.revokeInvite, async ({ caller, params }) => {
    await sending.revoke(caller, params.id);
    return ok;
  });

  // The code is a 256-bit secret, so guessing is hopeless; the limit only keeps scanners cheap.
  route(
    app,
    ctx,
    invitesApi.getInviteByCode,
    ({ caller, params }) => responses.byCode(params.code, caller?.user ?? null),
    { rateLimitPerMinute: ctx.config.authRateLimitPerMinute },
  );
  route(app, ctx, invitesApi.myInvites, ({ caller }) => responses.mine(caller));
  route(app, ctx, invitesApi.acceptInvite, ({ caller, params, body }) => responses.accept(caller, params.id, body));
  route(app, ctx, invitesApi.declineInvite, async ({ caller, params, body }) => {
    await responses.decline(caller, params.id, body.code);
    return ok;
  });
  route(app, ctx, invitesApi.ignoreInvites, ({ caller, query, body }) =>
    responses.ignore(caller, body.inviteIds, query.practiceId),
  );
}
