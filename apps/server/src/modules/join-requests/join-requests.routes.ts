import type { FastifyInstance } from 'fastify';
import { joinRequestsApi } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { JoinRequestsService } from './join-requests.service.js';
import type { createPracticeJoinService } from './practice-join.service.js';

export function registerJoinRequestRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  requests: JoinRequestsService,
  joining: ReturnType<typeof createPracticeJoinService>,
) {
  route(app, ctx, joinRequestsApi.createJoinRequest, ({ caller, body }) =>
    requests.create(caller, body.practiceId, body.message),
  );
  route(app, ctx, joinRequestsApi.listJoinRequests, ({ caller, query }) =>
    requests.list(caller, query.practiceId, query.page, query.pageSize),
  );
  route(app, ctx, joinRequestsApi.updateJoinRequest, ({ caller, params, body }) =>
    requests.update(caller, params.id, body.state),
  );
  route(app, ctx, joinRequestsApi.joinPractices, ({ caller, body }) =>
    joining.join(caller, body.practiceIds, body.message ?? ''),
  );
  route(app, ctx, joinRequestsApi.availablePractices, ({ caller }) => joining.available(caller));
}
