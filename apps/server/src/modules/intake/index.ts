import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { createChatCreationService } from '../chats/index.js';
import { registerIntakeRoutes } from './intake.routes.js';
import { createBotsService } from './bots.service.js';
import { createSubmissionsService } from './submissions.service.js';
import { createPatientFormService } from './patient-form.service.js';
import {
  intakeChangePushSource,
  intakePushSource,
  registerIntakeJobs,
  submissionNotificationSource,
} from './intake-notices.js';
import { unreadSubmissions } from './intake-unread.js';
import { registerUnreadCounter } from '../unread/index.js';
import { registerPushSource } from '../events/index.js';
import { registerNotificationSource } from '../notifications/index.js';

export { hasIntakeForm, newSubmissionsOf } from './intake-worklist.js';

/**
 * Intake (spec 2 §3, §7): a practice's bots (public forms at /form/{endpoint}), the submissions
 * patients send through them, and what the practice does with those (accept, reject, archive,
 * answer by chat through the chats module).
 */
export function intakeModule(app: FastifyInstance, ctx: AppContext) {
  registerIntakeRoutes(
    app,
    ctx,
    createBotsService(ctx),
    createSubmissionsService(ctx, createChatCreationService(ctx)),
    createPatientFormService(ctx),
  );
  registerIntakeJobs(ctx);
  registerUnreadCounter(ctx, unreadSubmissions);
  registerPushSource(ctx, intakePushSource);
  registerPushSource(ctx, intakeChangePushSource);
  registerNotificationSource(ctx, submissionNotificationSource);
}
