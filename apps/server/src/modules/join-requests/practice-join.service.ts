import { eq, inArray } from 'drizzle-orm';
import type { joinRequestsApi } from '@referwell/contracts';
import { practices, rolesIn, toPracticeSummary, type AppContext, type SessionCaller } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { pendingInvitesFor, targetOf, type InviteResponses } from '../invites/index.js';
import type { JoinRequestsService } from './join-requests.service.js';

type JoinResult = joinRequestsApi.JoinResult;

/**
 * Joining practices from the signed-in user's side: `POST /practice/join` and the practices one
 * could join (pending invites to one's verified addresses, and one's own pending join requests).
 */
export function createPracticeJoinService(ctx: AppContext, requests: JoinRequestsService, invites: InviteResponses) {
  const { db } = ctx;

  async function joinOne(caller: SessionCaller, practiceId: number, message: string): Promise<JoinResult> {
    const result = { practiceId, roles: [], joinRequestId: null, inviteId: null };
    const [practice] = await db.select().from(practices).where(eq(practices.id, practiceId)).limit(1);
    if (!practice) return { ...result, outcome: 'NOT_FOUND' };
    const held = await rolesIn(db, caller.user.id, practiceId);
    if (held.length) return { ...result, outcome: 'ALREADY_MEMBER', roles: held };
    const accepted = await invites.acceptPendingTo(caller.user, practiceId);
    if (accepted) {
      return {
        ...result,
        outcome: 'JOINED',
        inviteId: accepted.inviteId,
        roles: await rolesIn(db, caller.user.id, practiceId),
      };
    }
    try {
      const request = await requests.open(caller.user, practice, message);
      return { ...result, outcome: 'REQUESTED', joinRequestId: request.id };
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERROR_OBJECT_EXISTS') {
        const [pending] = (await requests.pendingOf(caller.user.id)).filter((r) => r.request.practiceId === practiceId);
        return { ...result, outcome: 'ALREADY_REQUESTED', joinRequestId: pending?.request.id ?? null };
      }
      throw err;
    }
  }

  return {
    async join(caller: SessionCaller, practiceIds: number[], message: string) {
      requests.assertMayJoin(caller.user);
      const results: JoinResult[] = [];
      for (const id of new Set(practiceIds)) results.push(await joinOne(caller, id, message));
      return { results };
    },

    async available(caller: SessionCaller): Promise<joinRequestsApi.AvailablePractice[]> {
      const invited = (await pendingInvitesFor(db, caller.user)).filter(
        (i) => targetOf(i) === 'PRACTICE' && i.type !== 'PATIENT',
      );
      const requested = await requests.pendingOf(caller.user.id);
      const ids = [...new Set([...invited.map((i) => i.practiceId!), ...requested.map((r) => r.request.practiceId)])];
      if (!ids.length) return [];
      const rows = await db.select().from(practices).where(inArray(practices.id, ids));
      return rows
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
        .map((practice) => {
          const invite = invited.find((i) => i.practiceId === practice.id);
          const request = requested.find((r) => r.request.practiceId === practice.id)?.request;
          return {
            practice: toPracticeSummary(practice),
            invite: invite ? { id: invite.id, role: invite.role, expiresAt: invite.expiresAt.getTime() } : null,
            joinRequest: request ? { id: request.id, createdAt: request.createdAt.getTime() } : null,
          };
        });
    },
  };
}
