import type { FastifyInstance } from 'fastify';
import { filesApi } from '@referwell/contracts';
import type { AppContext } from '../../../core/index.js';
import { route } from '../../../platform/http.js';
import { AppError } from '../../../platform/errors.js';
import { safeEqual, sha256 } from '../../../platform/auth/crypto.js';
import type { ScanService } from './scanning.service.js';

export const SCAN_SECRET_HEADER = 'x-scan-secret';

/**
 * POST /api/v1/files/scan-callback. The secret is checked before the body is read: without a
 * configured secret the route answers like one that does not exist.
 */
export function registerScanCallbackRoute(app: FastifyInstance, ctx: AppContext, service: ScanService) {
  const endpoint = filesApi.scanCallback;
  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const secret = ctx.config.scanCallbackSecret;
      if (!secret) throw new AppError('NOT_FOUND', `No route ${endpoint.method} ${endpoint.path}`);
      const given = request.headers[SCAN_SECRET_HEADER];
      // Hashing first makes the comparison constant-time whatever the lengths.
      if (typeof given !== 'string' || !safeEqual(sha256(given), sha256(secret)))
        throw new AppError('UNAUTHORIZED', 'Scan secret is not valid');
    });
    route(scope, ctx, endpoint, async ({ body }) => {
      await service.applyCallback(body.key, body.status);
      return { ok: true as const };
    });
  });
}
