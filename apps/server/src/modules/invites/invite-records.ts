import { and, desc, eq, gt, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { invitesApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../core/index.js';
import { randomToken, sha256 } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import { invites } from './invites.table.js';

/** Reading and shaping invite rows; shared by the sending side and the invitee side. */

export type InviteRow = typeof invites.$inferSelect;
type InviteDto = invitesApi.Invite;
type InviteTarget = invitesApi.InviteTarget;

/** A fresh bearer code for a link (43 url-safe characters) and the hash that is stored. */
export function newInviteCode() {
  const code = randomToken();
  return { code, codeHash: sha256(code) };
}

export const inviteCodeHash = (code: string) => sha256(code.trim());

export const inviteLink = (publicUrl: string, code: string) => `${publicUrl}${invitesApi.INVITE_LINK_PATH}/${code}`;

export function targetOf(invite: Pick<InviteRow, 'organisationId' | 'networkId'>): InviteTarget {
  if (invite.organisationId !== null) return 'ORGANISATION';
  return invite.networkId !== null ? 'NETWORK' : 'PRACTICE';
}

export const isExpired = (invite: Pick<InviteRow, 'expiresAt'>) => invite.expiresAt.getTime() <= Date.now();

/** j•••@example.com: enough for the recipient to recognise, too little for anyone else to use. */
export function maskEmail(email: string) {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export function maskPhone(phone: string) {
  return `•••${phone.slice(-4)}`;
}

/** The account holds the address the invite went to (proven by having the code, or by verification). */
export function matchesAddress(invite: InviteRow, user: UserRow) {
  return (
    invite.inviteeUserId === user.id ||
    (invite.email !== null && invite.email === user.email) ||
    (invite.phone !== null && invite.phone === user.phone)
  );
}

/** Without the code, only the account it was addressed to, or one that verified its address, may answer it. */
export function isVerifiedAddressee(invite: InviteRow, user: UserRow) {
  return (
    invite.inviteeUserId === user.id ||
    (invite.email !== null && user.emailVerifiedAt !== null && invite.email === user.email) ||
    (invite.phone !== null && user.phoneVerifiedAt !== null && invite.phone === user.phone)
  );
}

/** SQL for isVerifiedAddressee. */
export function addressedTo(user: UserRow): SQL {
  const conditions: SQL[] = [eq(invites.inviteeUserId, user.id)];
  if (user.email && user.emailVerifiedAt) conditions.push(eq(invites.email, user.email));
  if (user.phone && user.phoneVerifiedAt) conditions.push(eq(invites.phone, user.phone));
  return or(...conditions)!;
}

/** Pending, unexpired invites addressed to a user, newest first. */
export function pendingInvitesFor(db: Db, user: UserRow) {
  return db
    .select()
    .from(invites)
    .where(and(eq(invites.status, 'PENDING'), gt(invites.expiresAt, sql`now()`), addressedTo(user)))
    .orderBy(desc(invites.createdAt), desc(invites.id));
}

export async function loadInvite(db: Db, id: number): Promise<InviteRow> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id)).limit(1);
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'Invite not found');
  return row;
}

/** The invite with its sender's name, as the inviting side sees it. */
export function toInvite(row: InviteRow, sender: Pick<UserRow, 'id' | 'firstName' | 'lastName'> | null): InviteDto {
  return {
    id: row.id,
    uuid: row.uuid,
    type: row.type,
    target: targetOf(row),
    role: row.role,
    email: row.email,
    phone: row.phone,
    practiceId: row.practiceId,
    networkId: row.networkId,
    organisationId: row.organisationId,
    invitedBy: sender ? { id: sender.id, firstName: sender.firstName, lastName: sender.lastName } : null,
    inviteeUserId: row.inviteeUserId,
    status: row.status,
    expired: row.status === 'PENDING' && isExpired(row),
    expiresAt: row.expiresAt.getTime(),
    lastSentAt: row.lastSentAt.getTime(),
    createdAt: row.createdAt.getTime(),
  };
}

export const senderColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName };

export async function senderOf(db: Db, invite: InviteRow) {
  if (invite.invitedBy === null) return null;
  const [sender] = await db.select(senderColumns).from(users).where(eq(users.id, invite.invitedBy)).limit(1);
  return sender ?? null;
}

/** Whether the practice ever invited a colleague to join it (not a patient, nor to a network), whatever became of it. */
export async function hasInvitedColleagues(db: Db, practiceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invites.id })
    .from(invites)
    .where(
      and(
        eq(invites.practiceId, practiceId),
        ne(invites.type, 'PATIENT'),
        isNull(invites.networkId),
        isNull(invites.organisationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
