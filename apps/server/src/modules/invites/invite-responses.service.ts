import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { invitesApi } from '@referwell/contracts';
import {
  authorizePractice,
  holdsAddress,
  toPracticeSummary,
  users,
  type AppContext,
  type SessionCaller,
  type UserRow,
} from '../../core/index.js';
import { safeEqual } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import { invites } from './invites.table.js';
import { describeTarget } from './invite-delivery.js';
import { acceptInTransaction } from './invite-membership.js';
import {
  addressedTo,
  inviteCodeHash,
  isExpired,
  isVerifiedAddressee,
  maskEmail,
  maskPhone,
  matchesAddress,
  pendingInvitesFor,
  senderOf,
  targetOf,
  type InviteRow,
} from './invite-records.js';

const NO_LONGER_VALID = 'This invite is no longer valid';
const EXPIRED = 'This invite has expired. Ask the person who invited you to send it again.';

/** The invitee's side of invites: look one up, accept, decline, ignore, list one's own. */
export function createInviteResponses(ctx: AppContext) {
  const { db, audit } = ctx;

  async function accountExists(invite: InviteRow) {
    if (invite.inviteeUserId !== null) return true;
    const by: SQL[] = [];
    // An address held past its time by a sign-up that never verified is released at signup: not counted.
    const now = ctx.clock.now();
    if (invite.email) by.push(and(eq(users.email, invite.email), holdsAddress('email', now))!);
    if (invite.phone) by.push(and(eq(users.phone, invite.phone), holdsAddress('phone', now))!);
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(or(...by))
      .limit(1);
    return Boolean(row);
  }

  async function toView(invite: InviteRow, viewer: UserRow | null): Promise<invitesApi.InviteView> {
    const [target, sender] = await Promise.all([describeTarget(db, invite), senderOf(db, invite)]);
    const isInvitee = viewer !== null && matchesAddress(invite, viewer);
    return {
      id: invite.id,
      type: invite.type,
      target: targetOf(invite),
      role: invite.role,
      status: invite.status,
      expiresAt: invite.expiresAt.getTime(),
      practice: target.practice && toPracticeSummary(target.practice),
      network: target.network && {
        id: target.network.row.id,
        name: target.network.row.name,
        practice: toPracticeSummary(target.network.owner),
      },
      organisation: target.organisation && {
        id: target.organisation.id,
        name: target.organisation.name,
        logoUrl: target.organisation.logoUrl,
      },
      inviter: sender && { firstName: sender.firstName, lastName: sender.lastName },
      email: invite.email && (isInvitee ? invite.email : maskEmail(invite.email)),
      phone: invite.phone && (isInvitee ? invite.phone : maskPhone(invite.phone)),
      isInvitee,
      accountExists: isInvitee || (await accountExists(invite)),
    };
  }

  /** 452 when it has expired, 404 when it no longer waits for an answer. */
  function assertOpen(invite: InviteRow) {
    if (invite.status !== 'PENDING') throw new AppError('OBJECT_NOT_FOUND', NO_LONGER_VALID);
    if (isExpired(invite)) throw new AppError('INVITE_EXPIRED', EXPIRED);
  }

  /** The invite a link's code opens, while it is open (assertOpen); 404 for a code that opens none. */
  async function openByCode(code: string) {
    const [invite] = await db
      .select()
      .from(invites)
      .where(eq(invites.codeHash, inviteCodeHash(code)))
      .limit(1);
    if (!invite) throw new AppError('OBJECT_NOT_FOUND', 'Invite not found');
    assertOpen(invite);
    return invite;
  }

  /**
   * The invite a caller may answer: with the code of its link, or (without one) as the account it
   * is addressed to. Anyone else learns nothing: 404.
   */
  async function answerable(id: number, code: string | undefined, user: UserRow | null) {
    const invite = await db
      .select()
      .from(invites)
      .where(eq(invites.id, id))
      .limit(1)
      .then((r) => r[0]);
    const allowed =
      invite &&
      (code !== undefined
        ? safeEqual(invite.codeHash, inviteCodeHash(code))
        : user !== null && isVerifiedAddressee(invite, user));
    if (!invite || !allowed) throw new AppError('OBJECT_NOT_FOUND', 'Invite not found');
    return invite;
  }

  /** Provider and vendor invites make staff; only provider accounts can be staff. */
  function assertAccountKind(invite: InviteRow, user: UserRow) {
    if (invite.type !== 'PATIENT' && user.kind !== 'PROVIDER') {
      throw new AppError('BAD_REQUEST', 'This invite is for a provider account; sign in with one to accept it');
    }
  }

  async function accept(
    invite: InviteRow,
    user: UserRow,
    networkPracticeId: number | null,
    details: Record<string, unknown> = {},
  ) {
    await acceptInTransaction(db, invite, user.id, networkPracticeId);
    await audit.record({
      action: 'invite.accepted',
      actorUserId: user.id,
      subjectUserId: user.id,
      targetType: 'invite',
      targetId: invite.id,
      practiceId: invite.practiceId,
      details: {
        type: invite.type,
        target: targetOf(invite),
        practiceId: invite.practiceId,
        networkId: invite.networkId,
        organisationId: invite.organisationId,
        role: invite.role,
        networkPracticeId,
        ...details,
      },
    });
    const target = targetOf(invite);
    return {
      inviteId: invite.id,
      target,
      practiceId: target === 'NETWORK' ? networkPracticeId : invite.practiceId,
      networkId: invite.networkId,
      organisationId: invite.organisationId,
      role: invite.role,
    };
  }

  /** An invite declined, or ignored (a quiet decline), by `userId`; null: by someone not signed in, with its link. */
  const auditTurnedDown = (action: 'invite.declined' | 'invite.ignored', invite: InviteRow, userId: number | null) =>
    audit.record({
      action,
      actorUserId: userId,
      subjectUserId: userId ?? invite.inviteeUserId,
      targetType: 'invite',
      targetId: invite.id,
      practiceId: invite.practiceId,
      details: { type: invite.type, target: targetOf(invite), practiceId: invite.practiceId },
    });

  async function respond(invite: InviteRow, status: 'DECLINED' | 'IGNORED', user: UserRow | null) {
    const [row] = await db
      .update(invites)
      .set({ status, respondedBy: user?.id ?? null, respondedAt: new Date() })
      .where(and(eq(invites.id, invite.id), eq(invites.status, 'PENDING')))
      .returning({ id: invites.id });
    if (!row) throw new AppError('OBJECT_NOT_FOUND', NO_LONGER_VALID);
    await auditTurnedDown(status === 'DECLINED' ? 'invite.declined' : 'invite.ignored', invite, user?.id ?? null);
  }

  return {
    async byCode(code: string, viewer: UserRow | null) {
      const invite = await openByCode(code);
      return toView(invite, viewer);
    },

    async mine(caller: SessionCaller) {
      const rows = await pendingInvitesFor(db, caller.user);
      return Promise.all(rows.map((row) => toView(row, caller.user)));
    },

    async accept(caller: SessionCaller, id: number, body: { code?: string; practiceId?: number }) {
      const invite = await answerable(id, body.code, caller.user);
      if (!matchesAddress(invite, caller.user)) {
        const to = invite.email ? maskEmail(invite.email) : maskPhone(invite.phone ?? '');
        throw new AppError(
          'FORBIDDEN',
          `This invite was sent to ${to}. Sign in with that account, or ask for the invite to be sent to your address.`,
        );
      }
      if (invite.status === 'ACCEPTED') throw new AppError('ERROR_OBJECT_EXISTS', 'This invite was already accepted');
      assertOpen(invite);
      assertAccountKind(invite, caller.user);
      let networkPracticeId: number | null = null;
      if (targetOf(invite) === 'NETWORK') {
        if (body.practiceId === undefined)
          throw new AppError('BAD_REQUEST', 'Choose which of your practices joins the network');
        await authorizePractice(db, caller, body.practiceId, 'networks.manage');
        if (body.practiceId === (await describeTarget(db, invite)).network?.owner.id) {
          throw new AppError('BAD_REQUEST', 'This practice owns the network');
        }
        networkPracticeId = body.practiceId;
      }
      return accept(invite, caller.user, networkPracticeId);
    },

    async decline(caller: SessionCaller | null, id: number, code: string | undefined) {
      if (code === undefined && !caller) throw new AppError('UNAUTHORIZED', 'Sign in, or use the link from the invite');
      const invite = await answerable(id, code, caller?.user ?? null);
      if (invite.status !== 'PENDING') throw new AppError('OBJECT_NOT_FOUND', NO_LONGER_VALID);
      await respond(invite, 'DECLINED', caller?.user ?? null);
    },

    /**
     * Hides invites from the signed-in invitee's list: they become IGNORED, a quiet decline — the
     * link stops working and the practice no longer lists them as pending. All or nothing.
     */
    async ignore(caller: SessionCaller, ids: number[], practiceId?: number) {
      const unique = [...new Set(ids)];
      const rows = await db
        .select()
        .from(invites)
        .where(and(inArray(invites.id, unique), eq(invites.status, 'PENDING'), addressedTo(caller.user)));
      const found = new Set(
        rows.filter((r) => practiceId === undefined || r.practiceId === practiceId).map((r) => r.id),
      );
      const missing = unique.find((id) => !found.has(id));
      if (missing !== undefined)
        throw new AppError('OBJECT_NOT_FOUND', `Invite ${missing} not found among your pending invites`);
      const changed = await db
        .update(invites)
        .set({ status: 'IGNORED', respondedBy: caller.user.id, respondedAt: new Date() })
        .where(and(inArray(invites.id, unique), eq(invites.status, 'PENDING')))
        .returning({ id: invites.id });
      const ignored = new Set(changed.map((r) => r.id));
      for (const row of rows.filter((r) => ignored.has(r.id))) {
        await auditTurnedDown('invite.ignored', row, caller.user.id);
      }
      return { ignored: [...ignored] };
    },

    /**
     * Checks the invite a new account signs up from: open, for this kind of account, and sent to
     * the e-mail or phone signed up with. Returns the invite and whether the e-mail matched (the
     * code then proves the person reads that mailbox).
     */
    async checkForSignup(code: string, signup: { kind: 'PROVIDER' | 'PATIENT'; email?: string; phone: string }) {
      const invite = await openByCode(code);
      if (signup.kind === 'PROVIDER' && invite.type === 'PATIENT') {
        throw new AppError('BAD_REQUEST', 'This invite is for a patient: sign up in the patient app');
      }
      if (signup.kind === 'PATIENT' && invite.type !== 'PATIENT') {
        throw new AppError('BAD_REQUEST', 'This invite is for a provider: sign up as a provider');
      }
      const emailMatched = invite.email !== null && invite.email === signup.email;
      if (!emailMatched && !(invite.phone !== null && invite.phone === signup.phone)) {
        throw new AppError(
          'BAD_REQUEST',
          invite.email
            ? `This invite was sent to ${maskEmail(invite.email)}: sign up with that e-mail address`
            : `This invite was sent to the phone number ending ${invite.phone!.slice(-4)}: sign up with that number`,
        );
      }
      return { invite, emailMatched };
    },

    /**
     * Accepts the invite a new account signed up from. Network invites wait: the new user has no
     * practice to add yet. Losing a race (the invite was revoked meanwhile) leaves the account as
     * it is; the signup itself stands.
     */
    async acceptAtSignup(invite: InviteRow, user: UserRow) {
      if (targetOf(invite) === 'NETWORK') return null;
      try {
        return await accept(invite, user, null, { atSignup: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        ctx.log.warn(
          { inviteId: invite.id, userId: user.id, code: err.code },
          'the invite of a new account could not be accepted',
        );
        return null;
      }
    },

    /** Accepts the caller's pending invite to join the practice, if they hold one. */
    async acceptPendingTo(user: UserRow, practiceId: number) {
      const rows = await pendingInvitesFor(db, user);
      const invite = rows.find(
        (r) => r.practiceId === practiceId && targetOf(r) === 'PRACTICE' && r.type !== 'PATIENT',
      );
      if (!invite) return null;
      assertAccountKind(invite, user);
      return accept(invite, user, null, { via: 'practice.join' });
    },
  };
}
export type InviteResponses = ReturnType<typeof createInviteResponses>;
