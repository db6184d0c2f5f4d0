import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { createTestApp, type TestApp } from '../test/harness.js';
import { TestClient } from '../test/client.js';
import { users } from '../core/index.js';
import type { appointmentsApi, notificationsApi, worklistApi } from '@referwell/contracts';
import { appointments } from '../modules/appointments/appointments.table.js';
import { seedDemoData } from './demo.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('creates the README accounts once, each signing in with the demo password', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);
    const [{ n }] = (await t.db.select({ n: count() }).from(users)) as [{ n: number }];
    expect(n).toBe(DEMO_USERS.length);
    expect(new Set(DEMO_USERS.map((u) => u.phone)).size).toBe(DEMO_USERS.length);

    const practicesOf = async (email: string) => {
      const c = new TestClient(t.app);
      expect((await c.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
      return (await c.get('/api/v1/user/current/practices'))
        .json()
        .map(
          (m: { practice: { name: string }; roles: string[] }) => `${m.practice.name}:${[...m.roles].sort().join('+')}`,
        );
    };
    expect(await practicesOf('admin@riverside.test')).toEqual([
      'Lakeside Orthopedics:STAFF',
      'Riverside Family Medicine:ADMIN+PROVIDER',
    ]);
    expect(await practicesOf('provider@riverside.test')).toEqual(['Riverside Family Medicine:PROVIDER']);
    expect(await practicesOf('provider@lakeside.test')).toEqual(['Lakeside Orthopedics:PROVIDER']);
    expect(await practicesOf('root@referwell.test')).toEqual([]);

    const admin = new TestClient(t.app);
    expect((await admin.signIn('root@referwell.test', DEMO_PASSWORD, 'ADMIN_WEB')).statusCode).toBe(200);
  });

  it('gives Riverside an organisation, a network tier, a department and catalogued providers', async () => {
    const alex = new TestClient(t.app);
    expect((await alex.signIn('admin@riverside.test', DEMO_PASSWORD)).statusCode).toBe(200);
    const { user } = (await alex.get('/api/v1/user/current')).json();
    const riverside = user.practiceId as number;

    const organisations = (await alex.get(`/api/v1/user/${user.id}/organisations`)).json();
    expect(organisations).toMatchObject([{ name: 'Prairie Health Partners', roles: ['ADMIN'], practiceCount: 1 }]);
    const networks = (await alex.get(`/api/v1/practice/${riverside}/networks`)).json();
    expect(networks).toMatchObject([{ name: 'Trusted specialists', owned: true }]);
    const departments = (await alex.get(`/api/v1/practice/${riverside}/departments`)).json();
    expect(departments).toMatchObject([{ name: 'Pediatrics' }]);
    const contactPractices = (await alex.get(`/api/v1/contacts/practices?practiceId=${riverside}`)).json();
    expect(contactPractices).toMatchObject({ data: [{ name: 'Lakeside Orthopedics' }], count: 1 });
    const people = (await alex.get('/api/v1/contacts')).json();
    expect(people).toMatchObject({ data: [{ lastName: 'Okafor' }], count: 1 });

    const priya = (await alex.get(`/api/v1/users?query=Priya`)).json().data[0];
    const specialities = (await alex.get(`/api/v1/user/${priya.id}/specialities`)).json();
    expect(specialities).toMatchObject([{ taxonomyCode: '207Q00000X' }]);
    const matrix = (await alex.get(`/api/v1/user/${priya.id}/insurance/matrix`)).json();
    expect(matrix[0].insuranceIds).toHaveLength(3);
  });

  it('gives Lena a chat with Riverside and Priya a chat with her patient Maria', async () => {
    const chatsOf = async (email: string) => {
      const c = new TestClient(t.app);
      expect((await c.signIn(email, DEMO_PASSWORD)).statusCode).toBe(200);
      const { user } = (await c.get('/api/v1/user/current')).json();
      return (await c.get(`/api/v1/chats?practiceId=${user.practiceId}`))
        .json()
        .data.map((chat: { title: string; lastMessage: { text: string } }) => [chat.title, chat.lastMessage.text]);
    };
    expect(await chatsOf('provider@lakeside.test')).toEqual([
      ['Riverside Family Medicine', 'Of course, send the referral and I will look out for it.'],
    ]);
    expect((await chatsOf('provider@riverside.test')).map(([title]: string[]) => title).sort()).toEqual([
      'Lakeside Orthopedics',
      'Maria Lopez',
    ]);
  });
});

