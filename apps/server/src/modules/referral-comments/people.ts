import { and, asc, inArray } from 'drizzle-orm';
import type { directoryApi, ValidationIssue } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import {
  byName,
  fullName,
  nameContains,
  personColumns,
  practiceMembers,
  toPersonSummary,
  users,
  type UserRow,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { visibleTo } from '../directory/index.js';
import { distinct } from '../../platform/lists.js';

/** The people behind the given id lists, by id. */
export async function peopleById(
  db: Db,
  idLists: readonly (readonly (number | null)[])[],
): Promise<Map<number, directoryApi.PersonSummary>> {
  const ids = distinct(idLists.flat().filter((id): id is number => id !== null));
  const rows = ids.length ? await db.select(personColumns).from(users).where(inArray(users.id, ids)) : [];
  return new Map(rows.map((r) => [r.id, toPersonSummary(r)]));
}

/** The user ids of the practices' members, as a subquery. */
export const membersOf = (db: Db, practiceIds: readonly number[]) =>
  db
    .selectDistinct({ id: practiceMembers.userId })
    .from(practiceMembers)
    .where(inArray(practiceMembers.practiceId, [...practiceIds]));

/** Members of the practices, as user ids. */
export async function memberIdsOf(db: Db, practiceIds: readonly number[]): Promise<number[]> {
  return (await membersOf(db, practiceIds)).map((r) => r.id);
}

const inPractices = (db: Db, practiceIds: readonly number[]) => inArray(users.id, membersOf(db, practiceIds));

/**
 * Checks that everyone mentioned belongs to one of `practiceIds` (the people who may read what
 * mentions them); otherwise a 400 with one issue per person, named when the caller may see them
 * at all and by id otherwise (a refusal must not reveal who an arbitrary id is).
 */
export async function assertMentionable(
  db: Db,
  caller: UserRow,
  mentioned: readonly number[],
  practiceIds: readonly number[],
  refusal: (name: string) => string,
): Promise<number[]> {
  const ids = distinct(mentioned);
  if (!ids.length) return ids;
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inPractices(db, practiceIds)));
  const allowed = new Set(members.map((m) => m.id));
  const refused = ids.filter((id) => !allowed.has(id));
  if (!refused.length) return ids;
  const known = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, refused), visibleTo(caller)));
  const names = new Map(known.map((u) => [u.id, fullName(u)]));
  // Issues point at the body's own list, at each refused person's first appearance.
  const issues: ValidationIssue[] = refused.map((id) => ({
    path: ['body', 'usersMentioned', mentioned.indexOf(id)],
    message: refusal(names.get(id) ?? `User ${id}`),
  }));
  throw new AppError('BAD_REQUEST', issues[0].message, issues);
}

/** Members of any of the practices whose name contains `query`, each once, by name. */
export async function practiceMembersNamed(
  db: Db,
  practiceIds: readonly number[],
  query: string | undefined,
  limit: number,
): Promise<directoryApi.PersonSummary[]> {
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(inPractices(db, practiceIds), query ? nameContains(query) : undefined))
    .orderBy(...byName.map((c) => asc(c)))
    .limit(limit);
  return rows.map(toPersonSummary);
}
