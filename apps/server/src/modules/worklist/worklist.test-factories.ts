import { eq } from 'drizzle-orm';
import type { worklistApi } from '@referwell/contracts';
import type { TestApp } from '../../test/harness.js';
import type { TestClient } from '../../test/client.js';
import { referralOffers, referrals } from '../referrals/referrals.table.js';
import { insertReferral } from '../referrals/referrals.test-factories.js';
import { chatMessages, chats, chatUsers } from '../chats/chats.table.js';

/** The caller's worklist for the practice, expecting 200. */
export async function worklistOf(client: TestClient, practiceId: number) {
  const res = await client.get(`/api/v1/practice/${practiceId}/worklist`);
  if (res.statusCode !== 200) throw new Error(`worklist: ${res.statusCode} ${res.body}`);
  return res.json<worklistApi.Worklist>();
}

/**
 * A specialty referral from `from` offered to `to` in a tier that runs out `minutesLeft` from now,
 * offered `minutesAgo` ago, as routing leaves one.
 */
export async function specialtyOffer(
  t: TestApp,
  from: { practiceId: number; userId: number },
  to: number,
  times: { minutesLeft: number; minutesAgo?: number },
) {
  const now = Date.now();
  const { referral, patient } = await insertReferral(t.db, {
    senderPracticeId: from.practiceId,
    fromUserId: from.userId,
    offeredTo: [to],
  });
  await t.db
    .update(referrals)
    .set({ type: 'SPECIALTY', tier: 1, tierExpiresAt: new Date(now + times.minutesLeft * 60_000) })
    .where(eq(referrals.id, referral.id));
  await t.db
    .update(referralOffers)
    .set({ tier: 1, offeredAt: new Date(now - (times.minutesAgo ?? 10) * 60_000) })
    .where(eq(referralOffers.referralId, referral.id));
  return { id: referral.id, patientName: `${patient.firstName} ${patient.lastName}` };
}

/** A chat between two practices where `from` wrote `messages` messages the other side has not read. */
export async function unreadPracticeChat(
  t: TestApp,
  from: { practiceId: number; userId: number; name: string },
  to: number,
  messages = 1,
) {
  const [chat] = await t.db
    .insert(chats)
    .values({ type: 'PRACTICE_TO_PRACTICE', practiceId: from.practiceId, targetPracticeId: to, createdBy: from.userId })
    .returning();
  const [writer] = await t.db
    .insert(chatUsers)
    .values({ chatId: chat.id, userId: from.userId, practiceId: from.practiceId, name: from.name })
    .returning();
  for (let i = 0; i < messages; i += 1)
    await t.db
      .insert(chatMessages)
      .values({ chatId: chat.id, chatUserId: writer.id, uuid: `w-${chat.id}-${i}`, message: `Message ${i}` });
  return chat;
}
