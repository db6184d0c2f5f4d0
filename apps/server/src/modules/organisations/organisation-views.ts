import { asc, count, eq, inArray } from 'drizzle-orm';
import type { organisationsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { organisationMembers, organisations, practices, toPracticeSummary } from '../../core/index.js';
import { sortRoles } from '../roles/index.js';

type OrganisationRow = typeof organisations.$inferSelect;
type PracticeRow = typeof practices.$inferSelect;

export function toOrganisation(o: OrganisationRow): organisationsApi.Organisation {
  return {
    id: o.id,
    uuid: o.uuid,
    name: o.name,
    address: o.address,
    phoneNumber: o.phoneNumber,
    logoUrl: o.logoUrl,
    billingEmail: o.billingEmail,
    createdAt: o.createdAt.getTime(),
    updatedAt: o.updatedAt.getTime(),
  };
}

export function toOrganisationPractice(p: PracticeRow): organisationsApi.OrganisationPractice {
  return { ...toPracticeSummary(p), billingBasis: p.billingBasis };
}

/** Organisations as a user sees them: with the roles they hold there and how many practices they have. */
export async function viewsFor(
  db: Db,
  userId: number,
  rows: OrganisationRow[],
): Promise<organisationsApi.OrganisationView[]> {
  if (!rows.length) return [];
  const ids = rows.map((o) => o.id);
  const [roles, counts] = await Promise.all([
    db
      .select({ organisationId: organisationMembers.organisationId, role: organisationMembers.role })
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, userId)),
    db
      .select({ organisationId: practices.organisationId, n: count() })
      .from(practices)
      .where(inArray(practices.organisationId, ids))
      .groupBy(practices.organisationId),
  ]);
  return rows.map((o) => ({
    ...toOrganisation(o),
    roles: sortRoles(roles.filter((r) => r.organisationId === o.id).map((r) => r.role)),
    practiceCount: counts.find((c) => c.organisationId === o.id)?.n ?? 0,
  }));
}

/** The organisations a user holds roles in, by name. */
export async function organisationsOf(db: Db, userId: number) {
  const mine = db
    .select({ id: organisationMembers.organisationId })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  const rows = await db
    .select()
    .from(organisations)
    .where(inArray(organisations.id, mine))
    .orderBy(asc(organisations.name), asc(organisations.id));
  return viewsFor(db, userId, rows);
}
