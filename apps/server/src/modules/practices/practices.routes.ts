import type { FastifyInstance } from 'fastify';
import { practicesApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { createPracticeProfileService } from './practice-profile.service.js';
import type { createPracticeTeamService } from './practice-team.service.js';
import type { createPracticeTagsService } from './practice-tags.service.js';

const ok = { ok: true as const };

export function registerPracticeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  profile: ReturnType<typeof createPracticeProfileService>,
  team: ReturnType<typeof createPracticeTeamService>,
  tags: ReturnType<typeof createPracticeTagsService>,
) {
  route(app, ctx, api.createPractice, ({ caller, body, request }) => profile.create(caller, body, clientOf(request)));
  route(app, ctx, api.searchPractices, ({ query }) => profile.search(query.query, query.page));
  route(app, ctx, api.getPractice, ({ caller, params }) => profile.get(caller, params.id));
  route(app, ctx, api.practiceSummary, ({ caller, params }) => profile.summary(caller, params.id));
  route(app, ctx, api.updatePractice, ({ caller, params, body, request }) => profile.update(caller, params.id, body, clientOf(request)));
  route(app, ctx, api.branding, ({ params }) => profile.branding(params.id));
  route(app, ctx, api.gates, ({ caller, params }) => profile.gates(caller, params.id));
  route(app, ctx, api.recentPractices, ({ caller, params }) => profile.recent(caller, params.id));
  route(app, ctx, api.billingEmail, ({ caller, params, body, request }) =>
    profile.setBillingEmail(caller, params.id, body.billingEmail, clientOf(request)));
  route(app, ctx, api.logoUpload, ({ caller, params, body }) => profile.logoUpload(caller, params.id, body));
  route(app, ctx, api.practiceProfilePhoto, ({ caller, body }) => profile.practicePhotoUpload(caller, body));
  route(app, ctx, api.removeLogo, ({ caller, params, request }) => profile.removeBrandingImage(caller, params.id, 'LOGO', clientOf(request)));
  route(app, ctx, api.removePracticeProfilePhoto, ({ caller, params, request }) =>
    profile.removeBrandingImage(caller, params.id, 'PRACTICE_PHOTO', clientOf(request)));
  route(app, ctx, api.userProfilePhoto, ({ caller, params, body }) => profile.userPhotoUpload(caller, params.id, body));

  route(app, ctx, api.listTags, ({ caller, params, query }) => tags.list(caller, params.id, query.context));
  route(app, ctx, api.createTag, ({ caller, params, body, request }) => tags.create(caller, params.id, body, clientOf(request)));
  route(app, ctx, api.updateTag, ({ caller, params, body, request }) =>
    tags.update(caller, params.id, params.tagId, body, clientOf(request)));
  route(app, ctx, api.deleteTag, async ({ caller, params, request }) => {
    await tags.remove(caller, params.id, params.tagId, clientOf(request));
    return ok;
  });

  route(app, ctx, api.providers, ({ caller, params, query }) => team.providers(caller, params.id, query));
  route(app, ctx, api.users, ({ caller, params, query }) => team.users(caller, params.id, query));
  route(app, ctx, api.addAdmin, ({ caller, params, body, request }) => team.addAdmin(caller, params.id, body.userId, clientOf(request)));
  route(app, ctx, api.removeAdmin, ({ caller, params, body, request }) =>
    team.removeAdmin(caller, params.id, body.userId, clientOf(request)));
  route(app, ctx, api.removeUser, async ({ caller, params, body, request }) => {
    await team.removeUser(caller, params.id, body.userId, clientOf(request));
    return ok;
  });
  // The spec makes leaving a GET; a link on another site must not be able to make someone leave.
  route(app, ctx, api.leave, async ({ caller, params, request }) => {
    await team.leave(caller, params.id, clientOf(request));
    return ok;
  }, { changesState: true });
}
