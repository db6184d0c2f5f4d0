import { asc, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.js';
import type { PracticeMembership, PracticeSummary, Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { practiceMembers, practices } from './practices.table.js';

type PracticeRow = typeof practices.$inferSelect;

export function toPracticeSummary(p: PracticeRow): PracticeSummary {
  return {
    id: p.id,
    uuid: p.uuid,
    name: p.name,
    logoUrl: p.logoUrl,
    type: p.type as PracticeSummary['type'],
    address: p.address,
    colorScheme: p.colorScheme,
    phoneNumber: p.phoneNumber,
    alternativeScheduleLink: p.alternativeScheduleLink,
  };
}

/** Every practice a user belongs to, with the roles held there, by practice name. */
export async function membershipsOf(db: Db, userId: number): Promise<PracticeMembership[]> {
  const query = prepared(db, 'memberships_of_user', (d) =>
    d
      .select({ practice: practices, role: practiceMembers.role })
      .from(practiceMembers)
      .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
      .where(eq(practiceMembers.userId, sql.placeholder('userId')))
      .orderBy(asc(practices.name), asc(practices.id))
      .prepare('memberships_of_user'),
  );
  const rows = await query.execute({ userId });
  const byPractice = new Map<number, PracticeMembership>();
  for (const { practice, role } of rows) {
    const entry = byPractice.get(practice.id) ?? { practice: toPracticeSummary(practice), roles: [] };
    entry.roles.push(role as Role);
    byPractice.set(practice.id, entry);
  }
  return [...byPractice.values()];
}
