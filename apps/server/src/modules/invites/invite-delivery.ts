import { eq } from 'drizzle-orm';
import { invitesApi, type Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { organisations, practices, type AppContext } from '../../core/index.js';
import { AppError } from '../../platform/errors.js';
import { networkById, type NetworkRow } from '../networks/index.js';
import { inviteLink, targetOf, type InviteRow } from './invite-records.js';

type PracticeRow = typeof practices.$inferSelect;

/** What an invite leads into, loaded once for its message and its public view. */
export interface InviteTargetInfo {
  practice: PracticeRow | null;
  network: { row: NetworkRow; owner: PracticeRow } | null;
  organisation: typeof organisations.$inferSelect | null;
  /** How people read the target: "Oak Clinic", "the Cardiology network of Oak Clinic". */
  label: string;
}

async function practiceById(db: Db, id: number) {
  const [row] = await db.select().from(practices).where(eq(practices.id, id)).limit(1);
  return row ?? null;
}

export async function describeTarget(db: Db, invite: InviteRow): Promise<InviteTargetInfo> {
  const practice = invite.practiceId === null ? null : await practiceById(db, invite.practiceId);
  let network: InviteTargetInfo['network'] = null;
  if (invite.networkId !== null) {
    const row = await networkById(db, invite.networkId);
    const owner = row && (row.practiceId === practice?.id ? practice : await practiceById(db, row.practiceId));
    if (row && owner) network = { row, owner };
  }
  const [organisation] =
    invite.organisationId === null
      ? []
      : await db.select().from(organisations).where(eq(organisations.id, invite.organisationId)).limit(1);
  const label =
    organisation?.name ??
    (network ? `the ${network.row.name} network of ${network.owner.name}` : (practice?.name ?? 'Referwell'));
  return { practice, network, organisation: organisation ?? null, label };
}

const ROLE_WORDS: Record<Role, string> = {
  ADMIN: 'an administrator',
  PROVIDER: 'a provider',
  STAFF: 'staff',
  THIRD_PARTY_ADMIN: 'a third-party administrator',
  THIRD_PARTY_STAFF: 'third-party staff',
};

export interface InviteLetter {
  inviterName: string;
  firstName?: string;
  message?: string;
}

/**
 * Sends the invite's link by e-mail and/or text, naming the inviter and what the invite is to.
 * Throws a 500 the caller can show when no channel could take it.
 */
export async function deliverInvite(ctx: AppContext, invite: InviteRow, code: string, letter: InviteLetter) {
  const target = await describeTarget(ctx.db, invite);
  const link = inviteLink(ctx.config.publicUrl, code);
  const days = Math.round(invitesApi.INVITE_TTL_MS / 86_400_000);
  const what =
    invite.type === 'PATIENT'
      ? `to connect with ${target.label} as a patient`
      : targetOf(invite) === 'NETWORK'
        ? `to add your practice to ${target.label}`
        : `to join ${target.label}${invite.role ? ` as ${ROLE_WORDS[invite.role]}` : ''}`;
  const from =
    target.practice && targetOf(invite) === 'NETWORK'
      ? `${letter.inviterName} of ${target.practice.name}`
      : letter.inviterName;
  const sentence = `${from} invited you ${what} on Referwell.`;
  if (invite.phone)
    await ctx.texts.reserve(ctx.db, {
      purpose: 'invite',
      channel: 'sms',
      to: invite.phone,
      senderUserId: invite.invitedBy,
      practiceId: invite.practiceId ?? target.network?.owner.id ?? null,
    });
  try {
    if (invite.email) {
      const text = [
        letter.firstName ? `Hi ${letter.firstName},` : 'Hello,',
        '',
        sentence,
        ...(letter.message ? ['', `${letter.inviterName} wrote:`, letter.message] : []),
        '',
        `Accept the invite: ${link}`,
        '',
        `The invite expires in ${days} days. If you did not expect it, you can ignore this message.`,
        '',
      ].join('\n');
      await ctx.delivery.email(invite.email, `${letter.inviterName} invited you to ${target.label} on Referwell`, text);
    }
    if (invite.phone) await ctx.delivery.sms(invite.phone, `${sentence} Accept: ${link}`);
  } catch (err) {
    ctx.log.error({ err, inviteId: invite.id }, 'could not deliver an invite');
    throw new AppError('INTERNAL', 'We could not send the invite. Try again in a moment.');
  }
}
