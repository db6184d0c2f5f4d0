import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { createUser } from '../../test/factories.js';

/**
 * Real delivery: e-mail to an SMTP server and texts/calls to an SMS provider webhook, both
 * listening on this machine. Nothing may land in the development outbox.
 */

interface Mail {
  to: string[];
  raw: string;
}
interface SmsRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { channel: string; to: string; body: string };
}

const SMS_TOKEN = 'sms-provider-token';
const mails: Mail[] = [];
const texts: SmsRequest[] = [];
let smtpRefuses = false;
let smsStatus = 200;

let smtp: SMTPServer;
let sms: Server;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(smtpRefuses ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

  sms = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      texts.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(data) });
      res.writeHead(smsStatus, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));

  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'Referwell <no-reply@referwell.test>',
    SMS_WEBHOOK_URL: `http://127.0.0.1:${(sms.address() as AddressInfo).port}/send`,
    SMS_WEBHOOK_TOKEN: SMS_TOKEN,
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (sms ? sms.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

beforeEach(() => {
  mails.length = 0;
  texts.length = 0;
  smtpRefuses = false;
  smsStatus = 200;
});

/** The text of a mail as written: soft line breaks and =XX escapes of quoted-printable undone. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

async function expectEmptyOutbox() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
  expect(res.json()).toEqual([]);
}

describe('e-mail over SMTP', () => {
  it('delivers a password-reset code that resets the password', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/passwordReset',
      payload: { email: user.email!.toUpperCase() },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { uuid } = res.json<{ uuid: string }>();

    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([user.email]);
    const mail = readable(mails[0].raw);
    expect(mail).toMatch(/^From: Referwell <no-reply@referwell\.test>/m);
    expect(mail).toMatch(/^Subject: Your Referwell password reset code/m);
    const code = codeIn(mail);
    expect(code).toBeDefined();
    // The e-mail sends the person back to the web app's reset page.
    expect(mail).toContain('http://localhost:3000/reset-password');
    await expectEmptyOutbox();

    const reset = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/resetPassword',
      payload: { uuid, code, password: 'a-brand-new-password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await new TestClient(t.app).signIn(user.email!, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('sends nothing for an unknown address but answers the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/passwordReset',
      payload: { email: 'nobody@example.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uuid: expect.any(String) });
    expect(mails).toEqual([]);
  });

  it('answers 500 with a retry message when the mail server refuses', async () => {
    const user = await createUser(t.db);
    smtpRefuses = true;
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/passwordReset', payload: { email: user.email } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'We could not send the code. Try again in a moment.',
    });
    await expectEmptyOutbox();
  });
});

describe('texts and calls through the SMS provider webhook', () => {
  const start = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/start', payload });

  it('posts the code with the bearer token, and the code signs in', async () => {
    const user = await createUser(t.db);
    const res = await start({ app: 'PROVIDER_MOBILE', phone: user.phone });
    expect(res.statusCode, res.body).toBe(200);

    expect(texts).toHaveLength(1);
    const [request] = texts;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/send');
    expect(request.headers.authorization).toBe(`Bearer ${SMS_TOKEN}`);
    expect(request.headers['content-type']).toMatch(/application\/json/);
    expect(request.body).toEqual({ channel: 'sms', to: user.phone, body: expect.stringMatching(/\b\d{6}\b/) });
    await expectEmptyOutbox();

    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/${res.json().uuid}`,
      payload: { step: 'PHONE_CODE', value: codeIn(request.body.body) },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETE', accessToken: expect.any(String) });
  });

  it('places a voice call when asked to', async () => {
    const user = await createUser(t.db);
    const res = await start({ app: 'PROVIDER_WEB', phone: user.phone, useCallVerification: true });
    expect(res.statusCode).toBe(200);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatchObject({ channel: 'voice', to: user.phone });
    expect(codeIn(texts[0].body.body)).toBeDefined();
  });

  it('contacts nobody for a number without an account', async () => {
    const res = await start({ app: 'PROVIDER_WEB', phone: '+13035550999' });
    expect(res.statusCode).toBe(200);
    expect(texts).toEqual([]);
  });

  it('answers 500 with a retry message when the provider fails', async () => {
    const user = await createUser(t.db);
    smsStatus = 500;
    const res = await start({ app: 'PROVIDER_WEB', phone: user.phone });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'We could not send the code. Try again in a moment.',
    });
    expect(texts).toHaveLength(1);
    await expectEmptyOutbox();
  });

  it('texts the verification code of a signup, and a failed text leaves the signup free to retry', async () => {
    const body = {
      email: 'webhook.signup@example.test',
      phone: '+13035550321',
      password: 'a-long-enough-password',
      firstName: 'Web',
      lastName: 'Hook',
      role: 'STAFF',
      app: 'PROVIDER_WEB',
      termsAccepted: true,
    };
    smsStatus = 500;
    const failed = await t.app.inject({ method: 'POST', url: '/api/v1/user/signup', payload: body });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toBe('We could not send the code. Try again in a moment.');

    smsStatus = 200;
    texts.length = 0;
    const retried = await t.app.inject({ method: 'POST', url: '/api/v1/user/signup', payload: body });
    expect(retried.statusCode, retried.body).toBe(201);
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toMatchObject({ channel: 'sms', to: '+13035550321' });

    const verified = await new TestClient(t.app).post(`/api/v1/auth/${retried.json().verification.uuid}`, {
      step: 'PHONE_CODE',
      value: codeIn(texts[0].body.body),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
