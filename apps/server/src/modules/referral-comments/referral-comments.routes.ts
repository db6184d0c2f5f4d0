import type { FastifyInstance } from 'fastify';
import { referralCommentsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { ReferralCommentsService } from './referral-comments.service.js';
import type { NotesService } from './notes.service.js';

export function registerReferralCommentRoutes(app: FastifyInstance, ctx: AppContext, comments: ReferralCommentsService, notes: NotesService) {
  route(app, ctx, api.createReferralComment, ({ caller, params, body, request }) => comments.create(caller, params.id, body, clientOf(request)));
  route(app, ctx, api.listReferralComments, ({ caller, params, query, request }) =>
    comments.list(caller, params.id, query.practiceId, clientOf(request)));
  route(app, ctx, api.referralMentions, ({ caller, params, query, request }) => comments.mentions(caller, params.id, query, clientOf(request)));

  route(app, ctx, api.createNote, ({ caller, body, request }) => notes.create(caller, body, clientOf(request)));
  route(app, ctx, api.listNotes, ({ caller, query, request }) => notes.list(caller, query, clientOf(request)));
  route(app, ctx, api.noteMentions, ({ caller, query }) => notes.mentions(caller, query));
  route(app, ctx, api.updateNote, ({ caller, params, body, request }) => notes.update(caller, params.id, body, clientOf(request)));
  route(app, ctx, api.deleteNote, async ({ caller, params, request }) => {
    await notes.remove(caller, params.id, clientOf(request));
    return { ok: true as const };
  });
}
