import type { FastifyInstance } from 'fastify';
import { referralCommentsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { ReferralCommentsService } from './referral-comments.service.js';
import type { NotesService } from './notes.service.js';

export function registerReferralCommentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  comments: ReferralCommentsService,
  notes: NotesService,
) {
  route(app, ctx, api.createReferralComment, ({ caller, params, body, client }) =>
    comments.create(caller, params.id, body, client),
  );
  route(app, ctx, api.listReferralComments, ({ caller, params, query, client }) =>
    comments.list(caller, params.id, query.practiceId, client),
  );
  route(app, ctx, api.referralMentions, ({ caller, params, query, client }) =>
    comments.mentions(caller, params.id, query, client),
  );

  route(app, ctx, api.createNote, ({ caller, body, client }) => notes.create(caller, body, client));
  route(app, ctx, api.listNotes, ({ caller, query, client }) => notes.list(caller, query, client));
  route(app, ctx, api.noteMentions, ({ caller, query }) => notes.mentions(caller, query));
  route(app, ctx, api.updateNote, ({ caller, params, body, client }) => notes.update(caller, params.id, body, client));
  route(app, ctx, api.deleteNote, async ({ caller, params, client }) => {
    await notes.remove(caller, params.id, client);
    return { ok: true as const };
  });
}
