import type { referralsApi } from '@referwell/contracts';
import type { ReferralParty } from './referral-access.js';
import { AppError } from '../../platform/errors.js';

type Status = referralsApi.ReferralStatus;
export type ReferralAction = referralsApi.ReferralDetail['actions'][number];

interface Transition {
  /** Statuses it may start from. */
  from: readonly Status[];
  /** Practices that may do it, by their standing on the referral. */
  by: readonly ReferralParty[];
}

const ACCEPTED: readonly Status[] = ['ACCEPTED', 'RESCHEDULED'];
const EVERY_STATUS: readonly Status[] = ['OFFERED', 'ACCEPTED', 'RESCHEDULED', 'REJECTED', 'EXPIRED', 'CANCELLED'];

/** Where a referral ends without the patient being taken in: no move leads out of these. */
export type EndedWithoutCare = Extract<Status, 'REJECTED' | 'EXPIRED' | 'CANCELLED'>;
const ENDED_WITHOUT_CARE: readonly EndedWithoutCare[] = ['REJECTED', 'EXPIRED', 'CANCELLED'];

/**
 * The referral state machine (ARCHITECTURE.md draws it): which practice may do what from which
 * status. Where it ends up is the service's business (a rejection ends a BASIC referral but moves
 * a SPECIALTY one on); this table only says whether the move is allowed.
 */
export const REFERRAL_TRANSITIONS: Record<ReferralAction, Transition> = {
  accept: { from: ['OFFERED'], by: ['OFFERED'] },
  reject: { from: ['OFFERED'], by: ['OFFERED'] },
  reschedule: { from: ACCEPTED, by: ['RECEIVER', 'SENDER'] },
  cancel: { from: ['OFFERED', ...ACCEPTED], by: ['SENDER'] },
  // Not a move of this referral: the sender starts a new one from it, so the patient still finds care.
  referAgain: { from: ENDED_WITHOUT_CARE, by: ['SENDER'] },
  archive: { from: EVERY_STATUS, by: ['SENDER', 'RECEIVER', 'OFFERED'] },
  unarchive: { from: EVERY_STATUS, by: ['SENDER', 'RECEIVER', 'OFFERED'] },
  comment: { from: EVERY_STATUS, by: ['SENDER', 'RECEIVER', 'OFFERED'] },
};

const DOING: Record<ReferralAction, string> = {
  accept: 'accepted',
  reject: 'declined',
  reschedule: 'rescheduled',
  cancel: 'cancelled',
  referAgain: 'referred again',
  archive: 'archived',
  unarchive: 'brought back',
  comment: 'commented on',
};

export function allowed(action: ReferralAction, status: Status, party: ReferralParty): boolean {
  const t = REFERRAL_TRANSITIONS[action];
  return t.from.includes(status) && t.by.includes(party);
}

/** Throws a 400 saying why the move is not open to this practice now. */
export function assertAllowed(action: ReferralAction, status: Status, party: ReferralParty) {
  if (allowed(action, status, party)) return;
  const t = REFERRAL_TRANSITIONS[action];
  const message = t.by.includes(party)
    ? `A referral that is ${status.toLowerCase()} cannot be ${DOING[action]}`
    : `Your practice cannot ${action} this referral`;
  throw new AppError('BAD_REQUEST', message);
}

/** What the practice may do now, archive state aside (the caller adds archive or unarchive). */
export function actionsFor(status: Status, party: ReferralParty, archived: boolean): ReferralAction[] {
  return (Object.keys(REFERRAL_TRANSITIONS) as ReferralAction[]).filter(
    (a) => allowed(a, status, party) && (a === 'archive' ? !archived : a === 'unarchive' ? archived : true),
  );
}
