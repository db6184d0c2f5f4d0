import { and, eq } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import {
  addOrganisationMember,
  addPracticeMember,
  authorizeOrganisation,
  authorizeOrganisationRoleChange,
  authorizePractice,
  authorizeRoleChange,
  lockOrganisation,
  lockPractice,
  organisationRolesIn,
  practiceMembers,
  practices,
  removeOrganisationMember,
  removePracticeMember,
  rolesIn,
  type AppContext,
  type Caller,
  type SessionCaller,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import {
  LAST_ADMIN_MESSAGE,
  countRole,
  forgetPracticeMember,
  listRoleHolders,
  organisationSource,
  practiceSource,
  roleHolder,
} from './role-holders.js';
import { forgetNetworkProvider } from '../networks/index.js';

type Page = { page: number; pageSize: number };

export function createRolesService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function recordChange(
    caller: SessionCaller,
    action: 'role.granted' | 'role.removed',
    target: { type: string; id: number },
    userId: number,
    details: Record<string, unknown>,
  ) {
    await audit.record({
      action,
      actorUserId: caller.user.id,
      subjectUserId: userId,
      targetType: target.type,
      targetId: target.id,
      practiceId: target.type === 'practice' ? target.id : null,
      details,
    });
  }

  return {
    async listPractice(caller: Caller, practiceId: number, page: Page) {
      await authorizePractice(db, caller, practiceId, 'team.view');
      return listRoleHolders(db, practiceSource(practiceId), page);
    },

    async grantPractice(caller: SessionCaller, practiceId: number, userId: number, role: Role) {
      await authorizeRoleChange(db, caller, practiceId, role);
      const granted = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        if (!(await rolesIn(tx, userId, practiceId)).length) {
          throw new AppError('BAD_REQUEST', 'This person is not a member of the practice: invite them first');
        }
        return addPracticeMember(tx, practiceId, userId, role);
      });
      if (granted) await recordChange(caller, 'role.granted', { type: 'practice', id: practiceId }, userId, { role });
      return roleHolder(db, practiceSource(practiceId), userId);
    },

    /** Taking someone's last role takes them out of the practice, its departments and the networks they were in for it. */
    async removePractice(caller: SessionCaller, practiceId: number, role: Role, userId: number) {
      await authorizeRoleChange(db, caller, practiceId, role);
      const leftPractice = await db.transaction(async (tx) => {
        await lockPractice(tx, practiceId);
        const current = await rolesIn(tx, userId, practiceId);
        if (!current.includes(role))
          throw new AppError('OBJECT_NOT_FOUND', `This person does not hold the ${role} role in the practice`);
        if (role === 'ADMIN' && (await countRole(tx, practiceSource(practiceId), 'ADMIN')) <= 1) {
          throw new AppError('BAD_REQUEST', LAST_ADMIN_MESSAGE);
        }
        await removePracticeMember(tx, practiceId, userId, role);
        const leaves = current.length === 1;
        if (leaves) await forgetPracticeMember(tx, practiceId, userId);
        else if (role === 'PROVIDER') await forgetNetworkProvider(tx, practiceId, userId);
        return leaves;
      });
      await recordChange(caller, 'role.removed', { type: 'practice', id: practiceId }, userId, { role, leftPractice });
      return roleHolder(db, practiceSource(practiceId), userId);
    },

    async listOrganisation(caller: SessionCaller, organisationId: number, page: Page, query?: string) {
      await authorizeOrganisation(db, caller, organisationId, 'organisation.view');
      return listRoleHolders(db, organisationSource(organisationId), page, query);
    },

    /** The person must already be in the organisation, or work in one of its practices. */
    async grantOrganisation(caller: SessionCaller, organisationId: number, userId: number, role: Role) {
      await authorizeOrganisationRoleChange(db, caller, organisationId, role);
      const granted = await db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        if (!(await organisationRolesIn(tx, userId, organisationId)).length) {
          const inPractice = await tx
            .select({ userId: practiceMembers.userId })
            .from(practiceMembers)
            .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
            .where(and(eq(practiceMembers.userId, userId), eq(practices.organisationId, organisationId)))
            .limit(1);
          if (!inPractice.length) {
            throw new AppError('BAD_REQUEST', 'This person is neither in the organisation nor in one of its practices');
          }
        }
        return addOrganisationMember(tx, organisationId, userId, role);
      });
      if (granted)
        await recordChange(caller, 'role.granted', { type: 'organisation', id: organisationId }, userId, { role });
      return roleHolder(db, organisationSource(organisationId), userId);
    },

    async removeOrganisation(caller: SessionCaller, organisationId: number, role: Role, userId: number) {
      await authorizeOrganisationRoleChange(db, caller, organisationId, role);
      const leftOrganisation = await db.transaction(async (tx) => {
        await lockOrganisation(tx, organisationId);
        const current = await organisationRolesIn(tx, userId, organisationId);
        if (!current.includes(role))
          throw new AppError('OBJECT_NOT_FOUND', `This person does not hold the ${role} role in the organisation`);
        if (role === 'ADMIN' && (await countRole(tx, organisationSource(organisationId), 'ADMIN')) <= 1) {
          throw new AppError(
            'BAD_REQUEST',
            'An organisation needs at least one admin. Make someone else an admin first.',
          );
        }
        await removeOrganisationMember(tx, organisationId, userId, role);
        return current.length === 1;
      });
      await recordChange(caller, 'role.removed', { type: 'organisation', id: organisationId }, userId, {
        role,
        leftOrganisation,
      });
      return roleHolder(db, organisationSource(organisationId), userId);
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
