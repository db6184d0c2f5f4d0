import { randomUUID } from 'node:crypto';
import type { referralsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import type { TestApp } from '../../test/harness.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { files } from '../files/files.table.js';
import { referralEvents, referralOffers, referrals } from './referrals.table.js';

/** A page of a referral list, as the list routes answer it. */
export type ReferralPage = { data: referralsApi.ReferralSummary[]; count: number };
/** The ids of a page's referrals, in its order. */
export const referralIds = (page: ReferralPage) => page.data.map((r) => r.id);

export interface ReferralFixture {
  senderPracticeId: number;
  fromUserId: number;
  /** Practices holding a live offer (a BASIC referral's target first). */
  offeredTo?: number[];
  /** Already accepted by this practice. */
  acceptedBy?: { practiceId: number; userId: number };
}

/**
 * A referral inserted as the referrals service leaves one, for tests of the areas built on it
 * (comments, notes, files, access): OFFERED to `offeredTo`, or ACCEPTED by `acceptedBy`.
 */
export async function insertReferral(db: Db, f: ReferralFixture) {
  const patient = await insertPatient(db, f.senderPracticeId);
  const offered = f.offeredTo ?? [];
  const [referral] = await db
    .insert(referrals)
    .values({
      type: 'BASIC',
      status: f.acceptedBy ? 'ACCEPTED' : 'OFFERED',
      practiceId: f.senderPracticeId,
      fromUserId: f.fromUserId,
      patientId: patient.id,
      targetPracticeId: f.acceptedBy?.practiceId ?? offered[0] ?? null,
      receivingPracticeId: f.acceptedBy?.practiceId ?? null,
      acceptedByUserId: f.acceptedBy?.userId ?? null,
      tier: f.acceptedBy ? null : 0,
    })
    .returning();
  const targets = f.acceptedBy ? [f.acceptedBy.practiceId] : offered;
  for (const practiceId of targets) {
    await db
      .insert(referralOffers)
      .values({ referralId: referral.id, practiceId, tier: 0, status: f.acceptedBy ? 'ACCEPTED' : 'OFFERED' });
  }
  await db
    .insert(referralEvents)
    .values({ referralId: referral.id, kind: 'CREATED', actorUserId: f.fromUserId, practiceId: f.senderPracticeId });
  return { referral: referral, patient };
}

/**
 * A sending practice and two receiving ones, each with a provider signed in on the web, and a
 * patient of the sender: the cast of most referral tests.
 */
export async function referralScene(t: TestApp) {
  const side = async (name: string) => {
    const practice = await createPractice(t.db, {
      name: `${name} ${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
    });
    const provider = await createUser(t.db, { firstName: name, lastName: 'Provider' });
    await addMember(t.db, practice.id, provider.id, 'PROVIDER');
    return { practice, provider, client: await signedIn(t.app, provider) };
  };
  const sender = await side('Sender');
  const a = await side('Alpha');
  const b = await side('Bravo');
  const patient = await insertPatient(t.db, sender.practice.id, {
    firstName: 'Jane',
    lastName: 'Doe',
    dateOfBirth: '1980-04-02',
  });
  /** A BASIC referral from the sender to `to`, through the API. */
  const send = async (to = a, extra: Record<string, unknown> = {}) => {
    const res = await sender.client.post('/api/v1/referrals', {
      practiceId: sender.practice.id,
      patientId: patient.id,
      targetPracticeId: to.practice.id,
      notes: 'Knee pain, please assess',
      ...extra,
    });
    if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
    return res.json<referralsApi.ReferralDetail>();
  };
  return { sender, a, b, patient, send };
}

/** A clean, uploaded PDF of the practice (the row only: enough for attaching and listing). */
export async function insertUploadedFile(db: Db, f: { practiceId: number; uploadedBy: number }) {
  const [row] = await db
    .insert(files)
    .values({
      practiceId: f.practiceId,
      ownerKind: 'PRACTICE',
      ownerId: f.practiceId,
      uploadedBy: f.uploadedBy,
      name: 'letter.pdf',
      declaredType: 'application/pdf',
      type: 'application/pdf',
      size: 1024,
      md5: 'AAAAAAAAAAAAAAAAAAAAAA==',
      header: '25504446',
      storageKey: `aa/${randomUUID()}`,
      uploadedAt: new Date(),
      scanStatus: 'clean',
    })
    .returning();
  return row;
}
