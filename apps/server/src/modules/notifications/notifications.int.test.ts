import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER, type notificationsApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { staffMember, type Staff } from '../chats/chats.test-factories.js';
import { createLocalBus } from '../../platform/events/bus.js';
import { systemClock } from '../../platform/clock.js';
import { NOTIFICATION_DISMISSED, notifyUser } from './notifications.service.js';

let t: TestApp;
/** NOTIFICATION_DISMISSED as published: what tells the person's other open apps. */
const dismissals: unknown[] = [];
beforeAll(async () => {
  const bus = createLocalBus();
  bus.subscribe(NOTIFICATION_DISMISSED, (e) => dismissals.push(e));
  t = await createTestApp({}, { bus });
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
    const list = (await ann.client.get('/api/v1/notification?pageSize=1')).json<{
      data: notificationsApi.Notification[];
      count: number;
    }>();
    expect(list).toMatchObject({
      count: 1,
      data: [{ title: 'Test notification', text: 'Notifications reach you here', practiceId: null }],
    });
    expect((await bob.client.get('/api/v1/user/notifications/count')).json()).toEqual({ count: 0 });
  });

  it('keeps one open notification per topic even when several are written at the same moment', async () => {
    const ann = await staffMember(t);
    const ctx = { db: t.db, bus: createLocalBus(), clock: systemClock };
    const entry = (n: number) => ({
      userId: ann.user.id,
      practiceId: ann.practiceId,
      category: 'GENERAL' as const,
      type: 'notification' as const,
      topic: 'chat:1',
      title: 'New Message',
      text: `message ${n}`,
      link: '/chats/1',
    });
    await Promise.all([1, 2, 3, 4, 5].map((n) => notifyUser(ctx, entry(n))));
    const { data, count } = (await ann.client.get('/api/v1/notification')).json<{
      data: notificationsApi.Notification[];
      count: number;
    }>();
    expect(count).toBe(1);
    expect(data[0].text).toMatch(/^message [1-5]$/);
    // Once dismissed, the next one about the topic is new.
    await ann.client.put(`/api/v1/notification/${data[0].id}/dismiss`);
    await notifyUser(ctx, entry(6));
    expect((await ann.client.get('/api/v1/notification')).json()).toMatchObject({
      count: 1,
      data: [{ text: 'message 6' }],
    });
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
    expect((await ann.client.get(`/api/v1/notification?practiceId=${ann.practiceId}`)).json()).toEqual({
      data: [],
      count: 0,
    });
  });

  it('tells the person\u2019s other open apps when they dismiss one or clear them', async () => {
    const ann = await staffMember(t);
    await testNotification(ann);
    const [shown] = (await ann.client.get('/api/v1/notification')).json<{ data: notificationsApi.Notification[] }>()
      .data;
    dismissals.length = 0;
    expect((await ann.client.put(`/api/v1/notification/${shown.id}/dismiss`)).statusCode).toBe(200);
    expect((await ann.client.put(`/api/v1/notification/clear`, { practiceId: ann.practiceId })).statusCode).toBe(200);
    expect(dismissals).toEqual([
      { userId: ann.user.id, practiceId: null },
      { userId: ann.user.id, practiceId: ann.practiceId },
    ]);
  });
});
