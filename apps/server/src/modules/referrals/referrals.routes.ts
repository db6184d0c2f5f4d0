import type { FastifyInstance } from 'fastify';
import { referralsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import { clientOf } from '../auth/auth.routes.js';
import type { ReferralsService } from './referrals.service.js';
import type { ReferralResponses } from './referral-responses.service.js';

export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext, referrals: ReferralsService, responses: ReferralResponses) {
  route(app, ctx, referralsApi.createReferral, ({ caller, body, request }) => referrals.create(caller, body, clientOf(request)));
  route(app, ctx, referralsApi.searchReferrals, ({ caller, query, request }) => referrals.search(caller, query, clientOf(request)));
  route(app, ctx, referralsApi.listReferrals, ({ caller, params, query, request }) => referrals.list(caller, params.type, query, clientOf(request)));
  route(app, ctx, referralsApi.getReferral, ({ caller, params, query, request }) => referrals.get(caller, params.id, query.practiceId, clientOf(request)));
  route(app, ctx, referralsApi.referralPreferences, ({ caller, params, query, request }) =>
    referrals.preferences(caller, params.id, query.practiceId, clientOf(request)));
  route(app, ctx, referralsApi.viewReferral, ({ caller, params, body, request }) =>
    referrals.markViewed(caller, params.id, body.practiceId, true, clientOf(request)));
  route(app, ctx, referralsApi.removeReferralView, ({ caller, params, body, request }) =>
    referrals.markViewed(caller, params.id, body.practiceId, false, clientOf(request)));
  route(app, ctx, referralsApi.setReferralTags, ({ caller, params, body, request }) =>
    referrals.setTags(caller, params.id, body.practiceId, body.tags, clientOf(request)));
  route(app, ctx, referralsApi.archiveReferral, ({ caller, params, body, request }) =>
    referrals.archive(caller, params.id, body.practiceId, body.archived, clientOf(request)));
  route(app, ctx, referralsApi.patientReferrals, ({ caller, params, query, request }) => referrals.ofPatient(caller, params.id, query, clientOf(request)));
  route(app, ctx, referralsApi.acceptReferral, ({ caller, params, body, request }) => responses.accept(caller, params.id, body, clientOf(request)));
  route(app, ctx, referralsApi.rejectReferral, ({ caller, params, body, request }) => responses.reject(caller, params.id, body, clientOf(request)));
  route(app, ctx, referralsApi.rescheduleReferral, ({ caller, params, body, request }) =>
    responses.reschedule(caller, params.id, body, clientOf(request)));
  route(app, ctx, referralsApi.cancelReferral, ({ caller, params, body, request }) => responses.cancel(caller, params.id, body, clientOf(request)));
}
