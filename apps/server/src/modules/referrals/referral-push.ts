import { eq } from 'drizzle-orm';
import type { eventsApi } from '@referwell/contracts';
import { REFERRAL_CHANGED, type ReferralChanged } from '../../platform/events/bus.js';
import type { PushSource } from '../events/index.js';
import { referrals } from './referrals.table.js';

/** Where the web app shows a referral. */
export const referralPath = (id: number) => `/referrals/view/${id}`;

/**
 * A new comment is told to everyone on the referral as it arrives; the other news reaches the
 * people it concerns as notifications (referral-bell.ts), whose push shows it.
 */
const COMMENT_NOTICE: eventsApi.PushNotification = {
  type: 'notification',
  title: 'New comment',
  text: 'There is a new comment on a referral',
};

/**
 * Referral changes on the events socket: every practice concerned refreshes its unread counts and
 * lists; a comment's notification names no patient (it may show on a shared screen).
 */
export const referralPushSource: PushSource = {
  topic: REFERRAL_CHANGED,
  async toPushes(db, payload) {
    const change = payload as ReferralChanged;
    // Gone meanwhile (its practice was deleted): nothing left to look at.
    const [row] = await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, change.referralId));
    if (!row) return [];
    const link = referralPath(change.referralId);
    const notice =
      change.kind === 'COMMENTED'
        ? { notification: { ...COMMENT_NOTICE, link, actions: [{ title: 'View referral', link }] } }
        : {};
    return [...new Set(change.practiceIds)].map((practiceId) => ({
      practiceId,
      message: {
        event: REFERRAL_CHANGED,
        data: { updateUnreads: true, practiceId, referral: { id: change.referralId, kind: change.kind }, ...notice },
      },
    }));
  },
};
