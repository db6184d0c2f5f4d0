import type { FastifyInstance } from 'fastify';
import { appointmentsApi, referralsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { ReferralsService } from './referrals.service.js';
import type { ReferralResponses } from './referral-responses.service.js';
import type { MatchCheck } from './routing/index.js';

export function registerReferralRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  referrals: ReferralsService,
  responses: ReferralResponses,
  matchCheck: MatchCheck,
) {
  route(app, ctx, referralsApi.createReferral, ({ caller, body, client }) => referrals.create(caller, body, client));
  route(app, ctx, referralsApi.searchReferrals, ({ caller, query, client }) => referrals.search(caller, query, client));
  route(app, ctx, referralsApi.listReferrals, ({ caller, params, query, client }) =>
    referrals.list(caller, params.type, query, client),
  );
  route(app, ctx, referralsApi.getReferral, ({ caller, params, query, client }) =>
    referrals.get(caller, params.id, query.practiceId, client),
  );
  route(app, ctx, appointmentsApi.referralAppointment, ({ caller, params, query, client }) =>
    referrals.appointment(caller, params.id, query.practiceId, client),
  );
  route(app, ctx, referralsApi.referralPreferences, ({ caller, params, query, client }) =>
    referrals.preferences(caller, params.id, query.practiceId, client),
  );
  route(app, ctx, referralsApi.viewReferral, ({ caller, params, body, client }) =>
    referrals.markViewed(caller, params.id, body.practiceId, true, client),
  );
  route(app, ctx, referralsApi.removeReferralView, ({ caller, params, body, client }) =>
    referrals.markViewed(caller, params.id, body.practiceId, false, client),
  );
  route(app, ctx, referralsApi.setReferralTags, ({ caller, params, body, client }) =>
    referrals.setTags(caller, params.id, body.practiceId, body.tags, client),
  );
  route(app, ctx, referralsApi.archiveReferral, ({ caller, params, body, client }) =>
    referrals.archive(caller, params.id, body.practiceId, body.archived, client),
  );
  route(app, ctx, referralsApi.patientReferrals, ({ caller, params, query, client }) =>
    referrals.ofPatient(caller, params.id, query, client),
  );
  route(app, ctx, referralsApi.acceptReferral, ({ caller, params, body, client }) =>
    responses.accept(caller, params.id, body, client),
  );
  route(app, ctx, referralsApi.rejectReferral, ({ caller, params, body, client }) =>
    responses.reject(caller, params.id, body, client),
  );
  route(app, ctx, referralsApi.rescheduleReferral, ({ caller, params, body, client }) =>
    responses.reschedule(caller, params.id, body, client),
  );
  route(app, ctx, referralsApi.cancelReferral, ({ caller, params, body, client }) =>
    responses.cancel(caller, params.id, body, client),
  );
  route(app, ctx, referralsApi.matchCheck, ({ caller, query }) => matchCheck(caller, query));
}
