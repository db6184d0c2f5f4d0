import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { TextLimitReached } from '../delivery/text-limits.js';
import type { Audit } from './audit.js';

/**
 * Answers that refuse a known caller something: forbidden (a CSRF check failing included: a failed
 * access decision, ASVS 7.2.2), or not found where existence is private.
 */
const REFUSED = new Set([403, 404, 456]);

/** Query and body fields worth keeping with a refusal: those naming objects, never free text. */
const NAMES_AN_OBJECT = /^(id|ids|practice|[a-z]+Ids?)$/;

const asId = (value: unknown) => {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

function objectFields(source: unknown): Record<string, unknown> {
  if (!source || typeof source !== 'object') return {};
  return Object.fromEntries(Object.entries(source).filter(([key]) => NAMES_AN_OBJECT.test(key)));
}

/**
 * The practice a request names: in its path (`/practice/:id/…`, `:practiceId`), its query or its
 * body. A refusal is shown in that practice's trail: it is the practice someone tried to reach.
 */
function namedPractice(request: FastifyRequest): number | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const path = request.routeOptions.url ?? '';
  const fromPath = /^\/api\/v\d\/practices?\/:id(\/|$)/.test(path) ? params.id : params.practiceId;
  return asId(fromPath) ?? asId(query.practiceId) ?? asId(typeof body === 'object' ? body.practiceId : undefined);
}

/**
 * Writes the audit entry a refused request leaves, once its transaction (if any) has rolled back:
 * a text over a limit, or a signed-in caller (or chat participant) refused an object with 403, 404
 * or 456. Refusals are recorded here, where every route's errors pass, rather than at each check,
 * because a 404 that hides another tenant's object cannot be told apart from one for a missing
 * object without asking the owner again. Anonymous callers are not recorded: their 401s say nothing
 * about a person, and recording every probe of a random URL would let anyone fill the log.
 */
export async function recordRefusal(audit: Audit, request: FastifyRequest, error: unknown) {
  if (!(error instanceof AppError)) return;
  const actorUserId = request.caller?.user.id ?? request.room?.chatUser.userId ?? null;
  const client = { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (error instanceof TextLimitReached) {
    const { text } = error;
    await audit.record({
      action: 'text.refused',
      actorUserId,
      subjectUserId: text.subjectUserId ?? null,
      practiceId: text.practiceId,
      patientId: text.patientId ?? null,
      ...client,
      details: { limit: error.scope, purpose: text.purpose, channel: text.channel, to: text.to, route },
    });
    return;
  }
  if (!REFUSED.has(error.status)) return;
  if (!request.caller && !request.room) return;
  await audit.record({
    action: 'access.refused',
    actorUserId,
    practiceId: namedPractice(request) ?? request.room?.chat.practiceId ?? null,
    ...client,
    details: {
      route,
      status: error.status,
      code: error.code,
      params: request.params ?? {},
      query: objectFields(request.query),
      body: objectFields(request.body),
      ...(request.caller?.apiKey ? { apiKeyId: request.caller.apiKey.id } : {}),
      ...(request.room ? { chatUserId: request.room.chatUser.id } : {}),
    },
  });
}
