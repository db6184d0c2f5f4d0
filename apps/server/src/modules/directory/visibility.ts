import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { users, type UserRow } from '../../core/index.js';

/**
 * Who may see whom, as conditions on the `users` row of a query. Spelled in SQL so that searches
 * filter in the database, and written once so the profile, the directory and the phone lookup agree.
 */

/** The user `u` and the caller are members of one practice. */
export function sharesPractice(callerId: number): SQL {
  return sql`exists (
    select 1 from practice_members mine join practice_members theirs on theirs.practice_id = mine.practice_id
    where mine.user_id = ${callerId} and theirs.user_id = ${users.id})`;
}

/** Organisations a user is in: as a member, or through a practice that belongs to one. */
const organisationsOf = (user: SQL) => sql`
  select om.organisation_id from organisation_members om where om.user_id = ${user}
  union
  select p.organisation_id from practice_members pm join practices p on p.id = pm.practice_id
  where pm.user_id = ${user} and p.organisation_id is not null`;

/** Networks a user is in: owned by or containing one of their practices, or listing them as a provider. */
const networksOf = (user: SQL) => sql`
  select n.id from networks n join practice_members pm on pm.practice_id = n.practice_id where pm.user_id = ${user}
  union
  select np.network_id from network_practices np join practice_members pm on pm.practice_id = np.practice_id where pm.user_id = ${user}
  union
  select nv.network_id from network_providers nv where nv.user_id = ${user}`;

// Each side is a union: parenthesised, because INTERSECT binds tighter than UNION.
function sharesOrganisation(callerId: number): SQL {
  return sql`exists ((${organisationsOf(sql`${callerId}`)}) intersect (${organisationsOf(sql`${users.id}`)}))`;
}

function sharesNetwork(callerId: number): SQL {
  return sql`exists ((${networksOf(sql`${callerId}`)}) intersect (${networksOf(sql`${users.id}`)}))`;
}

/**
 * Whether the caller may see a user at all: themselves; anyone they share a practice with; and a
 * provider when the caller is a provider too (providers are discoverable for referrals) or shares
 * an organisation or a network with them. Patients are seen only within their own practices.
 */
export function visibleTo(caller: Pick<UserRow, 'id' | 'kind'>): SQL {
  const widerCircle =
    caller.kind === 'PROVIDER' ? sql`true` : or(sharesOrganisation(caller.id), sharesNetwork(caller.id))!;
  return or(eq(users.id, caller.id), sharesPractice(caller.id), and(eq(users.kind, 'PROVIDER'), widerCircle))!;
}