describe('the demo’s first visit', () => {
  it('gives both practices appointment types and Priya a week of appointments in office hours', async () => {
    const priya = new TestClient(t.app);
    expect((await priya.signIn('provider@riverside.test', DEMO_PASSWORD)).statusCode).toBe(200);
    const { user } = (await priya.get('/api/v1/user/current')).json();
    const templates = (await priya.get(`/api/v3/calendar/appointment/templates?practiceId=${user.practiceId}`)).json<
      appointmentsApi.AppointmentTemplate[]
    >();
    expect(templates.map((tpl) => tpl.name)).toEqual(['Follow-up', 'New patient visit', 'Telehealth check-in']);
    expect(templates.filter((tpl) => tpl.patientBookable).map((tpl) => tpl.name)).toEqual(['New patient visit']);

    const week = await t.db.select().from(appointments).where(eq(appointments.providerId, user.id));
    expect(week.map((a) => a.state).sort()).toEqual(['CONFIRMED', 'SCHEDULED', 'SCHEDULED']);
    for (const a of week) {
      const local = new TZDate(a.startAt, 'America/Chicago');
      expect(a.startAt.getTime()).toBeGreaterThan(Date.now());
      expect([0, 6]).not.toContain(local.getDay());
      expect(local.getHours()).toBeGreaterThanOrEqual(9);
      expect(local.getHours()).toBeLessThan(17);
    }
    const one = (await priya.get(`/api/v1/appointment/${week[0].uuid}`)).json<appointmentsApi.Appointment>();
    expect(one).toMatchObject({ practiceId: user.practiceId, providerId: user.id });
  });

  it('gives Riverside a home with work waiting and a bell with news, naming no patient in the bell', async () => {
    const priya = new TestClient(t.app);
    expect((await priya.signIn('provider@riverside.test', DEMO_PASSWORD)).statusCode).toBe(200);
    const { user } = (await priya.get('/api/v1/user/current')).json();
    const worklist = (await priya.get(`/api/v1/practice/${user.practiceId}/worklist`)).json<worklistApi.Worklist>();
    expect(
      worklist.waitingReferrals.items.map((r) => [r.patientName, r.fromPractice.name, r.answerBy !== null]),
    ).toEqual([
      ['Grace Park', 'Lakeside Orthopedics', true],
      ['Daniel Kim', 'Lakeside Orthopedics', false],
    ]);
    expect(worklist.sentReferralNews.items).toMatchObject([
      { patientName: 'John Carter', status: 'ACCEPTED', byPractice: { name: 'Lakeside Orthopedics' } },
    ]);
    expect(worklist.unreadChats.items).toMatchObject([{ title: 'Lakeside Orthopedics', unreadCount: 1 }]);
    expect(worklist.newSubmissions.count).toBe(2);

    const bell = (await priya.get('/api/v1/notification')).json<{ data: notificationsApi.Notification[] }>();
    expect(bell.data.map((n) => n.text)).toEqual([
      '2 new submissions through the form New patient intake',
      'New referral from Lakeside Orthopedics',
      'Lakeside Orthopedics accepted your referral',
      'New referral from Lakeside Orthopedics',
    ]);
    expect(JSON.stringify(bell)).not.toMatch(/Grace|Daniel|John|Sofia|Omar/);
  });
});

describe('the demo’s audit trail', () => {
  it('shows Riverside’s admin what its people did, and a refused look from Lakeside', async () => {
    const alex = new TestClient(t.app);
    expect((await alex.signIn('admin@riverside.test', DEMO_PASSWORD)).statusCode).toBe(200);
    const { user } = (await alex.get('/api/v1/user/current')).json();
    const trail = (await alex.get(`/api/v1/practice/${user.practiceId}/audit`)).json();
    const seen = trail.data.map(
      (e: { action: string; actor: { name: string } | null }) => `${e.action} by ${e.actor?.name}`,
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        'patient.created by Priya Shah',
        'chat.created by Priya Shah',
        'bot.created by Alex Rivera',
        'access.refused by Lena Okafor',
      ]),
    );
  });
});
