import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_USER_SETTINGS, type CurrentUserResponse, type User, type UserSettings } from '@referwell/contracts';
import {
  authorizePractice,
  users,
  userSettings,
  type AppContext,
  type SessionCaller as Caller,
  type UserRow,
} from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { assertSelf } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { membershipsOf } from '../practices/index.js';
import type { SignInService } from '../auth/index.js';
import { removeUserPhoto } from './user-photo.js';

export function toUser(u: UserRow): User {
  return {
    id: u.id,
    uuid: u.uuid,
    kind: u.kind as User['kind'],
    email: u.email,
    phone: u.phone,
    firstName: u.firstName,
    lastName: u.lastName,
    title: u.title,
    photoUrl: u.photoUrl,
    isPlatformAdmin: u.isPlatformAdmin,
    emailVerified: u.emailVerifiedAt !== null,
    phoneVerified: u.phoneVerifiedAt !== null,
    practiceId: u.currentPracticeId,
    createdAt: u.createdAt.getTime(),
  };
}

export function createUsersService(ctx: AppContext, signIn: SignInService) {
  const { db, audit } = ctx;

  async function settingsRow(userId: number, practiceId: number) {
    const [row] = await db
      .select({ settings: userSettings.settings })
      .from(userSettings)
      .where(and(eq(userSettings.userId, userId), eq(userSettings.practiceId, practiceId)));
    return { ...DEFAULT_USER_SETTINGS, ...row?.settings };
  }

  return {
    /**
     * The caller with their current practice: the one asked for (if they belong to it), else the
     * one they last chose, else their first practice. A practice they left is never shown.
     */
    async current(caller: Caller, practiceId?: number): Promise<CurrentUserResponse> {
      const memberships = await membershipsOf(db, caller.user.id);
      if (practiceId !== undefined && !memberships.some((m) => m.practice.id === practiceId)) {
        throw new AppError('FORBIDDEN', 'You do not have access to this practice');
      }
      const wanted = practiceId ?? caller.user.currentPracticeId;
      const currentPractice = memberships.find((m) => m.practice.id === wanted) ?? memberships[0] ?? null;
      const { session } = caller;
      return {
        user: { ...toUser(caller.user), practiceId: currentPractice?.practice.id ?? null },
        currentPractice,
        session: {
          uuid: session.uuid,
          idleTimeoutMs: ctx.sessions.idleMs,
          expiresAt: session.expiresAt.getTime(),
        },
      };
    },

    practices: (caller: Caller) => membershipsOf(db, caller.user.id),

    async getSettings(caller: Caller, userId: number, practiceId: number): Promise<UserSettings> {
      assertSelf(caller, userId);
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return settingsRow(userId, practiceId);
    },

    async updateSettings(caller: Caller, userId: number, practiceId: number, change: Partial<UserSettings>) {
      assertSelf(caller, userId);
      await authorizePractice(db, caller, practiceId, 'practice.view');
      // Only the change is merged in, inside the statement: two changes at once both stay.
      const [row] = await db
        .insert(userSettings)
        .values({ userId, practiceId, settings: change })
        .onConflictDoUpdate({
          target: [userSettings.userId, userSettings.practiceId],
          set: { settings: sql`${userSettings.settings} || excluded.settings`, updatedAt: new Date() },
        })
        .returning({ settings: userSettings.settings });
      return { ...DEFAULT_USER_SETTINGS, ...row.settings };
    },

    async edit(
      caller: Caller,
      userId: number,
      change: { firstName?: string; lastName?: string; title?: string | null; practiceId?: number },
      client: ClientInfo,
    ): Promise<User> {
      assertSelf(caller, userId);
      const { practiceId, ...profile } = change;
      if (practiceId !== undefined) await authorizePractice(db, caller, practiceId, 'practice.view');
      const [row] = await db
        .update(users)
        .set({
          ...profile,
          ...(practiceId !== undefined ? { currentPracticeId: practiceId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      await audit.record({
        action: 'user.updated',
        actorUserId: caller.user.id,
        subjectUserId: userId,
        ip: client.ip,
        details: { fields: Object.keys(change) },
      });
      return toUser(row);
    },

    async removePhoto(caller: Caller, userId: number, client: ClientInfo): Promise<User> {
      assertSelf(caller, userId);
      return toUser(await removeUserPhoto(ctx, userId, client));
    },

    /** Texts a code to a new number; the number becomes the user's when the code comes back. */
    async verifyPhone(caller: Caller, userId: number, phone: string) {
      assertSelf(caller, userId);
      // The flow normalises the number and refuses an invalid one (ERROR_INVALID_PHONE_NUMBER).
      await signIn.start({ app: 'UPDATE_PHONE', phone }, caller);
    },

    async verifyCode(caller: Caller, userId: number, code: string, client: ClientInfo): Promise<User> {
      assertSelf(caller, userId);
      const uuid = await signIn.pendingFlowFor(userId, 'UPDATE_PHONE');
      if (!uuid) throw new AppError('OBJECT_NOT_FOUND', 'Ask for a new code first');
      await signIn.answer(uuid, { step: 'PHONE_CODE', value: code }, client);
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return toUser(row);
    },
  };
}
