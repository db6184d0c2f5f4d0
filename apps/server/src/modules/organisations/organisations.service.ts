import { eq } from 'drizzle-orm';
import {
  addOrganisationMember,
  authorizeOrganisation,
  authorizePractice,
  lockOrganisation,
  lockPractice,
  organisationRolesIn,
  organisations,
  rolesIn,
  setPracticeOrganisation,
  type AppContext,
  type SessionCaller,
} from '../../core/index.js';
import { assertSelf } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { listRoleHolders, organisationSource, roleHolder } from '../roles/index.js';
import { organisationsOf, viewsFor } from './organisation-views.js';
import { validPhone } from '../../platform/phone.js';

type Change = { name?: string; address?: string | null; phoneNumber?: string | null };

export function createOrganisationsService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function view(caller: SessionCaller, id: number) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
    if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Organisation not found');
    return (await viewsFor(db, caller.user.id, [row]))[0];
  }

  async function record(
    caller: SessionCaller,
    action: `organisation.${string}`,
    id: number,
    details: Record<string, unknown> = {},
  ) {
    await audit.record({ action, actorUserId: caller.user.id, targetType: 'organisation', targetId: id, details });
  }

  return {
    /**
     * Anyone on a practice's staff may start an organisation and becomes its ADMIN; a practice comes
     * along only when the caller is an ADMIN of it and it is in no other organisation.
     */
    async create(caller: SessionCaller, input: { name: string; practiceIds?: number[] }) {
      if (caller.user.kind !== 'PROVIDER')
        throw new AppError('FORBIDDEN', 'Only practice staff can create organisations');
      const practiceIds = [...new Set(input.practiceIds ?? [])];
      for (const practiceId of practiceIds) {
        if (!(await rolesIn(db, caller.user.id, practiceId)).includes('ADMIN')) {
          throw new AppError('FORBIDDEN', 'Only an ADMIN of a practice can bring it into an organisation');
        }
      }
      const organisation = await db.transaction(async (tx) => {
        const [row] = await tx.insert(organisations).values({ name: input.name }).returning();
        await addOrganisationMember(tx, row.id, caller.user.id, 'ADMIN');
        for (const practiceId of practiceIds) {
          const practice = await lockPractice(tx, practiceId);
          if (practice?.organisationId != null)
            throw new AppError('ERROR_OBJECT_EXISTS', `${practice.name} already belongs to an organisation`);
          await setPracticeOrganisation(tx, practiceId, row.id);
        }
        return row;
      });
      await record(caller, 'organisation.created', organisation.id, { name: organisation.name, practiceIds });
      for (const practiceId of practiceIds)
        await record(caller, 'organisation.practice_attached', organisation.id, { practiceId });
      return view(caller, organisation.id);
    },

    async get(caller: SessionCaller, id: number) {
      await authorizeOrganisation(db, caller, id, 'organisation.view');
      return view(caller, id);
    },

    async update(caller: SessionCaller, id: number, change: Change) {
      await authorizeOrganisation(db, caller, id, 'organisation.manage');
      if (!Object.keys(change).length) return view(caller, id);
      const phoneNumber = change.phoneNumber ? validPhone(change.phoneNumber, 'phoneNumber') : change.phoneNumber;
      await db
        .update(organisations)
        .set({ ...change, phoneNumber, updatedAt: new Date() })
        .where(eq(organisations.id, id));
      await record(caller, 'organisation.updated', id, { fields: Object.keys(change) });
      return view(caller, id);
    },

    async setBillingEmail(caller: SessionCaller, id: number, billingEmail: string) {
      await authorizeOrganisation(db, caller, id, 'organisation.manage');
      await db.update(organisations).set({ billingEmail, updatedAt: new Date() }).where(eq(organisations.id, id));
      await record(caller, 'organisation.billing_email_set', id, { billingEmail });
      return view(caller, id);
    },

    async members(caller: SessionCaller, id: number, page: { page: number; pageSize: number; query?: string }) {
      await authorizeOrganisation(db, caller, id, 'organisation.view');
      return listRoleHolders(db, organisationSource(id), page, page.query);
    },

    /** "Organisation admins see the organisations they administer": every organisation one holds a role in, with those roles. */
    async ofUser(caller: SessionCaller, userId: number) {
      assertSelf(caller, userId);
      return organisationsOf(db, userId);
    },

    /**
     * A practice's admin adds one of its members to the organisation the practice belongs to, as
     * STAFF; someone who already holds roles there keeps them. Higher roles are granted by the
     * organisation's own admins (roles/organisation).
     */
    async assignUser(caller: SessionCaller, practiceId: number, userId: number, organisationId: number) {
      await authorizePractice(db, caller, practiceId, 'team.manage');
      const assigned = await db.transaction(async (tx) => {
        const practice = await lockPractice(tx, practiceId);
        if (practice?.organisationId !== organisationId)
          throw new AppError('FORBIDDEN', 'The practice does not belong to this organisation');
        await lockOrganisation(tx, organisationId);
        if (!(await rolesIn(tx, userId, practiceId)).length)
          throw new AppError('BAD_REQUEST', 'This person is not a member of the practice');
        if ((await organisationRolesIn(tx, userId, organisationId)).length) return false;
        await addOrganisationMember(tx, organisationId, userId, 'STAFF');
        return true;
      });
      if (assigned) {
        await audit.record({
          action: 'organisation.user_assigned',
          actorUserId: caller.user.id,
          subjectUserId: userId,
          targetType: 'organisation',
          targetId: organisationId,
          practiceId,
          details: { practiceId, role: 'STAFF' },
        });
      }
      return roleHolder(db, organisationSource(organisationId), userId);
    },
  };
}
export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
