import type { SessionInfo } from '@referwell/contracts';
import { setPasswordHash, type AppContext, type SessionCaller as Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { hashPassword } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { SignInService } from './sign-in.service.js';
import type { PasswordAttempts, SignInClient } from './password-attempts.js';
import type { AccountNotices } from './account-notices.js';

/** A user's sessions and password, once signed in (or proving who they are by an e-mailed code). */
export function createSessionsService(
  ctx: AppContext,
  signIn: SignInService,
  attempts: PasswordAttempts,
  notify: AccountNotices,
) {
  const { db, audit, sessions } = ctx;

  return {
    async refresh(token: string, client: ClientInfo) {
      const result = await sessions.refresh(token);
      if (result.reused) {
        await audit.record({
          action: 'auth.refresh_token_reused',
          subjectUserId: result.session.userId,
          ip: client.ip,
          userAgent: client.userAgent,
          targetType: 'session',
          targetId: result.session.uuid,
        });
        throw new AppError('UNAUTHORIZED', 'This refresh token was already used; sign in again');
      }
      return { accessToken: result.accessToken, refreshToken: result.refreshToken };
    },

    async list(caller: Caller): Promise<SessionInfo[]> {
      const rows = await sessions.listActive(caller.user.id);
      return rows
        .filter((s) => s.kind !== 'web' || Date.now() - s.lastSeenAt.getTime() <= sessions.idleMs)
        .map((s) => ({
          uuid: s.uuid,
          app: s.app,
          device: s.userAgent || 'Unknown device',
          ip: s.ip,
          createdAt: s.createdAt.getTime(),
          lastSeenAt: s.lastSeenAt.getTime(),
          current: s.id === caller.session.id,
        }));
    },

    async end(caller: Caller, uuid: string, client: ClientInfo) {
      if (!(await sessions.revokeOne(caller.user.id, uuid, 'ended-by-user'))) {
        throw new AppError('OBJECT_NOT_FOUND', 'No such session');
      }
      await audit.record({
        action: 'auth.session_revoked',
        actorUserId: caller.user.id,
        subjectUserId: caller.user.id,
        targetType: 'session',
        targetId: uuid,
        ip: client.ip,
        userAgent: client.userAgent,
      });
    },

    async logout(caller: Caller | null, client: ClientInfo) {
      if (!caller) return;
      await sessions.revokeById(caller.session.id, 'logout');
      await audit.record({
        action: 'auth.sign_out',
        actorUserId: caller.user.id,
        subjectUserId: caller.user.id,
        targetType: 'session',
        targetId: caller.session.uuid,
        ip: client.ip,
        userAgent: client.userAgent,
      });
    },

    /**
     * Changes the password; every other session of the user ends, this one stays. The current
     * password is throttled with sign-in's counts: a stolen session cannot guess it faster.
     */
    async updatePassword(caller: Caller, currentPassword: string, newPassword: string, client: SignInClient) {
      await attempts.verify(caller.user, caller.user.email ?? '', currentPassword, client, {
        app: caller.session.app,
        reason: 'password-change',
      });
      await setPasswordHash(db, caller.user.id, await hashPassword(newPassword), new Date());
      const ended = await sessions.revokeAllExcept(caller.user.id, caller.session.id, 'password-changed');
      await audit.record({
        action: 'auth.password_changed',
        actorUserId: caller.user.id,
        subjectUserId: caller.user.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { sessionsEnded: ended.length },
      });
      await notify(caller.user.email, 'password-changed', client);
    },

    /** E-mails a reset code (the earlier one-call contract over the reset flow). */
    passwordReset: (email: string) => signIn.start({ app: 'PROVIDER_WEB', email, isPasswordReset: true }, null),

    /** Sets a new password with the e-mailed code, without signing in. */
    async resetPassword(uuid: string, code: string, password: string, client: SignInClient) {
      await signIn.answer(uuid, { step: 'EMAIL_CODE', value: code }, client, { signIn: false });
      await signIn.answer(uuid, { step: 'SET_NEW_PASSWORD', value: password }, client, { signIn: false });
    },
  };
}
