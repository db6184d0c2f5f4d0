import { and, asc, count, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { Email, directoryApi } from '@referwell/contracts';
import {
  byName,
  nameContains,
  personColumns,
  practiceMembers,
  practices,
  prefixPattern,
  toPersonSummary,
  toPracticeSummary,
  users,
  type AppContext,
  type SessionCaller,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { sharesPractice, visibleTo } from './visibility.js';
import { validPhone } from '../../platform/phone.js';

type Person = Parameters<typeof toPersonSummary>[0];

export function createDirectoryService(ctx: AppContext) {
  const { db } = ctx;

  /**
   * Profiles with the practices each person works in. A patient's practices are shown only where
   * the caller is a member too: being a patient elsewhere is nobody else's business.
   */
  async function profiles(caller: SessionCaller, people: Person[]): Promise<directoryApi.UserProfile[]> {
    if (!people.length) return [];
    const [memberships, callerPractices] = await Promise.all([
      db
        .selectDistinct({ userId: practiceMembers.userId, practice: practices })
        .from(practiceMembers)
        .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
        .where(
          inArray(
            practiceMembers.userId,
            people.map((p) => p.id),
          ),
        )
        .orderBy(asc(practiceMembers.userId), asc(practices.name), asc(practices.id)),
      db
        .select({ id: practiceMembers.practiceId })
        .from(practiceMembers)
        .where(eq(practiceMembers.userId, caller.user.id)),
    ]);
    const shared = new Set(callerPractices.map((p) => p.id));
    return people.map((person) => ({
      ...toPersonSummary(person),
      practices: memberships
        .filter(
          (m) =>
            m.userId === person.id &&
            (person.kind !== 'PATIENT' || person.id === caller.user.id || shared.has(m.practice.id)),
        )
        .map((m) => toPracticeSummary(m.practice)),
    }));
  }

  /** Whether the caller may see the user; the id of someone they may not see is never confirmed. */
  async function isVisible(caller: SessionCaller, userId: number) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), visibleTo(caller.user)));
    return row !== undefined;
  }

  return {
    /**
     * Members of the caller's practices by name (or, for them, by e-mail prefix); with `suggest`,
     * a provider also finds providers of any practice by name, to refer to; `providerAt` keeps
     * those who are providers of that practice.
     */
    async search(
      caller: SessionCaller,
      q: { query: string; suggest: boolean; excludeUser?: number; providerAt?: number; page: number },
    ) {
      const colleague = sharesPractice(caller.user.id);
      const provider = and(
        eq(users.kind, 'PROVIDER'),
        exists(
          db
            .select({ one: sql`1` })
            .from(practiceMembers)
            .where(eq(practiceMembers.userId, users.id)),
        ),
      );
      const findable = q.suggest && caller.user.kind === 'PROVIDER' ? or(colleague, provider) : colleague;
      const where = and(
        findable,
        or(nameContains(q.query), and(colleague, sql`lower(${users.email}) like ${prefixPattern(q.query)}`)),
        q.excludeUser ? ne(users.id, q.excludeUser) : undefined,
        q.providerAt === undefined
          ? undefined
          : exists(
              db
                .select({ one: sql`1` })
                .from(practiceMembers)
                .where(
                  and(
                    eq(practiceMembers.userId, users.id),
                    eq(practiceMembers.practiceId, q.providerAt),
                    eq(practiceMembers.role, 'PROVIDER'),
                  ),
                ),
            ),
      );
      const pageSize = directoryApi.DIRECTORY_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select(personColumns)
          .from(users)
          .where(where)
          .orderBy(...byName.map((c) => asc(c)))
          .limit(pageSize)
          .offset(q.page * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { data: await profiles(caller, rows), count: total?.n ?? 0 };
    },

    /** 404 for anyone the caller may not see, exactly as for an id nobody has. */
    async profile(caller: SessionCaller, userId: number): Promise<directoryApi.UserProfileDetails> {
      const [row] = await db
        .select({ ...personColumns, credentials: users.credentials, npi: users.npi, bio: users.bio })
        .from(users)
        .where(and(eq(users.id, userId), visibleTo(caller.user)));
      if (!row) throw new AppError('NOT_FOUND', 'User not found');
      const { credentials, npi, bio } = row;
      return { ...(await profiles(caller, [row]))[0], professional: { credentials, npi, bio } };
    },

    /**
     * Whether an account has this number, for people on a practice's staff (to invite or add a
     * patient without creating a duplicate). The id comes only when the caller may see the owner.
     */
    async byPhone(caller: SessionCaller, phoneNumber: string) {
      const [inPractice] = await db
        .select({ id: practiceMembers.practiceId })
        .from(practiceMembers)
        .where(eq(practiceMembers.userId, caller.user.id))
        .limit(1);
      if (!inPractice) throw new AppError('FORBIDDEN', 'Only members of a practice can look up phone numbers');
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, validPhone(phoneNumber, 'phoneNumber', 'querystring')));
      if (!row) return { exists: false };
      return (await isVisible(caller, row.id)) ? { exists: true, userId: row.id } : { exists: true };
    },

    /** Whether an e-mail address or phone number already belongs to an account (signup tells the same). */
    async taken(value: string) {
      let where;
      if (value.includes('@')) {
        const email = Email.safeParse(value);
        if (!email.success) throw new AppError('BAD_REQUEST', 'Invalid e-mail address');
        where = eq(users.email, email.data);
      } else {
        where = eq(users.phone, validPhone(value, 'value', 'querystring'));
      }
      const [row] = await db.select({ id: users.id }).from(users).where(where).limit(1);
      return { taken: row !== undefined };
    },
  };
}
export type DirectoryService = ReturnType<typeof createDirectoryService>;
