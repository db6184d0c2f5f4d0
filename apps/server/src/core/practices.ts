import { and, eq } from 'drizzle-orm';
import type { BillingBasis, PracticeSummary } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { practices } from './practices.table.js';

export type PracticeRow = typeof practices.$inferSelect;

/** The columns a PracticeSummary is made of: select these, not whole rows, for long lists. */
export const practiceSummaryColumns = {
  id: practices.id,
  uuid: practices.uuid,
  name: practices.name,
  logoUrl: practices.logoUrl,
  type: practices.type,
  address: practices.address,
  colorScheme: practices.colorScheme,
  phoneNumber: practices.phoneNumber,
  alternativeScheduleLink: practices.alternativeScheduleLink,
};

export function toPracticeSummary(p: Pick<PracticeRow, keyof typeof practiceSummaryColumns>): PracticeSummary {
  return {
    id: p.id,
    uuid: p.uuid,
    name: p.name,
    logoUrl: p.logoUrl,
    type: p.type,
    address: p.address,
    colorScheme: p.colorScheme,
    phoneNumber: p.phoneNumber,
    alternativeScheduleLink: p.alternativeScheduleLink,
  };
}

// The writes the organisations module makes to its practices; see the rule in index.ts.

/** The practice joins the organisation, paying for itself until the organisation takes the bill; the practice as it is after. */
export async function setPracticeOrganisation(
  tx: Db,
  practiceId: number,
  organisationId: number,
): Promise<PracticeRow | undefined> {
  const [row] = await tx
    .update(practices)
    .set({ organisationId, billingBasis: 'PRACTICE', updatedAt: new Date() })
    .where(eq(practices.id, practiceId))
    .returning();
  return row;
}

/** The practice leaves the organisation and pays for itself again; false when it was not in it. */
export async function removePracticeOrganisation(db: Db, practiceId: number, organisationId: number): Promise<boolean> {
  const [row] = await db
    .update(practices)
    .set({ organisationId: null, billingBasis: 'PRACTICE', updatedAt: new Date() })
    .where(and(eq(practices.id, practiceId), eq(practices.organisationId, organisationId)))
    .returning({ id: practices.id });
  return row !== undefined;
}

/** Who pays for a practice of the organisation; the practice as it is after, or undefined when it is not in the organisation. */
export async function setPracticeBillingBasis(
  db: Db,
  practiceId: number,
  organisationId: number,
  billingBasis: BillingBasis,
): Promise<PracticeRow | undefined> {
  const [row] = await db
    .update(practices)
    .set({ billingBasis, updatedAt: new Date() })
    .where(and(eq(practices.id, practiceId), eq(practices.organisationId, organisationId)))
    .returning();
  return row;
}
