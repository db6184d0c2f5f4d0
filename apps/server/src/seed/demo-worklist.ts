import type { Db } from '../db/client.js';
import { patients } from '../modules/patients/patients.table.js';
import { patientSearchText } from '../modules/patients/patient-records.js';
import { referralEvents, referralOffers, referrals, referralViews } from '../modules/referrals/referrals.table.js';
import { referralNotificationSource } from '../modules/referrals/referral-bell.js';
import { TIER_EXPIRED_JOB } from '../modules/referrals/routing/offers.js';
import { submissionNotificationSource } from '../modules/intake/intake-notices.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import type { NotificationSource } from '../modules/notifications/index.js';
import { jobs } from '../platform/jobs/jobs.table.js';

export interface WorklistDemo {
  riverside: number;
  lakeside: number;
  priya: number;
  lena: number;
  /** Riverside's record of John Carter, whom it referred to Lakeside. */
  john: { id: number; firstName: string; lastName: string; phoneNumber: string | null; dateOfBirth: string | null };
  /** Family medicine in the catalogue, when it is loaded: Lakeside's specialty referral asks for it. */
  familyMedicine: number | undefined;
  /** One of the submissions waiting in Riverside's intake form. */
  submissionId: number;
  now: Date;
}

const MINUTE = 60_000;

/**
 * What waits for Riverside on its first visit, so its home and bell show something: Lakeside
 * offers it two referrals (one named, one by speciality with a deadline) and accepted one Priya
 * sent; the notifications are what the sources would have written for those changes.
 */
export async function seedDemoWorklist(tx: Db, d: WorklistDemo) {
  const ago = (minutes: number) => new Date(d.now.getTime() - minutes * MINUTE);
  const lakesidePatient = async (firstName: string, lastName: string, phoneNumber: string, dateOfBirth: string) => {
    const values = { practiceId: d.lakeside, firstName, lastName, phoneNumber, email: null, dateOfBirth };
    const [row] = await tx
      .insert(patients)
      .values({ ...values, search: patientSearchText(values), createdBy: d.lena })
      .returning();
    return row;
  };
  const daniel = await lakesidePatient('Daniel', 'Kim', '+13125550191', '1990-06-14');
  const grace = await lakesidePatient('Grace', 'Park', '+13125550192', '1972-01-30');
  const johnAtLakeside = await lakesidePatient('John', 'Carter', d.john.phoneNumber ?? '', d.john.dateOfBirth ?? '');

  const write = async (source: NotificationSource, payload: Record<string, unknown>, at: Date) => {
    const { notify } = await source.changesFor(tx, payload);
    if (notify.length)
      await tx.insert(notifications).values(notify.map(({ actions: _, ...n }) => ({ ...n, createdAt: at })));
  };
  /**
   * A referral Lakeside's Lena sent that routing offered to Riverside `minutesAgo`: the row, its
   * open offer, its CREATED and OFFERED events, Lena's view of her own referral and Riverside's
   * notification of the offer.
   */
  const offerToRiverside = async (
    values: Omit<typeof referrals.$inferInsert, 'status' | 'practiceId' | 'fromUserId' | 'tier'>,
    offer: { tier: number; minutesAgo: number; details?: Record<string, unknown> },
  ) => {
    const at = ago(offer.minutesAgo);
    const [row] = await tx
      .insert(referrals)
      .values({
        ...values,
        status: 'OFFERED',
        practiceId: d.lakeside,
        fromUserId: d.lena,
        tier: offer.tier,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await tx
      .insert(referralOffers)
      .values({ referralId: row.id, practiceId: d.riverside, tier: offer.tier, offeredAt: at });
    await tx.insert(referralEvents).values([
      { referralId: row.id, kind: 'CREATED', actorUserId: d.lena, practiceId: d.lakeside, at },
      {
        referralId: row.id,
        kind: 'OFFERED',
        details: { tier: offer.tier, ...offer.details, practiceIds: [d.riverside] },
        at,
      },
    ]);
    await tx.insert(referralViews).values({ referralId: row.id, userId: d.lena });
    await write(referralNotificationSource, { referralId: row.id, kind: 'OFFERED', practiceIds: [d.riverside] }, at);
    return row;
  };

  await offerToRiverside(
    {
      type: 'BASIC',
      patientId: daniel.id,
      targetPracticeId: d.riverside,
      notes: 'Recovered well from knee surgery; he would like a family doctor near home.',
    },
    { tier: 0, minutesAgo: 180 },
  );

  if (d.familyMedicine !== undefined) {
    const answerBy = new Date(d.now.getTime() + 95 * MINUTE);
    const matched = await offerToRiverside(
      {
        type: 'SPECIALTY',
        patientId: grace.id,
        specialityId: d.familyMedicine,
        scheduleType: 'NEXT',
        matchingDistance: 'FAR',
        latitude: 39.79,
        longitude: -89.64,
        notes: 'Moving to Springfield; needs a new primary care provider.',
        tierExpiresAt: answerBy,
      },
      { tier: 1, minutesAgo: 25, details: { kind: 'OUTER', timeLimitMinutes: 120 } },
    );
    // The tier runs out like any other: routing then finds no one left and the referral expires.
    await tx
      .insert(jobs)
      .values({ kind: TIER_EXPIRED_JOB, payload: { referralId: matched.id, tier: 1 }, runAt: answerBy });
  }

  const [accepted] = await tx
    .insert(referrals)
    .values({
      type: 'BASIC',
      status: 'ACCEPTED',
      practiceId: d.riverside,
      fromUserId: d.priya,
      patientId: d.john.id,
      targetPracticeId: d.lakeside,
      receivingPracticeId: d.lakeside,
      receivingUserId: d.lena,
      acceptedByUserId: d.lena,
      receiverPatientId: johnAtLakeside.id,
      notes: 'Left shoulder pain after a fall; please assess.',
      createdAt: ago(26 * 60),
      updatedAt: ago(50),
    })
    .returning();
  await tx.insert(referralOffers).values({
    referralId: accepted.id,
    practiceId: d.lakeside,
    tier: 0,
    status: 'ACCEPTED',
    offeredAt: ago(26 * 60),
    respondedAt: ago(50),
    respondedBy: d.lena,
  });
  await tx.insert(referralEvents).values([
    { referralId: accepted.id, kind: 'CREATED', actorUserId: d.priya, practiceId: d.riverside, at: ago(26 * 60) },
    { referralId: accepted.id, kind: 'OFFERED', details: { tier: 0, practiceIds: [d.lakeside] }, at: ago(26 * 60) },
    { referralId: accepted.id, kind: 'ACCEPTED', actorUserId: d.lena, practiceId: d.lakeside, at: ago(50) },
  ]);
  // Lena has seen the referral she accepted; Priya has not yet seen Lakeside's answer.
  await tx.insert(referralViews).values({ referralId: accepted.id, userId: d.lena });

  await write(
    referralNotificationSource,
    { referralId: accepted.id, kind: 'ACCEPTED', practiceIds: [d.riverside], actorUserId: d.lena },
    ago(50),
  );
  await write(submissionNotificationSource, { submissionId: d.submissionId }, d.now);
}
