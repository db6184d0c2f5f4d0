import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import { loggerOptions, readableLog, redactUrl } from './logging.js';

/** A logger as the server builds it, writing its JSON lines here. */
function capturedLog() {
  const lines: string[] = [];
  const app = Fastify({ logger: loggerOptions('info', { write: (line) => void lines.push(line) }) });
  return {
    log: app.log,
    text: () => lines.join(''),
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** What node-postgres and PGlite raise, wrapped by Drizzle as it does: the values sit in params, detail and the message. */
function databaseError(
  code: string,
  message: string,
  extra: Record<string, unknown>,
  query: string,
  params: unknown[],
) {
  const cause = Object.assign(new Error(message), {
    name: 'error',
    severity: 'ERROR',
    code,
    table: 'patients',
    constraint: 'patients_email_unique',
    ...extra,
  });
  return new DrizzleQueryError(query, params, cause);
}

describe('logged URLs', () => {
  it('leave out room tokens and link signatures, and nothing else', () => {
    expect(redactUrl('/florie/v1/chat/socket?token=12.1800000000000.abc&room=r1')).toBe(
      '/florie/v1/chat/socket?token=%5Bredacted%5D&room=r1',
    );
    expect(redactUrl('/api/v1/files/download/u?expires=1&signature=s')).toBe(
      '/api/v1/files/download/u?expires=1&signature=%5Bredacted%5D',
    );
    expect(redactUrl('/api/v1/chats?practiceId=1')).toBe('/api/v1/chats?practiceId=1');
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
    // An invite's code opens it, in the API call and in the link to the web page alike.
    expect(redactUrl('/api/v1/invites/Zq8xK2?app=PROVIDER_WEB')).toBe('/api/v1/invites/[redacted]?app=PROVIDER_WEB');
    expect(redactUrl('/invite/Zq8xK2')).toBe('/invite/[redacted]');
    expect(redactUrl('/api/v1/invites/12/resend')).toBe('/api/v1/invites/12/resend');
  });

  it('leave out searches, names, contact details and whereabouts, keeping ids and paging', () => {
    const cases: [string, string][] = [
      [
        '/api/v1/patients?practiceId=7&query=Maria%20Lopez&skip=0',
        '/api/v1/patients?practiceId=7&query=%5Bredacted%5D&skip=0',
      ],
      [
        '/api/v1/patients/phone?practiceId=7&phoneNumber=%2B12025550142',
        '/api/v1/patients/phone?practiceId=7&phoneNumber=%5Bredacted%5D',
      ],
      [
        '/api/v1/auth/region?email=rosa%40example.test&phone=2025550142',
        '/api/v1/auth/region?email=%5Bredacted%5D&phone=%5Bredacted%5D',
      ],
      ['/api/v1/user/phone-or-email?value=rosa%40example.test', '/api/v1/user/phone-or-email?value=%5Bredacted%5D'],
      ['/api/v1/referrals/inbox?patientName=Lopez&page=2', '/api/v1/referrals/inbox?patientName=%5Bredacted%5D&page=2'],
      ['/api/v1/search/address?q=12%20Elm%20St', '/api/v1/search/address?q=%5Bredacted%5D'],
      ['/api/v1/contacts?search=okafor', '/api/v1/contacts?search=%5Bredacted%5D'],
      ['/api/v1/practice/3/users?name=Lena', '/api/v1/practice/3/users?name=%5Bredacted%5D'],
      ['/api/v1/dev/outbox?to=%2B12025550142', '/api/v1/dev/outbox?to=%5Bredacted%5D'],
      [
        '/api/v1/referrals/matchCheck?latitude=41.88&longitude=-87.63&speciality=4',
        '/api/v1/referrals/matchCheck?latitude=%5Bredacted%5D&longitude=%5Bredacted%5D&speciality=4',
      ],
      ['/api/v1/extensions/placedetails?placeId=zip%3A60601', '/api/v1/extensions/placedetails?placeId=%5Bredacted%5D'],
      [
        '/api/v1/x?firstName=Rosa&lastName=Diaz&dob=04%2F12%2F1990',
        '/api/v1/x?firstName=%5Bredacted%5D&lastName=%5Bredacted%5D&dob=%5Bredacted%5D',
      ],
    ];
    for (const [url, logged] of cases) expect(redactUrl(url), url).toBe(logged);
  });
});

describe('the log', () => {
  it('writes request URLs without the personal data of their query', () => {
    const { log, text } = capturedLog();
    log.info({ req: { method: 'GET', url: '/api/v1/patients?practiceId=7&query=Maria%20Lopez' } }, 'incoming request');
    expect(text()).toContain('/api/v1/patients?practiceId=7&query=%5Bredacted%5D');
    expect(text()).not.toContain('Maria');
  });

  it('redacts recipients, names and contact details of logged objects, also one level down', () => {
    const { log, records } = capturedLog();
    log.info({ channel: 'sms', to: '+12025550142' }, 'message kept in the development outbox');
    log.error(
      {
        payload: {
          referralId: 4,
          email: 'rosa@example.test',
          firstName: 'Rosa',
          lastName: 'Diaz',
          dateOfBirth: '1990-04-12',
        },
      },
      'job not understood',
    );
    const [sent, job] = records();
    expect(sent).toMatchObject({ channel: 'sms', to: '[redacted]' });
    expect(job.payload).toEqual({
      referralId: 4,
      email: '[redacted]',
      firstName: '[redacted]',
      lastName: '[redacted]',
      dateOfBirth: '[redacted]',
    });
  });

  it('logs a database error without the statement’s parameters or the detail that quotes them', () => {
    const { log, records, text } = capturedLog();
    const err = databaseError(
      '23505',
      'duplicate key value violates unique constraint "patients_email_unique"',
      { detail: 'Key (email)=(rosa@example.test) already exists.' },
      'insert into "patients" ("first_name", "email") values ($1, $2)',
      ['Rosa', 'rosa@example.test'],
    );
    log.error({ err }, 'unhandled error');
    expect(text()).not.toMatch(/rosa@example|Rosa/);
    const logged = records()[0].err as Record<string, unknown>;
    // What an operator needs stays: the statement (its placeholders, not values), the code and constraint, the frames.
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "patients" ("first_name", "email") values ($1, $2)',
      query: 'insert into "patients" ("first_name", "email") values ($1, $2)',
      cause: {
        code: '23505',
        constraint: 'patients_email_unique',
        message: 'duplicate key value violates unique constraint "patients_email_unique"',
      },
    });
    expect(logged.stack).toMatch(/^Error: Failed query: insert into "patients"[^\n]*\n\s+at /);
    expect(logged).not.toHaveProperty('params');
    expect(logged.cause).not.toHaveProperty('detail');
  });

  it('logs a refused value (data exception) without the value its message quotes', () => {
    const { log, records, text } = capturedLog();
    const err = databaseError(
      '22021',
      'invalid byte sequence for encoding "UTF8": 0x00',
      { where: "unnamed portal parameter $2 = 'Maria'" },
      'select * from "patients" where "name" ilike $1',
      ['%Maria\u0000Lopez%'],
    );
    // PGlite also keeps the query's parameters on the driver's error itself.
    Object.assign(err.cause as object, { params: ['%Maria\u0000Lopez%'], queryOptions: { rowMode: 'object' } });
    log.warn({ err }, 'the database refused a value');
    expect(text()).not.toMatch(/Maria|Lopez/);
    expect(records()[0].err).toMatchObject({
      cause: { code: '22021', message: 'the database refused a value (SQLSTATE 22021); the value is not logged' },
    });
  });

  it('logs other errors as pino does: type, message, stack and their own fields', () => {
    const { log, records } = capturedLog();
    log.error(
      {
        err: Object.assign(new TypeError('fetch failed'), {
          code: 'ECONNREFUSED',
          cause: new Error('connect ECONNREFUSED 10.0.0.5:5432'),
        }),
      },
      'x',
    );
    expect(records()[0].err).toMatchObject({
      type: 'TypeError',
      message: 'fetch failed',
      code: 'ECONNREFUSED',
      stack: expect.stringMatching(/^TypeError: fetch failed\n\s+at /),
      cause: { type: 'Error', message: 'connect ECONNREFUSED 10.0.0.5:5432' },
    });
  });
});

describe("development's readable log", () => {
  it('writes one line per request with what was asked and answered, token and personal data left out', async () => {
    const out: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', readableLog({ write: (line) => void out.push(line) })) });
    app.get('/api/v1/patients', () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/v1/patients?name=Maria&token=secret' });
    app.log.warn({ practiceId: 7 }, 'scanner disabled');
    await app.close();

    const lines = out.join('').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/patients\?name=%5Bredacted%5D&token=%5Bredacted%5D 200 \d+ ms$/,
    );
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: scanner disabled \{"practiceId":7\}$/);
    expect(out.join('')).not.toContain('Maria');
  });
});
