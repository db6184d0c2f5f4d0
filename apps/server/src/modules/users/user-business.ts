import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { userBusinessApi, type PracticeMembership } from '@referwell/contracts';
import {
  addPracticeMember,
  lockPractice,
  removePracticeMember,
  rolesIn,
  users,
  type AppContext,
  type SessionCaller as Caller,
} from '../../core/index.js';
import { route, type ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { membershipsOf } from '../practices/index.js';

type ProfessionalDetails = userBusinessApi.ProfessionalDetails;

/**
 * Professional details and becoming a provider (docs/decisions.md "Professional details and
 * becoming a provider"): each acts on the signed-in user only.
 */
export function createUserBusinessService(ctx: AppContext) {
  const { db, audit } = ctx;

  return {
    /** Fields left out stay as they are; an empty one was made null by the contract. */
    async updateProfessional(
      caller: Caller,
      change: Partial<ProfessionalDetails>,
      client: ClientInfo,
    ): Promise<ProfessionalDetails> {
      if (caller.user.kind === 'PATIENT') {
        throw new AppError('FORBIDDEN', 'Professional details are for people working in practices');
      }
      const [row] = await db
        .update(users)
        .set({ ...change, updatedAt: new Date() })
        .where(eq(users.id, caller.user.id))
        .returning({ credentials: users.credentials, npi: users.npi, bio: users.bio });
      await audit.record({
        action: 'user.professional_details_changed',
        actorUserId: caller.user.id,
        subjectUserId: caller.user.id,
        targetType: 'user',
        targetId: caller.user.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { fields: Object.keys(change) },
      });
      return row;
    },

    /**
     * A staff member who is in fact a clinician makes themselves a provider of the practice: their
     * STAFF role there becomes PROVIDER, so referrals can be matched to them. Someone who already is
     * a provider there gets their membership back unchanged (a second click or a retry is harmless).
     */
    async becomeProvider(caller: Caller, practiceId: number, client: ClientInfo): Promise<PracticeMembership> {
      const userId = caller.user.id;
      if (caller.user.kind === 'PATIENT') throw new AppError('FORBIDDEN', 'Patients cannot become providers');
      const converted = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        const roles = await rolesIn(tx, userId, practiceId);
        if (!roles.length) throw new AppError('FORBIDDEN', 'You do not have access to this practice');
        if (roles.includes('PROVIDER')) return false;
        if (!roles.includes('STAFF')) {
          throw new AppError('FORBIDDEN', 'Only staff members of a practice can become its providers');
        }
        await removePracticeMember(tx, practiceId, userId, 'STAFF');
        await addPracticeMember(tx, practiceId, userId, 'PROVIDER');
        return true;
      });
      if (converted) {
        await audit.record({
          action: 'user.became_provider',
          actorUserId: userId,
          subjectUserId: userId,
          targetType: 'practice',
          targetId: practiceId,
          practiceId,
          ip: client.ip,
          userAgent: client.userAgent,
          details: { from: 'STAFF', to: 'PROVIDER' },
        });
      }
      const membership = (await membershipsOf(db, userId)).find((m) => m.practice.id === practiceId);
      // The membership was just read under the practice's lock; only a removal racing this call loses it.
      if (!membership) throw new AppError('FORBIDDEN', 'You do not have access to this practice');
      return membership;
    },
  };
}

export function registerUserBusinessRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = createUserBusinessService(ctx);
  route(app, ctx, userBusinessApi.updateProfessionalDetails, ({ caller, body, client }) =>
    service.updateProfessional(caller, body, client),
  );
  route(app, ctx, userBusinessApi.convertToProvider, ({ caller, body, client }) =>
    service.becomeProvider(caller, body.practiceId, client),
  );
}
