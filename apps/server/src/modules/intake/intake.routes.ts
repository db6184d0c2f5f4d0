import type { FastifyInstance } from 'fastify';
import { intakeApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { BotsService } from './bots.service.js';
import type { SubmissionsService } from './submissions.service.js';
import type { PatientFormService } from './patient-form.service.js';

export function registerIntakeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  bots: BotsService,
  submissions: SubmissionsService,
  form: PatientFormService,
) {
  route(app, ctx, api.createBot, ({ caller, body, client }) => bots.create(caller, body, client));
  route(app, ctx, api.checkBotEndpoint, ({ query }) => bots.checkEndpoint(query.endpoint, query.id));
  route(app, ctx, api.practiceBots, ({ caller, params, query }) => bots.list(caller, params.id, query));
  route(app, ctx, api.getBot, ({ caller, params }) => bots.get(caller, params.id));
  route(app, ctx, api.updateBot, ({ caller, params, body, client }) => bots.update(caller, params.id, body, client));
  route(app, ctx, api.deleteBot, ({ caller, params, query, client }) =>
    bots.remove(caller, params.id, query.practiceId, client),
  );

  route(app, ctx, api.botSubmissions, ({ caller, params, query, client }) =>
    submissions.list(caller, params.id, query, client),
  );
  route(app, ctx, api.botSubmissionCounts, ({ caller, params }) => submissions.counts(caller, params.id));
  // Opening a submission marks it read for the practice: CSRF-checked like a POST.
  route(
    app,
    ctx,
    api.getSubmission,
    ({ caller, params, query, client }) => submissions.get(caller, params.id, query.practiceId, client),
    { changesState: true },
  );
  route(app, ctx, api.archiveSubmission, ({ caller, params, query, body, client }) =>
    submissions.archive(caller, params.id, query.practiceId, body.archived, client),
  );
  route(app, ctx, api.acceptSubmission, ({ caller, params, body, client }) =>
    submissions.accept(caller, params.id, body.practiceId, client),
  );
  route(app, ctx, api.rejectSubmission, ({ caller, params, body, client }) =>
    submissions.reject(caller, params.id, body.practiceId, client),
  );
  route(app, ctx, api.createSubmissionChat, ({ caller, params, body, client }) =>
    submissions.createChat(caller, params.id, body.practiceId, client),
  );

  route(app, ctx, api.patientForm, ({ params }) => form.form(params.identifier));
  // Public and storing: limited per client address like sign-up, so a script cannot fill a practice's inbox.
  route(app, ctx, api.submitPatientForm, ({ params, body, client }) => form.submit(params.identifier, body, client), {
    rateLimitPerMinute: ctx.config.authRateLimitPerMinute,
  });
}
