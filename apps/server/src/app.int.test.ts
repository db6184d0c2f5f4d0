import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './test/harness.js';
import { createAndUpload, download, MIME, PDF } from './modules/files/files.test-factories.js';
import { filesWorker } from './modules/files/files-worker.test-support.js';
import { createStorage } from './platform/storage/index.js';
import { staffMember, startChat, tokenFor, type Staff } from './modules/chats/chats.test-factories.js';
import { createUser, TEST_PASSWORD } from './test/factories.js';
import { TestClient } from './test/client.js';

let t: TestApp;
let admin: Staff;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'rw-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Referwell</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST: dist });
  admin = await staffMember(t, 'ADMIN');
});
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control on the API’s answers', () => {
  it('is no-store on every JSON answer to a signed-in person: the user, a patient, lists, errors', async () => {
    const created = await admin.client.post('/api/v1/patient', {
      practiceId: admin.practiceId,
      firstName: 'Rosa',
      lastName: 'Diaz',
      phoneNumber: '2025550142',
    });
    expect(created.statusCode).toBe(201);
    const patientId = created.json<{ id: number }>().id;
    const answers = [
      created,
      await admin.client.get('/api/v1/user/current'),
      await admin.client.get(`/api/v1/patient/${patientId}?practiceId=${admin.practiceId}`),
      await admin.client.get(`/api/v1/patients?practiceId=${admin.practiceId}`),
      await admin.client.put(`/api/v1/patient/${patientId}?practiceId=${admin.practiceId}`, { lastName: 'Díaz' }),
      await admin.client.get(`/api/v1/patient/${patientId + 1000}?practiceId=${admin.practiceId}`),
      await admin.client.get('/api/v1/patients?practiceId=0'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([201, 200, 200, 200, 200, 456, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], res.body).toBe('no-store');
    }
  });

  it('is no-store on the chat room’s calls made with a room token, and on the public API’s JSON', async () => {
    const colleague = await staffMember(t, 'STAFF', admin.practiceId);
    const chat = await startChat(admin, { type: 'USER_TO_USER', users: [colleague.user.id] });
    const { token, room } = await tokenFor(admin, chat.id);
    const answers = [
      await t.app.inject({
        method: 'GET',
        url: `/florie/v1/chat/${room}`,
        headers: { authorization: `Bearer ${token}` },
      }),
      await t.app.inject({
        method: 'GET',
        url: `/florie/v1/chat/${room}/messages`,
        headers: { authorization: `Bearer ${token}` },
      }),
      await t.app.inject({
        method: 'GET',
        url: `/florie/v1/chat/${room}/messages`,
        headers: { authorization: 'Bearer expired' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/v1/user/current' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/healthchecks/isHealthy' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 401, 200]);
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });

  it('leaves the web app’s files to say how they are cached, and keeps a patient’s file out of every cache', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).not.toBe('no-store');

    const { id } = await createAndUpload(t.app, admin.client, admin.practiceId, PDF, 'letter.pdf', MIME.pdf);
    await filesWorker({ db: t.db, config: t.config, storage: createStorage(t.config) }).jobs.drain();
    const [file] = (await admin.client.get(`/api/v1/files?ids=${id}`)).json<{ downloadUrl: string }[]>();
    const bytes = await download(t.app, file.downloadUrl);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['cache-control']).toBe('private, no-store');
  });
});

describe('served at an https address (PUBLIC_URL)', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: 'https://referwell.example' });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('marks every cookie Secure and tells browsers to come back over https only (HSTS)', async () => {
    const user = await createUser(secure.db);
    const c = new TestClient(secure.app);
    await c.csrf();
    const start = await c.post('/api/v1/auth/start', { app: 'PROVIDER_WEB', email: user.email });
    const done = await c.post(`/api/v1/auth/${start.json().uuid}`, { step: 'PASSWORD', value: TEST_PASSWORD });
    expect(done.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    // The session, its CSRF token and the device cookie.
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*Secure/i);
    const hsts = String(done.headers['strict-transport-security'] ?? '');
    expect(hsts).toMatch(/max-age=\d{7,}/);
    expect(String((await c.get('/api/v1/user/current')).headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
  });
});
