import { eq } from 'drizzle-orm';
import type { eventsApi } from '@referwell/contracts';
import { REFERRAL_CHANGED, type ReferralChanged } from '../../platform/events/bus.js';
import type { PushSource } from '../events/index.js';
import { referrals } from './referrals.table.js';

/** Where the web app shows a referral. */
export const referralPath = (id: number) => `/referrals/view/${id}`;

type Notice = Pick<eventsApi.PushNotification, 'title' | 'text' | 'type'>;

/** What each practice is told, by what happened and whether it sent the referral. */
function noticeFor(kind: string, isSender: boolean): Notice | null {
  switch (kind) {
    case 'OFFERED':
      return isSender ? null : { type: 'info', title: 'New referral', text: 'A referral is waiting for your practice' };
    case 'ACCEPTED':
      return isSender
        ? { type: 'success', title: 'Referral accepted', text: 'Your referral was accepted' }
        : { type: 'info', title: 'Referral taken', text: 'A referral offered to your practice was accepted elsewhere' };
    case 'REJECTED':
      return isSender ? { type: 'warn', title: 'Referral declined', text: 'Your referral was declined' } : null;
    case 'EXPIRED':
      return isSender ? { type: 'warn', title: 'No match', text: 'No practice accepted your referral in time' } : null;
    case 'CANCELLED':
      return isSender
        ? null
        : { type: 'info', title: 'Referral cancelled', text: 'The sending practice cancelled a referral' };
    case 'RESCHEDULED':
      return { type: 'info', title: 'Appointment changed', text: 'A referral’s appointment was rescheduled' };
    case 'COMMENTED':
      return { type: 'notification', title: 'New comment', text: 'There is a new comment on a referral' };
    default:
      return null;
  }
}

/**
 * Referral changes on the events socket: every practice concerned refreshes its unread counts and
 * lists; the notification names no patient (it may show on a shared screen).
 */
export const referralPushSource: PushSource = {
  topic: REFERRAL_CHANGED,
  async toPushes(db, payload) {
    const change = payload as ReferralChanged;
    const [row] = await db
      .select({ practiceId: referrals.practiceId })
      .from(referrals)
      .where(eq(referrals.id, change.referralId));
    if (!row) return [];
    const link = referralPath(change.referralId);
    return [...new Set(change.practiceIds)].map((practiceId) => {
      const notice = noticeFor(change.kind, practiceId === row.practiceId);
      return {
        practiceId,
        message: {
          event: REFERRAL_CHANGED,
          data: {
            updateUnreads: true,
            practiceId,
            referral: { id: change.referralId, kind: change.kind },
            ...(notice ? { notification: { ...notice, link, actions: [{ title: 'View referral', link }] } } : {}),
          },
        },
      };
    });
  },
};
