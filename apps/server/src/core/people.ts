import { sql, type SQL } from 'drizzle-orm';
import type { UserKind, directoryApi, rolesApi } from '@referwell/contracts';
import { users } from './users.table.js';
import { likeEscape } from '../db/like.js';

/** The user columns other people may see; select these rather than whole rows (no secrets in memory). */
export const personColumns = {
  id: users.id,
  uuid: users.uuid,
  firstName: users.firstName,
  lastName: users.lastName,
  title: users.title,
  kind: users.kind,
};
export const teamMemberColumns = { ...personColumns, email: users.email };

type PersonRow = Pick<typeof users.$inferSelect, keyof typeof personColumns>;

export function toPersonSummary(u: PersonRow): directoryApi.PersonSummary {
  return {
    id: u.id,
    uuid: u.uuid,
    firstName: u.firstName,
    lastName: u.lastName,
    title: u.title,
    kind: u.kind as UserKind,
  };
}

export function toTeamMember(u: PersonRow & { email: string | null }): rolesApi.TeamMember {
  return { ...toPersonSummary(u), email: u.email };
}

/** Stands in for someone whose account is gone, so referrals and discussions keep their shape. */
export const FORMER_USER: directoryApi.PersonSummary = {
  id: 0,
  uuid: '00000000-0000-0000-0000-000000000000',
  firstName: 'Former',
  lastName: 'user',
  title: null,
  kind: 'PROVIDER',
};

/** The person of `id` among those loaded, or FORMER_USER. */
export const personOr = (byId: Map<number, directoryApi.PersonSummary>, id: number | null) =>
  (id !== null && byId.get(id)) || FORMER_USER;

/** "First Last", as e-mails and search results name a person. */
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** People by name, the way lists sort them. */
export const byName = [users.lastName, users.firstName, users.id] as const;

const likeLiteral = (text: string) => likeEscape(text.toLowerCase());

/** A LIKE pattern matching `text` anywhere, whatever its case. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;

/** A LIKE pattern matching values that start with `text`, whatever its case. */
export const prefixPattern = (text: string) => `${likeLiteral(text)}%`;

/** Full names containing `text`, in the form the trigram index on users covers. */
export function nameContains(text: string): SQL {
  return sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${containsPattern(text)}`;
}
