import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, type notificationsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { staffMember, type Staff } from '../chats/chats.test-factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The spec makes sending a test notification a GET; a web caller sends the CSRF header with it. */
function testNotification(who: Staff, withCsrf = true) {
  const headers: Record<string, string> = { cookie: [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (withCsrf) headers[CSRF_HEADER] = who.client.cookies.get(CSRF_COOKIE)!;
  return t.app.inject({ method: 'GET', url: '/api/v1/test-notification', headers });
}

describe('notifications', () => {
  it('sends a test notification to the caller only, kept as one however often asked, and pages the list', async () => {
    const ann = await staffMember(t);
    const bob = await staffMember(t);
    expect((await testNotification(ann)).statusCode).toBe(200);
    expect((await testNotification(ann)).statusCode).toBe(200);
    const list = (await ann.client.get('/api/v1/notification?pageSize=1')).json<{ data: notificationsApi.Notification[]; count: number }>();
    expect(list).toMatchObject({ count: 1, data: [{ title: 'Test notification', text: 'Notifications reach you here', practiceId: null }] });
    expect((await bob.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('refuses the test notification without the CSRF header, writing nothing', async () => {
    const ann = await staffMember(t);
    expect((await testNotification(ann, false)).statusCode).toBe(403);
    expect((await ann.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('lists only the practice asked for, and refuses a practice the caller is not in', async () => {
    const ann = await staffMember(t);
    const other = await staffMember(t);
    expect((await ann.client.get(`/api/v1/notification?practiceId=${other.practiceId}`)).statusCode).toBe(403);
    await testNotification(ann);
    expect((await ann.client.get(`/api/v1/notification?practiceId=${ann.practiceId}`)).json()).toEqual({ data: [], count: 0 });
  });
});
