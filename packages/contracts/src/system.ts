import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { EpochMs } from './common.js';

export const isHealthy = endpoint({
  method: 'GET',
  path: '/api/v1/healthchecks/isHealthy',
  summary: 'Liveness: the process answers',
  tags: ['Health'],
  auth: 'public',
  response: z.object({ healthy: z.boolean() }),
});

export const HealthPart = z.object({ name: z.string(), ok: z.boolean(), detail: z.string().optional() });
export const HealthResponse = z.object({ healthy: z.boolean(), parts: z.array(HealthPart) });

export const health = endpoint({
  method: 'GET',
  path: '/api/v1/health',
  summary: 'Readiness: every part the server depends on; 503 naming the failing part',
  tags: ['Health'],
  auth: 'public',
  response: HealthResponse,
});

export const OutboxMessage = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms', 'voice']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: EpochMs,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const devOutbox = endpoint({
  method: 'GET',
  path: '/api/v1/dev/outbox',
  summary: 'Development only: e-mails and texts that would have been sent, newest first',
  tags: ['Development'],
  auth: 'public',
  query: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
  response: z.array(OutboxMessage),
});
