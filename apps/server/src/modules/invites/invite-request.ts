import { eq, or, type SQL } from 'drizzle-orm';
import type { InviteType, invitesApi, Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import {
  authorizeOrganisation,
  authorizePractice,
  canInPractice,
  organisations,
  users,
  type Caller,
  type UserRow,
} from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { networkStanding } from '../networks/index.js';

/** What an invite is asked for, whether the caller may ask it, and the account it names. */

type InviteTarget = invitesApi.InviteTarget;

/** Everything an invite is made from, whichever endpoint asked for it. */
export interface InviteRequest {
  type: InviteType;
  /** The inviting practice (practice and network invites). */
  practiceId: number | null;
  networkId: number | null;
  organisationId: number | null;
  email: string | null;
  phone: string | null;
  role: Role | null;
  /** An account picked by id (from search, or a practice's own list). */
  userId?: number;
  firstName?: string;
  message?: string;
}

const ADMIN_ROLES: readonly Role[] = ['ADMIN', 'THIRD_PARTY_ADMIN'];
const VENDOR_ROLES: readonly Role[] = ['THIRD_PARTY_ADMIN', 'THIRD_PARTY_STAFF'];

export const targetOfRequest = (r: InviteRequest): InviteTarget =>
  r.organisationId ? 'ORGANISATION' : r.networkId ? 'NETWORK' : 'PRACTICE';

/** Checks the caller may invite to the target; answers 404 for a network that is not the practice's. */
export async function authorizeTarget(db: Db, caller: Caller, r: InviteRequest): Promise<void> {
  if (r.organisationId !== null) {
    await authorizeOrganisation(db, caller, r.organisationId, 'organisation.manage');
    const [org] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, r.organisationId));
    if (!org) throw new AppError('OBJECT_NOT_FOUND', 'Organisation not found');
    return;
  }
  if (r.practiceId === null) throw new AppError('BAD_REQUEST', 'practiceId is required');
  await authorizePractice(db, caller, r.practiceId, 'team.invite');
  if (r.networkId !== null) {
    const network = await networkStanding(db, r.networkId, r.practiceId);
    // A network neither owned by nor containing the practice is none of its business.
    if (!network || (network.ownerId !== r.practiceId && network.memberId === null)) {
      throw new AppError('OBJECT_NOT_FOUND', 'Network not found');
    }
  }
}

/** The role the invite grants, after checking the caller may grant it. */
export async function grantedRole(db: Db, caller: Caller, r: InviteRequest): Promise<Role | null> {
  const target = targetOfRequest(r);
  if (r.type === 'PATIENT') {
    if (target !== 'PRACTICE')
      throw new AppError('BAD_REQUEST', 'Patients are invited to a practice, not to a network or an organisation');
    if (r.role) throw new AppError('BAD_REQUEST', 'Patient invites grant no role');
    return null;
  }
  if (target === 'NETWORK') {
    if (r.role) throw new AppError('BAD_REQUEST', 'Network invites add a practice to the network and grant no role');
    return null;
  }
  const role = r.role ?? (r.type === 'VENDOR' ? 'THIRD_PARTY_STAFF' : 'PROVIDER');
  if (r.type === 'VENDOR' && !VENDOR_ROLES.includes(role)) {
    throw new AppError('BAD_REQUEST', 'Vendors are invited as THIRD_PARTY_ADMIN or THIRD_PARTY_STAFF');
  }
  if (target === 'PRACTICE' && ADMIN_ROLES.includes(role)) {
    // Inviting someone as an admin grants a role, so it needs what granting roles needs.
    const mayGrant =
      (await canInPractice(db, caller, r.practiceId!, 'team.manage')) &&
      (role !== 'ADMIN' || (await canInPractice(db, caller, r.practiceId!, 'team.admins')));
    if (!mayGrant) throw new AppError('FORBIDDEN', `Only practice admins may invite someone as ${role}`);
  }
  return role;
}

/** The account the invite names: by id, or by its e-mail address or phone number. */
export async function accountFor(db: Db, r: InviteRequest): Promise<UserRow | null> {
  if (r.userId !== undefined) {
    const [user] = await db.select().from(users).where(eq(users.id, r.userId)).limit(1);
    if (!user) throw new AppError('OBJECT_NOT_FOUND', 'User not found');
    return user;
  }
  const by: SQL[] = [];
  if (r.email) by.push(eq(users.email, r.email));
  if (r.phone) by.push(eq(users.phone, r.phone));
  const [user] = await db
    .select()
    .from(users)
    .where(or(...by))
    .limit(1);
  return user ?? null;
}
