import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_MS,
  REFRESH_TOKEN_TTL_MS,
  WEB_APPS,
  type ApiKeyPermission,
  type AuthApp,
} from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { randomToken, sha256 } from '../platform/auth/crypto.js';
import { AppError } from '../platform/errors.js';
import type { ClientInfo } from '../platform/http.js';
import { refreshTokens, sessions, users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A signed-in person, from the session cookie or a bearer token. */
export interface SessionCaller {
  user: UserRow;
  session: SessionRow;
  via: 'cookie' | 'bearer';
  apiKey: null;
}

/** What an integration's API key is allowed: one practice, a list of permissions. */
export interface ApiKeyScope {
  id: number;
  practiceId: number;
  permissions: readonly ApiKeyPermission[];
}

/** An integration calling with an API key; `user` is the key's creator, for attribution only. */
export interface ApiKeyCaller {
  user: UserRow;
  session: null;
  via: 'apiKey';
  apiKey: ApiKeyScope;
}

/** Who is calling: resolved once per request. Only endpoints marked `apiKey` see ApiKeyCaller. */
export type Caller = SessionCaller | ApiKeyCaller;

/** lastSeenAt is written at most this often, so reads do not turn every request into a write. */
const TOUCH_EVERY_MS = 15_000;

/** Sessions that just ended (logout, revocation, password change or reset, idle, a refresh token used twice). */
export type SessionsEndedListener = (ended: { id: number; userId: number }[]) => void;

/**
 * Bus topic on which every instance hears of sessions ended anywhere, so sockets opened with them
 * (the events socket, chat rooms on tokens they issued) close at once. The payload is `SessionsEnded`.
 */
export const SESSIONS_ENDED = 'SESSIONS_ENDED';

export interface SessionsEnded {
  sessionIds: number[];
}

/**
 * The sessions that `resolve` would still accept (ignoring a token session's short-lived access
 * token, which its refresh token renews, and its user's lock, which the caller joins), as a
 * condition on the sessions table: for checking what a session issued (room tokens) in bulk,
 * with the rule kept beside `resolve`.
 */
export function liveSession(idleMs: number, now = Date.now()): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date(now)),
    or(ne(sessions.kind, 'web'), gt(sessions.lastSeenAt, new Date(now - idleMs))),
  )!;
}

export function createSessionStore(db: Db, opts: { idleMs: number; maxMs: number }) {
  const sessionByToken = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('session_by_token');

  async function issueRefreshToken(sessionId: number) {
    const token = randomToken();
    await db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(token) });
    return token;
  }

  const endedListeners = new Set<SessionsEndedListener>();

  async function revoke(where: ReturnType<typeof eq>, reason: string) {
    const ended = await db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(where, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id, uuid: sessions.uuid, userId: sessions.userId });
    if (ended.length) for (const listener of endedListeners) listener(ended);
    return ended;
  }

  return {
    idleMs: opts.idleMs,

    /**
     * Calls `listener` with the sessions each revocation ends, once they are stored as ended (what
     * they issued, such as room tokens, ends with them). It must not throw; it is not awaited.
     */
    onEnded(listener: SessionsEndedListener) {
      endedListeners.add(listener);
    },

    /** Starts a session; web apps get a cookie token, every other app an access/refresh pair. */
    async create(userId: number, app: AuthApp, client: ClientInfo) {
      const now = Date.now();
      const token = randomToken();
      const web = WEB_APPS.includes(app);
      const [session] = await db
        .insert(sessions)
        .values({
          userId,
          app,
          kind: web ? 'web' : 'token',
          tokenHash: sha256(token),
          accessExpiresAt: web ? null : new Date(now + ACCESS_TOKEN_TTL_MS),
          ip: client.ip,
          userAgent: client.userAgent.slice(0, 500),
          expiresAt: new Date(now + (web ? opts.maxMs : REFRESH_TOKEN_TTL_MS)),
        })
        .returning();
      if (web) return { kind: 'web' as const, session: session, cookieToken: token };
      return {
        kind: 'token' as const,
        session: session,
        accessToken: token,
        refreshToken: await issueRefreshToken(session.id),
      };
    },

    /**
     * The caller behind a token, or null when it is unknown, revoked, idle too long or expired.
     * `touch: false` checks without counting as activity: an open socket must not keep an idle web
     * session alive.
     */
    async resolve(token: string, via: SessionCaller['via'], { touch = true } = {}): Promise<SessionCaller | null> {
      const [row] = await sessionByToken.execute({ hash: sha256(token) });
      if (!row) return null;
      const { session, user } = row;
      const now = Date.now();
      if (session.revokedAt || session.expiresAt.getTime() <= now || user.lockedAt) return null;
      if ((session.kind === 'web') !== (via === 'cookie')) return null;
      if (session.kind === 'web' && now - session.lastSeenAt.getTime() > opts.idleMs) {
        await revoke(eq(sessions.id, session.id), 'idle');
        return null;
      }
      if (session.kind === 'token' && (session.accessExpiresAt?.getTime() ?? 0) <= now) return null;
      if (touch && now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        session.lastSeenAt = new Date(now);
        await db.update(sessions).set({ lastSeenAt: session.lastSeenAt }).where(eq(sessions.id, session.id));
      }
      return { session, user, via, apiKey: null };
    },

    /**
     * Rotates a refresh token. A token that was already used means it leaked (or was replayed):
     * the whole session it belongs to is revoked.
     */
    async refresh(refreshToken: string) {
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ token: refreshTokens, session: sessions })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
          .for('update')
          .limit(1);
        if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= Date.now()) {
          throw new AppError('UNAUTHORIZED', 'Refresh token is not valid');
        }
        if (row.token.usedAt) {
          await tx
            .update(sessions)
            .set({ revokedAt: new Date(), revokeReason: 'refresh-token-reuse' })
            .where(eq(sessions.id, row.session.id));
          return { reused: true as const, session: row.session };
        }
        await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.token.id));
        const accessToken = randomToken();
        await tx
          .update(sessions)
          .set({ tokenHash: sha256(accessToken), accessExpiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_MS) })
          .where(eq(sessions.id, row.session.id));
        const next = randomToken();
        await tx.insert(refreshTokens).values({ sessionId: row.session.id, tokenHash: sha256(next) });
        return { reused: false as const, session: row.session, accessToken, refreshToken: next };
      });
      if (result.reused)
        for (const listener of endedListeners) listener([{ id: result.session.id, userId: result.session.userId }]);
      return result;
    },

    listActive(userId: number) {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** Ends one of a user's sessions; false when the user has no such live session. */
    async revokeOne(userId: number, uuid: string, reason: string) {
      const rows = await revoke(and(eq(sessions.userId, userId), eq(sessions.uuid, uuid))!, reason);
      return rows.length > 0;
    },

    revokeById: (id: number, reason: string) => revoke(eq(sessions.id, id), reason),

    /** Ends every session of a user, but the one named. */
    revokeAllExcept: (userId: number, keepSessionId: number | null, reason: string) =>
      revoke(
        keepSessionId === null
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))!,
        reason,
      ),
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
