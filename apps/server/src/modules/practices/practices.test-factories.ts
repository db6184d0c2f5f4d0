import { and, desc, eq } from 'drizzle-orm';
import type { ApiKeyPermission } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { TestClient, signedInAs } from '../../test/client.js';
import { addMember, createPractice, createUser, insertApiKey } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { practices } from '../../core/index.js';

let seq = 0;

/**
 * A practice with an admin (also a provider), a provider and a staff member, plus an outsider who
 * is the admin of another practice.
 */
export async function practiceWithTeam(db: Db) {
  seq += 1;
  const practice = await createPractice(db, {
    name: `Clinic ${seq} ${Date.now()}`,
    address: '1 Main St, Springfield, IL',
  });
  const admin = await createUser(db, { firstName: 'Ada', lastName: `Admin${seq}` });
  const provider = await createUser(db, { firstName: 'Paul', lastName: `Provider${seq}` });
  const staff = await createUser(db, { firstName: 'Sam', lastName: `Staff${seq}` });
  await addMember(db, practice.id, admin.id, 'ADMIN');
  await addMember(db, practice.id, admin.id, 'PROVIDER');
  await addMember(db, practice.id, provider.id, 'PROVIDER');
  await addMember(db, practice.id, staff.id, 'STAFF');
  const otherPractice = await createPractice(db, { name: `Elsewhere ${seq} ${Date.now()}` });
  const outsider = await createUser(db, { firstName: 'Olga', lastName: `Outsider${seq}` });
  await addMember(db, otherPractice.id, outsider.id, 'ADMIN');
  return { practice, admin, provider, staff, otherPractice, outsider };
}

/** A client signed in as the user: on the web by default, or with bearer tokens through another app. */
export function signedIn(app: TestApp['app'], user: { email: string | null }, through = 'PROVIDER_WEB') {
  return signedInAs(app, user, { app: through });
}

/** A key row of the practice, as the API keys module would store it; returns a client calling with it. */
export async function apiKeyClient(
  app: TestApp['app'],
  db: Db,
  practiceId: number,
  createdBy: number,
  permissions: ApiKeyPermission[],
  activated = true,
) {
  const client = new TestClient(app);
  client.apiKey = await insertApiKey(db, practiceId, createdBy, permissions, activated);
  return client;
}

/** The newest audit event of an action about a practice. */
export async function lastAudit(db: Db, action: string, practiceId?: number) {
  const [row] = await db
    .select()
    .from(auditEvents)
    .where(
      practiceId === undefined
        ? eq(auditEvents.action, action)
        : and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(practiceId))),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

export async function practiceRow(db: Db, practiceId: number) {
  const [row] = await db.select().from(practices).where(eq(practices.id, practiceId));
  return row;
}
