import { and, count, desc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { invitesApi } from '@referwell/contracts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  authorizeOrganisation,
  authorizePractice,
  users,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { invites } from './invites.table.js';
import { deliverInvite, type InviteLetter } from './invite-delivery.js';
import { isMemberOfTarget } from './invite-membership.js';
import { accountFor, authorizeTarget, grantedRole, targetOfRequest, type InviteRequest } from './invite-request.js';
import {
  loadInvite,
  newInviteCode,
  senderColumns,
  senderOf,
  targetOf,
  toInvite,
  type InviteRow,
} from './invite-records.js';
import { validPhone } from '../../platform/phone.js';

type SendBody = z.output<typeof invitesApi.SendInviteBody>;
const { INVITE_RESEND_COOLDOWN_MS, INVITE_TTL_MS } = invitesApi;

const sameColumn = (column: PgColumn, value: number | null) => (value === null ? isNull(column) : eq(column, value));

/** The sending side of invites: create, send again, revoke, list a practice's pending ones. */
export function createInvitesService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function findPendingDuplicate(r: InviteRequest) {
    const address = r.email ? eq(invites.email, r.email) : eq(invites.phone, r.phone!);
    const [row] = await db
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.status, 'PENDING'),
          eq(invites.type, r.type),
          sameColumn(invites.practiceId, r.practiceId),
          sameColumn(invites.networkId, r.networkId),
          sameColumn(invites.organisationId, r.organisationId),
          address,
        ),
      )
      .orderBy(desc(invites.id))
      .limit(1);
    return row ?? null;
  }

  function assertMaySendAgain(invite: InviteRow) {
    if (Date.now() - invite.lastSentAt.getTime() < INVITE_RESEND_COOLDOWN_MS) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'This invite was sent less than a minute ago. Wait a minute before sending it again.',
      );
    }
  }

  /**
   * Gives a pending invite a fresh code and expiry and sends it. If it cannot be delivered (or a
   * text limit refuses it), the invite is put back as it was, so the sender may retry at once.
   */
  async function sendAgain(invite: InviteRow, change: Partial<InviteRow>, letter: InviteLetter) {
    const { code, codeHash } = newInviteCode();
    const now = new Date();
    const [row] = await db
      .update(invites)
      .set({ ...change, codeHash, lastSentAt: now, expiresAt: new Date(now.getTime() + INVITE_TTL_MS) })
      .where(and(eq(invites.id, invite.id), eq(invites.status, 'PENDING')))
      .returning();
    if (!row) throw new AppError('OBJECT_NOT_FOUND', 'This invite is no longer pending');
    try {
      await deliverInvite(ctx, row, code, letter);
    } catch (err) {
      // Refused or undelivered: the invite is put back as it was, its earlier link still working.
      const before = Object.fromEntries(Object.keys(change).map((key) => [key, invite[key as keyof InviteRow]]));
      await db
        .update(invites)
        .set({ ...before, codeHash: invite.codeHash, expiresAt: invite.expiresAt, lastSentAt: invite.lastSentAt })
        .where(eq(invites.id, invite.id));
      throw err;
    }
    return row;
  }

  async function record(
    action: 'invite.sent' | 'invite.resent' | 'invite.revoked',
    caller: Caller,
    row: InviteRow,
    details: Record<string, unknown> = {},
  ) {
    await audit.record({
      action,
      actorUserId: caller.user.id,
      subjectUserId: row.inviteeUserId,
      targetType: 'invite',
      targetId: row.id,
      practiceId: row.practiceId,
      details: {
        type: row.type,
        target: targetOf(row),
        practiceId: row.practiceId,
        networkId: row.networkId,
        organisationId: row.organisationId,
        role: row.role,
        ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}),
        ...details,
      },
    });
  }

  async function send(caller: Caller, r: InviteRequest): Promise<{ invite: invitesApi.Invite; resent: boolean }> {
    await authorizeTarget(db, caller, r);
    if (r.networkId !== null && r.organisationId !== null)
      throw new AppError('BAD_REQUEST', 'Invite to a network or to an organisation, not both.');
    const role = await grantedRole(db, caller, r);
    const account = await accountFor(db, r);
    if (account) {
      if (r.userId !== undefined) {
        r.email ??= account.email;
        if (!r.email) r.phone = account.phone;
      }
      if (r.type !== 'PATIENT' && account.kind !== 'PROVIDER') {
        throw new AppError('BAD_REQUEST', 'This is a patient account: invite it as a patient');
      }
      const member = await isMemberOfTarget(db, account.id, { ...r, target: targetOfRequest(r) });
      if (member) throw new AppError('ERROR_OBJECT_EXISTS', member);
    }
    if (!r.email && !r.phone)
      throw new AppError('BAD_REQUEST', 'This user has no e-mail address or phone number to send the invite to');
    // An address found on an account only binds the invite to it once the account has proven it.
    const bound =
      account &&
      (r.userId !== undefined ||
        (account.email === r.email && account.emailVerifiedAt) ||
        (account.phone === r.phone && account.phoneVerifiedAt))
        ? account.id
        : null;
    const letter = {
      inviterName: `${caller.user.firstName} ${caller.user.lastName}`.trim(),
      firstName: r.firstName,
      message: r.message,
    };

    const duplicate = await findPendingDuplicate(r);
    if (duplicate) {
      assertMaySendAgain(duplicate);
      const row = await sendAgain(
        duplicate,
        { role, invitedBy: caller.user.id, inviteeUserId: bound ?? duplicate.inviteeUserId },
        letter,
      );
      await record('invite.resent', caller, row);
      return { invite: toInvite(row, caller.user), resent: true };
    }

    const { code, codeHash } = newInviteCode();
    const [row] = await db
      .insert(invites)
      .values({
        codeHash,
        type: r.type,
        role,
        email: r.email,
        phone: r.phone,
        practiceId: r.practiceId,
        networkId: r.networkId,
        organisationId: r.organisationId,
        invitedBy: caller.user.id,
        inviteeUserId: bound,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      })
      .returning();
    try {
      await deliverInvite(ctx, row, code, letter);
    } catch (err) {
      await db.delete(invites).where(eq(invites.id, row.id));
      throw err;
    }
    await record('invite.sent', caller, row);
    return { invite: toInvite(row, caller.user), resent: false };
  }

  /** The inviter (while they may still invite there) or the practice's (organisation's) admins. */
  async function authorizeManage(caller: SessionCaller, invite: InviteRow) {
    if (invite.practiceId === null) {
      await authorizeOrganisation(db, caller, invite.organisationId!, 'organisation.manage');
      return;
    }
    const action = invite.invitedBy === caller.user.id ? 'team.invite' : 'team.manage';
    await authorizePractice(db, caller, invite.practiceId, action);
  }

  function assertPending(invite: InviteRow, doing: string) {
    if (invite.status !== 'PENDING') {
      throw new AppError(
        'BAD_REQUEST',
        `This invite is ${invite.status.toLowerCase()}; only pending invites can be ${doing}`,
      );
    }
  }

  async function resendManaged(caller: SessionCaller, invite: InviteRow, change: Partial<InviteRow> = {}) {
    await authorizeManage(caller, invite);
    assertPending(invite, 'sent again');
    assertMaySendAgain(invite);
    const sender = await senderOf(db, invite);
    const letter = {
      inviterName: sender
        ? `${sender.firstName} ${sender.lastName}`
        : `${caller.user.firstName} ${caller.user.lastName}`,
    };
    const row = await sendAgain(invite, change, letter);
    await record('invite.resent', caller, row, change.email ? { correctedEmail: true } : {});
    return toInvite(row, sender);
  }

  return {
    send: (caller: Caller, practiceId: number | undefined, body: SendBody) => {
      const phone = body.phoneNumber === undefined ? null : validPhone(body.phoneNumber, 'phoneNumber');
      return send(caller, {
        type: body.type,
        practiceId: body.organisationId ? null : (practiceId ?? null),
        networkId: body.networkId ?? null,
        organisationId: body.organisationId ?? null,
        email: body.email ?? null,
        phone,
        role: body.role ?? null,
        firstName: body.firstName,
        message: body.message,
      });
    },

    toPractice: (caller: Caller, practiceId: number, body: { userId?: number; email?: string }) =>
      send(caller, {
        type: 'PROVIDER',
        practiceId,
        networkId: null,
        organisationId: null,
        email: body.email ?? null,
        phone: null,
        role: null,
        userId: body.userId,
      }),

    toOrganisation: (caller: SessionCaller, organisationId: number, body: { userId?: number; email?: string }) =>
      send(caller, {
        type: 'PROVIDER',
        practiceId: null,
        networkId: null,
        organisationId,
        email: body.email ?? null,
        phone: null,
        role: null,
        userId: body.userId,
      }),

    fromSearch: (
      caller: SessionCaller,
      body: { searchid: number; practiceId: number; email: string; networkId?: number },
    ) =>
      send(caller, {
        type: 'PROVIDER',
        practiceId: body.practiceId,
        networkId: body.networkId ?? null,
        organisationId: null,
        email: body.email,
        phone: null,
        role: null,
        userId: body.searchid,
      }),

    async resend(caller: SessionCaller, id: number) {
      return resendManaged(caller, await loadInvite(db, id));
    },

    /** The practice's pending invite to an account, sent again (to a corrected address if given). */
    async resendToUser(caller: SessionCaller, userId: number, practiceId: number, newEmail?: string) {
      await authorizePractice(db, caller, practiceId, 'team.invite');
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw new AppError('OBJECT_NOT_FOUND', 'User not found');
      const addressed: SQL[] = [eq(invites.inviteeUserId, user.id)];
      if (user.email) addressed.push(eq(invites.email, user.email));
      if (user.phone) addressed.push(eq(invites.phone, user.phone));
      const [invite] = await db
        .select()
        .from(invites)
        .where(and(eq(invites.practiceId, practiceId), eq(invites.status, 'PENDING'), or(...addressed)))
        .orderBy(desc(invites.id))
        .limit(1);
      if (!invite) throw new AppError('OBJECT_NOT_FOUND', 'There is no pending invite to this user from the practice');
      return resendManaged(caller, invite, newEmail ? { email: newEmail, inviteeUserId: user.id } : {});
    },

    async revoke(caller: SessionCaller, id: number) {
      const invite = await loadInvite(db, id);
      await authorizeManage(caller, invite);
      assertPending(invite, 'revoked');
      const [row] = await db
        .update(invites)
        .set({ status: 'REVOKED', respondedBy: caller.user.id, respondedAt: new Date() })
        .where(and(eq(invites.id, id), eq(invites.status, 'PENDING')))
        .returning();
      if (!row) throw new AppError('BAD_REQUEST', 'This invite is no longer pending');
      await record('invite.revoked', caller, row);
    },

    async pending(caller: Caller, practiceId: number, page: number, pageSize: number) {
      await authorizePractice(db, caller, practiceId, 'team.view');
      const where = and(eq(invites.practiceId, practiceId), eq(invites.status, 'PENDING'));
      const [rows, [total]] = await Promise.all([
        db
          .select({ invite: invites, sender: senderColumns })
          .from(invites)
          .leftJoin(users, eq(users.id, invites.invitedBy))
          .where(where)
          .orderBy(desc(invites.createdAt), desc(invites.id))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ n: count() }).from(invites).where(where),
      ]);
      return { data: rows.map((r) => toInvite(r.invite, r.sender?.id ? r.sender : null)), count: total?.n ?? 0 };
    },
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
