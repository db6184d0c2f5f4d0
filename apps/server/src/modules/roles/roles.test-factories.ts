import { and, desc, eq } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { signedInAs } from '../../test/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { auditEvents } from '../../platform/audit/audit.table.js';
import { organisationMembers, organisations, practices, type users } from '../../core/index.js';

/** Factories shared by the tests of roles, departments, networks, organisations and the directory. */

type UserRow = typeof users.$inferSelect;

/** Signed in on the provider web app; patients, who cannot use it, through the mobile app with a bearer token. */
export function signedIn(t: TestApp, user: UserRow) {
  return signedInAs(t.app, user, { app: user.kind === 'PATIENT' ? 'MOBILE' : 'PROVIDER_WEB' });
}

/** A user with roles in a practice, signed in on the web. */
export async function member(
  t: TestApp,
  practiceId: number,
  roles: Role[],
  values: Partial<typeof users.$inferInsert> = {},
) {
  const user = await createUser(t.db, values);
  for (const role of roles) await addMember(t.db, practiceId, user.id, role);
  return { user, client: await signedIn(t, user) };
}

/**
 * A practice with an ADMIN, a PROVIDER and a STAFF member, and an outsider (ADMIN and PROVIDER of
 * another practice); everyone signed in.
 */
export async function team(t: TestApp) {
  const practice = await createPractice(t.db);
  const otherPractice = await createPractice(t.db);
  const [admin, provider, staff, outsider] = await Promise.all([
    member(t, practice.id, ['ADMIN']),
    member(t, practice.id, ['PROVIDER']),
    member(t, practice.id, ['STAFF']),
    member(t, otherPractice.id, ['ADMIN', 'PROVIDER']),
  ]);
  return { practice, otherPractice, admin, provider, staff, outsider };
}

export async function createOrganisation(db: Db, values: Partial<typeof organisations.$inferInsert> = {}) {
  const [row] = await db
    .insert(organisations)
    .values({ name: 'Test Organisation', ...values })
    .returning();
  return row;
}

export async function addOrganisationMember(db: Db, organisationId: number, userId: number, role: Role = 'STAFF') {
  await db.insert(organisationMembers).values({ organisationId, userId, role });
}

export async function joinOrganisation(db: Db, practiceId: number, organisationId: number | null) {
  await db.update(practices).set({ organisationId }).where(eq(practices.id, practiceId));
}

export async function organisationRoles(db: Db, organisationId: number, userId: number) {
  const rows = await db
    .select({ role: organisationMembers.role })
    .from(organisationMembers)
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return rows.map((r) => r.role).sort();
}

/** Audit events of one action about one target, newest first. */
export async function audited(db: Db, action: string, targetId: number | string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))))
    .orderBy(desc(auditEvents.id));
}

/** A team whose practice belongs to an organisation: the practice ADMIN is its ADMIN, the STAFF member its STAFF. */
export async function organisationTeam(t: TestApp) {
  const fixture = await team(t);
  const organisation = await createOrganisation(t.db, { name: `Org of ${fixture.practice.name}` });
  await joinOrganisation(t.db, fixture.practice.id, organisation.id);
  await addOrganisationMember(t.db, organisation.id, fixture.admin.user.id, 'ADMIN');
  await addOrganisationMember(t.db, organisation.id, fixture.staff.user.id, 'STAFF');
  return { ...fixture, organisation };
}
