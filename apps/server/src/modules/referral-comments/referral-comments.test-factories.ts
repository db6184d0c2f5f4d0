import { and, eq, gt, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { createDelivery } from '../../platform/delivery/delivery.js';
import { outboxMessages } from '../../platform/delivery/outbox.table.js';
import { createJobs } from '../../platform/jobs/queue.js';
import { recordingLog } from '../../platform/jobs/log.test-support.js';
import { files } from '../files/files.table.js';
import { createAndUpload, MIME, PDF } from '../files/files.test-factories.js';
import { practiceWithTeam } from '../practices/practices.test-factories.js';
import { referralOffers } from '../referrals/referrals.table.js';
import { insertReferral } from '../referrals/referrals.test-factories.js';
import { registerNoticeJobs } from './notifications.js';

/** A sender and a receiving practice, each with a team, and a referral between them (accepted unless offered). */
export async function discussion(t: TestApp, state: 'accepted' | 'offered' = 'accepted') {
  const sender = await practiceWithTeam(t.db);
  const receiver = await practiceWithTeam(t.db);
  const { referral, patient } = await insertReferral(t.db, {
    senderPracticeId: sender.practice.id,
    fromUserId: sender.provider.id,
    ...(state === 'accepted'
      ? { acceptedBy: { practiceId: receiver.practice.id, userId: receiver.provider.id } }
      : { offeredTo: [receiver.practice.id] }),
  });
  return { sender, receiver, referral, patient, url: `/api/v1/referral/${referral.id}/comments` };
}

/** The comment and note e-mail jobs on their own worker: tests enqueue through the API, then drain. */
export function noticeWorker(t: TestApp) {
  const log = recordingLog();
  const jobs = createJobs(t.db, log);
  registerNoticeJobs({ db: t.db, jobs, log, delivery: createDelivery(t.db, t.config, log), config: t.config });
  return jobs;
}

/** The newest outbox id, to read only what was sent after it. */
export async function outboxMark(db: Db) {
  const [row] = await db.select({ id: max(outboxMessages.id) }).from(outboxMessages);
  return row?.id ?? 0;
}

/** E-mails sent to the addresses after `mark`. */
export function emailsSince(db: Db, mark: number, to: (string | null)[]) {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        gt(outboxMessages.id, mark),
        eq(outboxMessages.channel, 'email'),
        inArray(
          outboxMessages.to,
          to.filter((e): e is string => e !== null),
        ),
      ),
    );
}

/** A PDF the client uploads to the practice; returns its id. */
export async function uploadedPdf(t: TestApp, client: TestClient, practiceId: number, name = 'report.pdf') {
  const { id, upload } = await createAndUpload(t.app, client, practiceId, PDF, name, MIME.pdf);
  if (upload.statusCode !== 200) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
  return id;
}

export async function fileOwner(db: Db, id: number) {
  const [row] = await db
    .select({ ownerKind: files.ownerKind, ownerId: files.ownerId })
    .from(files)
    .where(eq(files.id, id));
  return row;
}

/** The practice's offer ran out: it no longer sees the referral. */
export async function expireOffer(db: Db, referralId: number, practiceId: number) {
  await db
    .update(referralOffers)
    .set({ status: 'EXPIRED', respondedAt: new Date() })
    .where(and(eq(referralOffers.referralId, referralId), eq(referralOffers.practiceId, practiceId)));
}
