import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TestClient } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import type { AppContext, SessionCaller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { practiceWithTeam, signedIn } from '../practices/practices.test-factories.js';
import { createUnreadService } from './unread.service.js';
import type { UnreadCounter } from './counters.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const zero = (practiceId: number) => ({
  practiceId,
  inboxItems: 0,
  chats: 0,
  notifications: 0,
  submissions: 0,
  total: 0,
});

describe('GET /api/v1/unread', () => {
  it('gives one zeroed entry per practice of the caller, by practice name', async () => {
    const user = await createUser(t.db);
    const b = await createPractice(t.db, { name: 'Bravo Unread' });
    const a = await createPractice(t.db, { name: 'Alpha Unread' });
    await addMember(t.db, a.id, user.id, 'ADMIN');
    await addMember(t.db, a.id, user.id, 'PROVIDER');
    await addMember(t.db, b.id, user.id, 'STAFF');
    const client = await signedIn(t.app, user);
    const res = await client.get('/api/v1/unread');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([zero(a.id), zero(b.id)]);
    expect((await client.get(`/api/v1/unread?practiceId=${b.id}&streamResponse=false`)).json()).toEqual([
      zero(a.id),
      zero(b.id),
    ]);
    expect((await client.get(`/api/v1/unread?practiceId=${b.id}&selectedPracticeOnly=true`)).json()).toEqual([
      zero(b.id),
    ]);
  });

  it('validates its flags and needs practiceId with selectedPracticeOnly', async () => {
    const { staff } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, staff);
    const missing = await client.get('/api/v1/unread?selectedPracticeOnly=true');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('practiceId is required with selectedPracticeOnly');
    expect((await client.get('/api/v1/unread?selectedPracticeOnly=maybe')).statusCode).toBe(400);
  });

  it('answers 403 for a practice the caller is not in, and 401 anonymously', async () => {
    const { practice, outsider } = await practiceWithTeam(t.db);
    const client = await signedIn(t.app, outsider);
    expect((await client.get(`/api/v1/unread?practiceId=${practice.id}&selectedPracticeOnly=true`)).statusCode).toBe(
      403,
    );
    expect((await client.get(`/api/v1/unread?practiceId=${practice.id}`)).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/v1/unread')).statusCode).toBe(401);
  });

  it('is empty for a user in no practice', async () => {
    const client = await signedIn(t.app, await createUser(t.db));
    expect((await client.get('/api/v1/unread')).json()).toEqual([]);
  });
});

describe('unread counters', () => {
  it('sums what every registered counter reports, for the practices asked about only', async () => {
    const { practice, otherPractice, staff } = await practiceWithTeam(t.db);
    const asked: number[][] = [];
    const chats: UnreadCounter = async (_db, userId, practiceIds) => {
      expect(userId).toBe(staff.id);
      asked.push([...practiceIds]);
      return new Map([
        [practice.id, { chats: 2 }],
        [otherPractice.id, { chats: 99 }],
      ]);
    };
    const inbox: UnreadCounter = async () => new Map([[practice.id, { inboxItems: 3, notifications: 1 }]]);
    const intake: UnreadCounter = async () => new Map([[practice.id, { submissions: 4 }]]);
    const service = createUnreadService({ db: t.db } as AppContext, [chats, inbox, intake]);
    const caller = { user: staff, session: {}, via: 'bearer', apiKey: null } as unknown as SessionCaller;
    expect(await service.summary(caller, { selectedPracticeOnly: false })).toEqual([
      { practiceId: practice.id, inboxItems: 3, chats: 2, notifications: 1, submissions: 4, total: 10 },
    ]);
    expect(asked).toEqual([[practice.id]]);
    await expect(
      service.summary(caller, { practiceId: otherPractice.id, selectedPracticeOnly: true }),
    ).rejects.toBeInstanceOf(AppError);
  });
});
