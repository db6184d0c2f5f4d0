import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { contactsApi } from '@referwell/contracts';
import {
  authorizePractice,
  practiceMembers,
  practices,
  toPracticeSummary,
  users,
  type AppContext,
  type SessionCaller,
} from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { assertSelf } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { auditPractice, containsPattern, personMatches, touchRecentPractice } from '../practices/index.js';
import { practiceContacts, userContacts } from './contacts.table.js';

type ContactUser = contactsApi.ContactUser;

/** A user's own address book, and the practices their practices keep in theirs. */
export function createContactsService(ctx: AppContext) {
  const { db, audit } = ctx;

  const contactIdsOf = (userId: number) =>
    db.select({ id: userContacts.contactUserId }).from(userContacts).where(eq(userContacts.userId, userId));

  /** The people matching `where`, a page of them by last name, each with the active practices they belong to. */
  async function people(where: SQL | undefined, offset: number, limit: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          uuid: users.uuid,
          firstName: users.firstName,
          lastName: users.lastName,
          title: users.title,
          email: users.email,
        })
        .from(users)
        .where(where)
        .orderBy(sql`lower(${users.lastName})`, sql`lower(${users.firstName})`, asc(users.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(users).where(where),
    ]);
    const ids = rows.map((r) => r.id);
    const memberships = ids.length
      ? await db
          .selectDistinct({ userId: practiceMembers.userId, id: practices.id, name: practices.name })
          .from(practiceMembers)
          .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
          .where(and(inArray(practiceMembers.userId, ids), eq(practices.active, true)))
          .orderBy(asc(practices.name), asc(practices.id))
      : [];
    const data: ContactUser[] = rows.map((r) => ({
      ...r,
      practices: memberships.filter((m) => m.userId === r.id).map(({ id, name }) => ({ id, name })),
    }));
    return { data, count: total?.n ?? 0 };
  }

  /** An address book entry added or removed: a user's own, with the contact as the target. */
  const auditUserContact = (
    action: 'user.contact_added' | 'user.contact_removed',
    userId: number,
    contactId: number,
    client: ClientInfo,
  ) =>
    audit.record({
      action,
      actorUserId: userId,
      subjectUserId: userId,
      targetType: 'user',
      targetId: contactId,
      ip: client.ip,
      userAgent: client.userAgent,
    });

  return {
    /** Only active provider accounts can be contacts; adding one twice is harmless. */
    async addUserContact(caller: SessionCaller, userId: number, contactId: number, client: ClientInfo) {
      assertSelf(caller, userId);
      if (contactId === userId) throw new AppError('BAD_REQUEST', 'You cannot add yourself as a contact');
      const [contact] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, contactId), eq(users.kind, 'PROVIDER'), isNull(users.lockedAt)));
      if (!contact) throw new AppError('OBJECT_NOT_FOUND', 'No such provider');
      const added = await db
        .insert(userContacts)
        .values({ userId, contactUserId: contactId })
        .onConflictDoNothing()
        .returning();
      if (added.length) {
        await auditUserContact('user.contact_added', userId, contactId, client);
      }
    },

    async removeUserContact(caller: SessionCaller, userId: number, contactId: number, client: ClientInfo) {
      assertSelf(caller, userId);
      const removed = await db
        .delete(userContacts)
        .where(and(eq(userContacts.userId, userId), eq(userContacts.contactUserId, contactId)))
        .returning();
      if (removed.length) {
        await auditUserContact('user.contact_removed', userId, contactId, client);
      }
    },

    list(caller: SessionCaller, q: { search?: string; page: number; pageSize: number }) {
      const where = and(
        inArray(users.id, contactIdsOf(caller.user.id)),
        q.search ? personMatches(q.search) : undefined,
      );
      return people(where, q.page * q.pageSize, q.pageSize);
    },

    /** Someone to write to or refer to: your contacts and, when asked, your colleagues in practiceId (never you). */
    async reachable(caller: SessionCaller, q: { practiceId?: number; skip: number; limit: number; query?: string }) {
      if (q.practiceId !== undefined) await authorizePractice(db, caller, q.practiceId, 'team.view');
      const colleagues =
        q.practiceId !== undefined
          ? inArray(
              users.id,
              db
                .select({ id: practiceMembers.userId })
                .from(practiceMembers)
                .where(eq(practiceMembers.practiceId, q.practiceId)),
            )
          : undefined;
      const where = and(
        or(inArray(users.id, contactIdsOf(caller.user.id)), colleagues),
        ne(users.id, caller.user.id),
        isNull(users.lockedAt),
        q.query ? personMatches(q.query) : undefined,
      );
      return people(where, q.skip, q.limit);
    },

    /**
     * Practices any of the caller's practices keeps as a contact, by name; with practiceId, that
     * practice's own address book, so what is listed is what its remove button can remove.
     */
    async practices(caller: SessionCaller, q: { practiceId?: number; skip: number; limit: number; query?: string }) {
      if (q.practiceId !== undefined) await authorizePractice(db, caller, q.practiceId, 'contacts.manage');
      const mine = db
        .select({ id: practiceMembers.practiceId })
        .from(practiceMembers)
        .where(eq(practiceMembers.userId, caller.user.id));
      const kept = db
        .select({ id: practiceContacts.contactPracticeId })
        .from(practiceContacts)
        .where(
          q.practiceId !== undefined
            ? eq(practiceContacts.practiceId, q.practiceId)
            : inArray(practiceContacts.practiceId, mine),
        );
      const where = and(
        inArray(practices.id, kept),
        eq(practices.active, true),
        q.query ? ilike(practices.name, containsPattern(q.query)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(practices)
          .where(where)
          .orderBy(sql`lower(${practices.name})`, asc(practices.id))
          .limit(q.limit)
          .offset(q.skip),
        db.select({ n: count() }).from(practices).where(where),
      ]);
      return { data: rows.map(toPracticeSummary), count: total?.n ?? 0 };
    },

    async addPracticeContact(caller: SessionCaller, practiceId: number, otherId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'contacts.manage');
      if (otherId === practiceId) throw new AppError('BAD_REQUEST', 'A practice cannot add itself as a contact');
      const [other] = await db
        .select({ id: practices.id })
        .from(practices)
        .where(and(eq(practices.id, otherId), eq(practices.active, true)));
      if (!other) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
      const added = await db
        .insert(practiceContacts)
        .values({ practiceId, contactPracticeId: otherId })
        .onConflictDoNothing()
        .returning();
      await touchRecentPractice(db, practiceId, otherId);
      if (added.length) {
        await auditPractice(audit, caller, client, {
          action: 'practice.contact_added',
          practiceId,
          details: { contactPracticeId: otherId },
        });
      }
    },

    async removePracticeContact(caller: SessionCaller, practiceId: number, otherId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'contacts.manage');
      const removed = await db
        .delete(practiceContacts)
        .where(and(eq(practiceContacts.practiceId, practiceId), eq(practiceContacts.contactPracticeId, otherId)))
        .returning();
      if (removed.length) {
        await auditPractice(audit, caller, client, {
          action: 'practice.contact_removed',
          practiceId,
          details: { contactPracticeId: otherId },
        });
      }
    },
  };
}
