import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerPracticeRoutes } from './practices.routes.js';
import { registerCustomPropertyRoutes } from './custom-properties.routes.js';
import { applyWhenClean } from '../files/index.js';
import { createPlaces } from '../places/index.js';
import { applyBrandingImage, createPracticeProfileService } from './practice-profile.service.js';
import { createPracticeTeamService } from './practice-team.service.js';
import { createPracticeTagsService } from './practice-tags.service.js';
import { createCustomPropertiesService } from './custom-properties.service.js';

export {
  containsPattern,
  loadPractice,
  membershipsOf,
  practiceTagIdsOf,
  practiceTagsIn,
  tagsOfPractice,
  toPracticeTag,
  touchRecentPractice,
} from './practices.service.js';
export { personMatches } from './practice-team.service.js';
export { auditPractice } from './practice-audit.js';
export { isOpenAt, minutesOf } from './opening-hours.js';

export function practicesModule(app: FastifyInstance, ctx: AppContext) {
  registerPracticeRoutes(
    app,
    ctx,
    createPracticeProfileService(ctx, createPlaces(ctx)),
    createPracticeTeamService(ctx),
    createPracticeTagsService(ctx),
  );
  registerCustomPropertyRoutes(app, ctx, createCustomPropertiesService(ctx));
  applyWhenClean(ctx, applyBrandingImage);
}
