import type { FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';

const REDACTED = '[redacted]';

/** Query parameters that are credentials: room tokens (the chat page and socket) and signed-link signatures. */
const SECRET_PARAMS = ['token', 'signature'];

/**
 * Query parameters that carry personal data or what someone searched for, read from the contracts'
 * GET queries: contact details (`email`, `phone`, `phoneNumber`, `value` of phone-or-email, the
 * outbox's `to`), names and searches (`name`, `patientName`, `query`, `q`, `search`), a patient's
 * whereabouts (`latitude`, `longitude`, `placeId`), and the patient fields a future query may name.
 */
const PERSONAL_PARAMS = [
  'email',
  'phone',
  'phoneNumber',
  'value',
  'to',
  'name',
  'firstName',
  'lastName',
  'patientName',
  'query',
  'q',
  'search',
  'dob',
  'dateOfBirth',
  'address',
  'latitude',
  'longitude',
  'placeId',
];
const REDACTED_PARAMS = [...SECRET_PARAMS, ...PERSONAL_PARAMS];

/**
 * Path segments that are credentials: an invite's code opens the invite (the API call and the web
 * page). Its numeric id (resending, withdrawing) opens nothing and stays.
 */
const SECRET_PATH = /^(\/api\/v1\/invites\/|\/invite\/)(?!\d+(?:[/?]|$))[^/?]+/;

/**
 * The URL as logged: credentials and personal data in its path and query string replaced, so the
 * log never holds a working link, a patient's details or what someone searched for.
 */
export function redactUrl(url: string): string {
  url = url.replace(SECRET_PATH, `$1${REDACTED}`);
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const name of REDACTED_PARAMS) {
    if (params.has(name)) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * Fields of logged objects that hold personal data, at the top and one level down (a job's
 * `payload`, a message's recipient `to`). pino replaces them as it writes.
 */
const PERSONAL_FIELDS = [
  'to',
  'email',
  'phone',
  'phoneNumber',
  'firstName',
  'lastName',
  'dateOfBirth',
  'dob',
  'address',
];
export const REDACT_PATHS = PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]);

/**
 * Fields of database errors that quote the statement's values: the parameters (Drizzle's and
 * PGlite's), PostgreSQL's detail (`Key (email)=(…) already exists`), its PL/pgSQL context and hint.
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'hint', 'internalQuery']);
const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof (value as { message?: unknown } | null)?.message === 'string';

/**
 * The message without the values it may quote: Drizzle appends the parameters (`\nparams: …`), and
 * PostgreSQL's data exceptions (class 22) quote the refused value (`value "…" is out of range`).
 * Messages of other classes name constraints and columns, never values, and stay.
 */
function safeMessage(err: ErrorLike): string {
  const code = typeof err.code === 'string' && SQLSTATE.test(err.code) ? err.code : undefined;
  if (code?.startsWith('22')) return `the database refused a value (SQLSTATE ${code}); the value is not logged`;
  const params = err.message.indexOf('\nparams:');
  return params < 0 ? err.message : err.message.slice(0, params);
}

function describeError(
  err: ErrorLike,
  depth: number,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  const type = typeof err.constructor === 'function' && err.constructor.name ? err.constructor.name : err.name;
  const message = safeMessage(err);
  // The stack's first lines repeat the message; only its frames are kept after the safe one.
  const stack = typeof err.stack === 'string' ? err.stack : '';
  const frames = stack.indexOf('\n    at ');
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type,
    message,
    stack: `${err.name}: ${message}${frames < 0 ? '' : stack.slice(frames)}`,
  };
  for (const key of Object.keys(err)) {
    if (key === 'cause' || key === 'message' || key === 'stack' || VALUE_FIELDS.has(key)) continue;
    const value = err[key];
    out[key] = isErrorLike(value) ? (depth < MAX_CAUSES ? describeError(value, depth + 1) : value.name) : value;
  }
  if (isErrorLike(err.cause) && depth < MAX_CAUSES) out.cause = describeError(err.cause, depth + 1);
  return out;
}

/** pino's `err` serializer, minus every value a database error quotes. */
export function serializeError(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (isErrorLike(err)) return describeError(err, 0);
  return { type: typeof err, message: String(err), stack: '' };
}

/**
 * The server's logger: the level; requests logged without the credentials and personal data their
 * URLs may carry; errors without the values of the statements that failed; personal fields of
 * logged objects redacted. `stream` is for tests that read what is written.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      // Fastify logs the reply when it is sent; with what was asked, that line says it all.
      res: (reply: { statusCode: number; request?: { method: string; url: string } }) => ({
        statusCode: reply.statusCode,
        method: reply.request?.method,
        url: reply.request ? redactUrl(reply.request.url) : undefined,
      }),
      err: serializeError,
    },
  };
}

type LogStream = { write(line: string): void };

/**
 * The log as development reads it: one short line per event (time, level, message and its
 * fields) instead of JSON, and one line per request ("GET /api/v1/user/current 200 12 ms") where
 * Fastify writes two. Production keeps JSON for its log collector.
 */
export function readableLog(out: LogStream = process.stdout): LogStream {
  const prettify = prettyFactory({
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const res = log.res as { statusCode?: number; method?: string; url?: string } | undefined;
      if (!res || typeof log.responseTime !== 'number')
        return typeof log[messageKey] === 'string' ? log[messageKey] : '';
      return `${res.method} ${res.url} ${res.statusCode} ${Math.round(log.responseTime)} ms`;
    },
  });
  return {
    write: (line) => {
      if (!line.includes('"msg":"incoming request"')) out.write(prettify(line));
    },
  };
}
