import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BillingBasis } from '@referwell/contracts';
import {
  authorizeOrganisation,
  containsPattern,
  lockPractice,
  practices,
  removePracticeOrganisation,
  rolesIn,
  setPracticeBillingBasis,
  setPracticeOrganisation,
  type AppContext,
  type SessionCaller,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { toOrganisationPractice } from './organisation-views.js';

const NOT_IN_ORGANISATION = 'The practice does not belong to this organisation';

/** The practices of an organisation: listing them, bringing them in and out, and who pays for them. */
export function createOrganisationPracticesService(ctx: AppContext) {
  const { db, audit } = ctx;

  /** Moving a practice between organisations is both sides' decision: the organisation's admin must be an ADMIN of the practice too. */
  async function authorizeBoth(caller: SessionCaller, organisationId: number, practiceId: number) {
    await authorizeOrganisation(db, caller, organisationId, 'organisation.manage');
    if (!(await rolesIn(db, caller.user.id, practiceId)).includes('ADMIN')) {
      throw new AppError('FORBIDDEN', 'Only an ADMIN of the practice can move it into or out of an organisation');
    }
  }

  async function record(
    caller: SessionCaller,
    action: `organisation.${string}`,
    organisationId: number,
    practiceId: number,
  ) {
    await audit.record({
      action,
      actorUserId: caller.user.id,
      targetType: 'organisation',
      targetId: organisationId,
      practiceId,
      details: { practiceId },
    });
  }

  return {
    async list(caller: SessionCaller, organisationId: number, q: { page: number; pageSize: number; query?: string }) {
      await authorizeOrganisation(db, caller, organisationId, 'organisation.view');
      const where = and(
        eq(practices.organisationId, organisationId),
        q.query ? sql`lower(${practices.name}) like ${containsPattern(q.query)}` : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(practices)
          .where(where)
          .orderBy(asc(practices.name), asc(practices.id))
          .limit(q.pageSize)
          .offset(q.page * q.pageSize),
        db.select({ n: count() }).from(practices).where(where),
      ]);
      return { data: rows.map(toOrganisationPractice), count: total?.n ?? 0 };
    },

    /** A practice is in at most one organisation (450 when it is in another). */
    async attach(caller: SessionCaller, organisationId: number, practiceId: number) {
      await authorizeBoth(caller, organisationId, practiceId);
      const { practice, changed } = await db.transaction(async (tx) => {
        const current = await lockPractice(tx, practiceId);
        if (!current) throw new AppError('OBJECT_NOT_FOUND', 'Practice not found');
        if (current.organisationId === organisationId) return { practice: current, changed: false };
        if (current.organisationId !== null)
          throw new AppError('ERROR_OBJECT_EXISTS', 'This practice already belongs to another organisation');
        const row = await setPracticeOrganisation(tx, practiceId, organisationId);
        return { practice: row!, changed: true };
      });
      if (changed) await record(caller, 'organisation.practice_attached', organisationId, practiceId);
      return toOrganisationPractice(practice);
    },

    /** The practice leaves and pays for itself again. */
    async detach(caller: SessionCaller, organisationId: number, practiceId: number) {
      await authorizeBoth(caller, organisationId, practiceId);
      const removed = await removePracticeOrganisation(db, practiceId, organisationId);
      if (!removed) throw new AppError('BAD_REQUEST', NOT_IN_ORGANISATION);
      await record(caller, 'organisation.practice_detached', organisationId, practiceId);
      return { ok: true as const };
    },

    /** ORGANISATION: the organisation pays for the practice; PRACTICE: the practice pays for itself. */
    async setBillingBasis(
      caller: SessionCaller,
      organisationId: number,
      practiceId: number,
      billingBasis: BillingBasis,
    ) {
      await authorizeOrganisation(db, caller, organisationId, 'organisation.manage');
      const row = await setPracticeBillingBasis(db, practiceId, organisationId, billingBasis);
      if (!row) throw new AppError('BAD_REQUEST', NOT_IN_ORGANISATION);
      await record(
        caller,
        billingBasis === 'ORGANISATION'
          ? 'organisation.billing_practice_added'
          : 'organisation.billing_practice_removed',
        organisationId,
        practiceId,
      );
      return toOrganisationPractice(row);
    },
  };
}
export type OrganisationPracticesService = ReturnType<typeof createOrganisationPracticesService>;
