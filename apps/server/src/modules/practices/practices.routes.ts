import type { FastifyInstance } from 'fastify';
import { practicesApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
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
  // Creating practices is limited like signing up: each is a new tenant, and scripts could fill the directory.
  route(app, ctx, api.createPractice, ({ caller, body, client }) => profile.create(caller, body, client), {
    rateLimitPerMinute: ctx.config.authRateLimitPerMinute,
  });
  route(app, ctx, api.searchPractices, ({ query }) => profile.search(query.query, query.page));
  route(app, ctx, api.getPractice, ({ caller, params }) => profile.get(caller, params.id));
  route(app, ctx, api.practiceSummary, ({ caller, params }) => profile.summary(caller, params.id));
  route(app, ctx, api.updatePractice, ({ caller, params, body, client }) =>
    profile.update(caller, params.id, body, client),
  );
  route(app, ctx, api.branding, ({ params }) => profile.branding(params.id));
  route(app, ctx, api.gates, ({ caller, params }) => profile.gates(caller, params.id));
  route(app, ctx, api.recentPractices, ({ caller, params }) => profile.recent(caller, params.id));
  route(app, ctx, api.billingEmail, ({ caller, params, body, client }) =>
    profile.setBillingEmail(caller, params.id, body.billingEmail, client),
  );
  route(app, ctx, api.logoUpload, ({ caller, params, body }) => profile.logoUpload(caller, params.id, body));
  route(app, ctx, api.practiceProfilePhoto, ({ caller, body }) => profile.practicePhotoUpload(caller, body));
  route(app, ctx, api.removeLogo, ({ caller, params, client }) =>
    profile.removeBrandingImage(caller, params.id, 'LOGO', client),
  );
  route(app, ctx, api.removePracticeProfilePhoto, ({ caller, params, client }) =>
    profile.removeBrandingImage(caller, params.id, 'PRACTICE_PHOTO', client),
  );
  route(app, ctx, api.userProfilePhoto, ({ caller, params, body }) => profile.userPhotoUpload(caller, params.id, body));

  route(app, ctx, api.listTags, ({ caller, params, query }) => tags.list(caller, params.id, query.context));
  route(app, ctx, api.createTag, ({ caller, params, body, client }) => tags.create(caller, params.id, body, client));
  route(app, ctx, api.updateTag, ({ caller, params, body, client }) =>
    tags.update(caller, params.id, params.tagId, body, client),
  );
  route(app, ctx, api.deleteTag, async ({ caller, params, client }) => {
    await tags.remove(caller, params.id, params.tagId, client);
    return ok;
  });

  route(app, ctx, api.providers, ({ caller, params, query }) => team.providers(caller, params.id, query));
  route(app, ctx, api.users, ({ caller, params, query }) => team.users(caller, params.id, query));
  route(app, ctx, api.addAdmin, ({ caller, params, body, client }) =>
    team.addAdmin(caller, params.id, body.userId, client),
  );
  route(app, ctx, api.removeAdmin, ({ caller, params, body, client }) =>
    team.removeAdmin(caller, params.id, body.userId, client),
  );
  route(app, ctx, api.removeUser, async ({ caller, params, body, client }) => {
    await team.removeUser(caller, params.id, body.userId, client);
    return ok;
  });
  // The spec makes leaving a GET; a link on another site must not be able to make someone leave.
  route(
    app,
    ctx,
    api.leave,
    async ({ caller, params, client }) => {
      await team.leave(caller, params.id, client);
      return ok;
    },
    { changesState: true },
  );
}
