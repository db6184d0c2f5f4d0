import { and, eq, inArray, ne } from 'drizzle-orm';
import { practiceMembers, practices } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { NotificationEntry, NotificationSource } from '../notifications/index.js';
import { referralEvents, referralOffers, referrals } from './referrals.table.js';
import { referralPath } from './referral-push.js';
import type { ReferralNotice } from './referral-notifications.js';
import type { ReferralRow } from './referral-access.js';

/** The news `queueReferralNotice` queues for people's bells; the payload is a `ReferralNotice`. */
export const REFERRAL_NOTIFICATIONS = 'referral';

/**
 * Topics keep one open notification per person, referral and practice: the offer apart, so that it
 * can be withdrawn once the offer is no longer open without taking later news with it.
 */
export const referralTopics = (referralId: number, practiceId: number) => ({
  offer: `referral-offer:${referralId}:${practiceId}`,
  news: `referral:${referralId}:${practiceId}`,
});

const distinct = (ids: (number | null | undefined)[]) => [...new Set(ids.filter((id): id is number => id != null))];

async function membersOf(db: Db, practiceIds: number[]) {
  if (!practiceIds.length) return [];
  return db
    .selectDistinct({ userId: practiceMembers.userId, practiceId: practiceMembers.practiceId })
    .from(practiceMembers)
    .where(inArray(practiceMembers.practiceId, practiceIds));
}

/**
 * Decided (docs/decisions.md, Home worklist and notifications): news for a side of the referral
 * goes to the people it concerns there, while they are still members: on the sender's side whoever
 * sent it and the referring provider named on it, on the receiver's the provider it is for and
 * whoever accepted it. When none of them is in the practice any more, every member is told, so no
 * news is lost.
 */
async function peopleOn(db: Db, referral: ReferralRow, practiceId: number) {
  const members = (await membersOf(db, [practiceId])).map((m) => m.userId);
  let concerned: (number | null)[];
  if (practiceId === referral.practiceId) {
    const [created] = await db
      .select({ by: referralEvents.actorUserId })
      .from(referralEvents)
      .where(and(eq(referralEvents.referralId, referral.id), eq(referralEvents.kind, 'CREATED')));
    concerned = [created?.by ?? null, referral.fromUserId];
  } else {
    concerned = [referral.receivingUserId, referral.acceptedByUserId];
  }
  const present = distinct(concerned).filter((id) => members.includes(id));
  return present.length ? present : members;
}

/** Practices whose offer is no longer open: answered by anyone, taken elsewhere, run out or cancelled. */
async function closedOffers(db: Db, referralId: number) {
  const rows = await db
    .select({ practiceId: referralOffers.practiceId })
    .from(referralOffers)
    .where(and(eq(referralOffers.referralId, referralId), ne(referralOffers.status, 'OFFERED')));
  return rows.map((r) => r.practiceId);
}

/**
 * Referral news in people's bells. Only practices' names and a link: never the patient or anything
 * clinical, since a notification pops up on whatever screen the person has open.
 */
export const referralNotificationSource: NotificationSource = {
  kind: REFERRAL_NOTIFICATIONS,
  async changesFor(db, payload) {
    const notice = payload as unknown as ReferralNotice;
    const [referral] = await db.select().from(referrals).where(eq(referrals.id, notice.referralId));
    if (!referral) return { notify: [] };
    const names = new Map(
      (
        await db
          .select({ id: practices.id, name: practices.name })
          .from(practices)
          .where(
            inArray(
              practices.id,
              distinct([referral.practiceId, referral.targetPracticeId, referral.receivingPracticeId]),
            ),
          )
      ).map((p) => [p.id, p.name]),
    );
    const nameOf = (id: number | null) => (id === null ? null : names.get(id)) ?? 'A practice';
    const link = referralPath(referral.id);
    const entry = (
      userId: number,
      practiceId: number,
      topic: 'offer' | 'news',
      type: NotificationEntry['type'],
      title: string,
      text: string,
    ): NotificationEntry => ({
      userId,
      practiceId,
      category: 'GENERAL',
      type,
      topic: referralTopics(referral.id, practiceId)[topic],
      title,
      text,
      link,
      actions: [{ title: 'View referral', link }],
    });
    const toPeople = async (practiceId: number, type: NotificationEntry['type'], title: string, text: string) =>
      (await peopleOn(db, referral, practiceId)).map((userId) => entry(userId, practiceId, 'news', type, title, text));

    const sender = referral.practiceId;
    const receiver = referral.receivingPracticeId ?? referral.targetPracticeId;
    let notify: NotificationEntry[] = [];
    switch (notice.kind) {
      case 'OFFERED': {
        const offered = distinct(notice.practiceIds).filter((id) => id !== sender);
        notify = (await membersOf(db, offered)).map((m) =>
          entry(m.userId, m.practiceId, 'offer', 'info', 'New referral', `New referral from ${nameOf(sender)}`),
        );
        break;
      }
      case 'ACCEPTED':
        notify = await toPeople(sender, 'success', 'Referral accepted', `${nameOf(receiver)} accepted your referral`);
        break;
      case 'REJECTED':
        // A specialty referral declined by one practice goes on to others: the sender hears of its end only.
        if (referral.status === 'REJECTED')
          notify = await toPeople(sender, 'warn', 'Referral declined', `${nameOf(receiver)} declined your referral`);
        break;
      case 'EXPIRED':
        notify = await toPeople(sender, 'warn', 'No match', 'No practice accepted your referral in time');
        break;
      case 'CANCELLED':
        if (referral.receivingPracticeId !== null)
          notify = await toPeople(
            referral.receivingPracticeId,
            'info',
            'Referral cancelled',
            `${nameOf(sender)} cancelled a referral you accepted`,
          );
        break;
      case 'RESCHEDULED':
        for (const told of distinct(notice.practiceIds)) {
          const by = told === sender ? receiver : sender;
          notify.push(
            ...(await toPeople(told, 'info', 'Appointment changed', `${nameOf(by)} changed a referral’s appointment`)),
          );
        }
        break;
    }
    const closed = await closedOffers(db, referral.id);
    const withdraw = (await membersOf(db, closed)).map((m) => ({
      userId: m.userId,
      topic: referralTopics(referral.id, m.practiceId).offer,
    }));
    const actor = notice.actorUserId ?? null;
    return { notify: notify.filter((n) => n.userId !== actor), withdraw };
  },
};
