import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDataException } from '../db/errors.js';
import { ERRORS, type ErrorBody, type ErrorCode, type ValidationIssue } from '@referwell/contracts';

/**
 * An error the caller is meant to see: a catalogue code, its status, and a message; `headers` go
 * with it (Retry-After on 458).
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: ValidationIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

export const fail = (code: ErrorCode, message?: string, issues?: ValidationIssue[]): never => {
  throw new AppError(code, message, issues);
};

function body(code: ErrorCode, message?: string, issues?: ValidationIssue[]): ErrorBody {
  return {
    statusCode: ERRORS[code].status,
    code,
    message: message ?? ERRORS[code].message,
    ...(issues ? { issues } : {}),
  };
}

/** Maps every failure to the JSON error body; nothing else (no stack, no SQL) leaves the server. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let payload: ErrorBody;
    if (error instanceof AppError) {
      payload = body(error.code, error.message, error.issues);
      if (error.headers) reply.headers(error.headers);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: [error.validationContext ?? 'body', ...v.instancePath.split('/').filter(Boolean)],
        message: v.message ?? 'Invalid value',
      }));
      payload = body('BAD_REQUEST', issues[0]?.message ?? ERRORS.BAD_REQUEST.message, issues);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      payload = body('PAYLOAD_TOO_LARGE');
    } else if (error.statusCode === 429) {
      payload = body('TOO_MANY_REQUESTS');
    } else if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value');
      payload = body('BAD_REQUEST');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, empty body.
      payload = { statusCode: error.statusCode, code: 'BAD_REQUEST', message: error.message };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      payload = body('INTERNAL');
    }
    return reply.status(payload.statusCode).type('application/json').send(payload);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
}
