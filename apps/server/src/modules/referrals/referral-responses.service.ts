import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { referralsApi } from '@referwell/contracts';
import { authorizePractice, rolesIn, type AppContext, type Caller } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { ClientInfo } from '../../platform/http.js';
import { authorizeReferral, type ReferralParty, type ReferralRow } from './referral-access.js';
import { AppError } from '../../platform/errors.js';
import { auditPatient, patientById } from '../patients/index.js';
import { recordAnalytics } from '../analytics/index.js';
import { referralOffers, referrals } from './referrals.table.js';
import { detailOf } from './referral-views.js';
import { auditReferral, lockReferral, markUnviewed, recordEvent } from './referral-records.js';
import { assertAllowed } from './referral-rules.js';
import { receiverRecordOf } from './referral-patients.js';
import { autoArchiveEnded } from './referral-auto-archive.js';
import { advanceIfTierExhausted } from './routing/offers.js';
import { queueReferralNotice } from './referral-notifications.js';
import { appointmentOf, assertDepartmentOf, storedAppointment } from './referral-appointments.js';
import { bookForReferral, cancelForReferral } from '../appointments/index.js';

type AcceptBody = z.output<typeof referralsApi.ReferralAccept>;
type RescheduleBody = z.output<typeof referralsApi.ReferralReschedule>;

async function assertProviderAt(db: Db, userId: number, practiceId: number) {
  if (!(await rolesIn(db, userId, practiceId)).includes('PROVIDER')) {
    const message = 'The provider named does not work at this practice';
    throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'recievingUserId'], message }]);
  }
}

/**
 * How the practice stands to a referral it wants to answer, read under the row lock: a practice
 * whose offer went to someone else learns it was accepted (454), one whose offer ended is told so,
 * and one that never saw it gets 456.
 */
async function offeredParty(tx: Db, referral: ReferralRow, practiceId: number): Promise<ReferralParty> {
  if (referral.practiceId === practiceId) return 'SENDER';
  const [offer] = await tx
    .select({ status: referralOffers.status })
    .from(referralOffers)
    .where(and(eq(referralOffers.referralId, referral.id), eq(referralOffers.practiceId, practiceId)));
  if (!offer) throw new AppError('OBJECT_NOT_FOUND', 'No such referral');
  if (referral.status === 'ACCEPTED' || referral.status === 'RESCHEDULED') {
    if (referral.receivingPracticeId === practiceId) return 'RECEIVER';
    throw new AppError('REFERRAL_ALREADY_ACCEPTED', 'Referral already accepted');
  }
  if (referral.status === 'OFFERED' && offer.status !== 'OFFERED')
    throw new AppError('BAD_REQUEST', 'The offer of this referral to your practice has ended');
  return 'OFFERED';
}

/** Answers to a referral: accept (exactly once), reject, reschedule, cancel. Each locks the referral row first. */
export function createReferralResponses(ctx: AppContext) {
  const { db } = ctx;
  const now = () => ctx.clock.now();

  return {
    async accept(caller: Caller, id: number, body: AcceptBody, client: ClientInfo) {
      const { practiceId } = body;
      await authorizePractice(db, caller, practiceId, 'referrals.manage');
      if (body.recievingUserId !== undefined) await assertProviderAt(db, body.recievingUserId, practiceId);
      await assertDepartmentOf(db, body.departmentId, practiceId);
      const appointment = appointmentOf(body);
      const { referral, receiver } = await db.transaction(async (tx) => {
        const current = await lockReferral(tx, id);
        const party = await offeredParty(tx, current, practiceId);
        // Its own practice won (a colleague at the same moment, or a double click): it learns, as any
        // other practice offered it does, that the referral is taken.
        if (party === 'RECEIVER') throw new AppError('REFERRAL_ALREADY_ACCEPTED', 'Referral already accepted');
        assertAllowed('accept', current.status, party);
        const patient = await patientById(tx, current.patientId);
        const receiver = await receiverRecordOf(tx, patient!, practiceId, caller.user.id);
        // The provider asked for stays when they work here; otherwise the accepting provider takes it.
        const asked =
          current.receivingUserId && (await rolesIn(tx, current.receivingUserId, practiceId)).includes('PROVIDER')
            ? current.receivingUserId
            : null;
        const self = caller.apiKey
          ? null
          : (await rolesIn(tx, caller.user.id, practiceId)).includes('PROVIDER')
            ? caller.user.id
            : null;
        const at = now();
        const [row] = await tx
          .update(referrals)
          .set({
            status: 'ACCEPTED',
            receivingPracticeId: practiceId,
            acceptedByUserId: caller.user.id,
            receivingUserId: body.recievingUserId ?? asked ?? self,
            receiverPatientId: receiver.record.id,
            appointment,
            tier: null,
            tierExpiresAt: null,
            updatedAt: at,
          })
          .where(eq(referrals.id, id))
          .returning();
        await tx
          .update(referralOffers)
          .set({ status: 'ACCEPTED', respondedAt: at, respondedBy: caller.user.id })
          .where(and(eq(referralOffers.referralId, id), eq(referralOffers.practiceId, practiceId)));
        const others = await tx
          .update(referralOffers)
          .set({ status: 'WITHDRAWN', respondedAt: at })
          .where(
            and(
              eq(referralOffers.referralId, id),
              eq(referralOffers.status, 'OFFERED'),
              ne(referralOffers.practiceId, practiceId),
            ),
          )
          .returning({ practiceId: referralOffers.practiceId });
        if (appointment) {
          const booking = { referralId: id, practiceId, providerId: row.receivingUserId, appointment };
          await bookForReferral(ctx, tx, { ...booking, patientId: receiver.record.id }, caller, client);
        }
        await recordEvent(tx, id, 'ACCEPTED', caller.user.id, practiceId, { appointment });
        await recordAnalytics(tx, {
          type: 'referral accepted',
          practiceId,
          userId: caller.user.id,
          details: { referralId: id, from: current.practiceId },
        });
        const withdrawn = others.map((o) => o.practiceId);
        await markUnviewed(tx, id, [current.practiceId], caller.user.id);
        await queueReferralNotice(ctx, tx, {
          referralId: id,
          kind: 'ACCEPTED',
          practiceIds: [current.practiceId, ...withdrawn],
          emailPracticeIds: [current.practiceId],
          actorUserId: caller.user.id,
        });
        return { referral: row, receiver };
      });
      const receiverPatientId = receiver.record.id;
      if (receiver.created) {
        await auditPatient(
          ctx.audit,
          caller,
          'patient.created',
          client,
          { type: 'patient', id: receiverPatientId },
          { practiceId, referralId: id },
        );
      }
      await auditReferral(ctx, caller, client, 'accepted', id, practiceId, {
        appointment: appointment !== null,
        receiverPatientId,
      });
      return detailOf(ctx, referral, { practiceId, userId: caller.user.id }, 'RECEIVER');
    },

    async reject(caller: Caller, id: number, body: { practiceId: number; reason?: string }, client: ClientInfo) {
      const { practiceId } = body;
      await authorizePractice(db, caller, practiceId, 'referrals.manage');
      await db.transaction(async (tx) => {
        const current = await lockReferral(tx, id);
        assertAllowed('reject', current.status, await offeredParty(tx, current, practiceId));
        const at = now();
        await tx
          .update(referralOffers)
          .set({ status: 'REJECTED', respondedAt: at, respondedBy: caller.user.id, reason: body.reason ?? null })
          .where(and(eq(referralOffers.referralId, id), eq(referralOffers.practiceId, practiceId)));
        await recordEvent(tx, id, 'REJECTED', caller.user.id, practiceId, body.reason ? { reason: body.reason } : {});
        await recordAnalytics(tx, {
          type: 'referral refused',
          practiceId,
          userId: caller.user.id,
          details: { referralId: id, from: current.practiceId },
        });
        // The sender sees each decline live; only a BASIC referral's decline (its end) is e-mailed.
        const basic = current.type === 'BASIC';
        await queueReferralNotice(ctx, tx, {
          referralId: id,
          kind: 'REJECTED',
          practiceIds: [current.practiceId],
          emailPracticeIds: basic ? [current.practiceId] : [],
          actorUserId: caller.user.id,
        });
        if (basic) {
          await tx
            .update(referrals)
            .set({ status: 'REJECTED', tier: null, tierExpiresAt: null, updatedAt: at })
            .where(eq(referrals.id, id));
          await markUnviewed(tx, id, [current.practiceId], caller.user.id);
          await autoArchiveEnded(tx, current, 'REJECTED');
          return;
        }
        // Declined by every practice of its tier, a specialty referral moves on at once.
        await advanceIfTierExhausted(ctx, tx, current);
      });
      await auditReferral(ctx, caller, client, 'rejected', id, practiceId, { reason: body.reason ?? null });
      return { ok: true as const };
    },

    async reschedule(caller: Caller, id: number, body: RescheduleBody, client: ClientInfo) {
      const { practiceId } = body;
      const { referral: seen, party } = await authorizeReferral(db, caller, id, practiceId, 'referrals.manage');
      if (seen.receivingPracticeId) {
        if (body.recievingUserId !== undefined)
          await assertProviderAt(db, body.recievingUserId, seen.receivingPracticeId);
        await assertDepartmentOf(db, body.departmentId, seen.receivingPracticeId);
      }
      const referral = await db.transaction(async (tx) => {
        const current = await lockReferral(tx, id);
        assertAllowed('reschedule', current.status, party);
        const appointment = appointmentOf(body, current.appointment && storedAppointment(current.appointment))!;
        const [row] = await tx
          .update(referrals)
          .set({
            status: 'RESCHEDULED',
            appointment,
            receivingUserId: body.recievingUserId ?? current.receivingUserId,
            updatedAt: now(),
          })
          .where(eq(referrals.id, id))
          .returning();
        // Referrals accepted before the accepting practice kept its own patient record have no appointment to book.
        if (row.receivingPracticeId && row.receiverPatientId) {
          const booking = { referralId: id, practiceId: row.receivingPracticeId, providerId: row.receivingUserId };
          await bookForReferral(ctx, tx, { ...booking, patientId: row.receiverPatientId, appointment }, caller, client);
        }
        await recordEvent(tx, id, 'RESCHEDULED', caller.user.id, practiceId, {
          appointment,
          previous: current.appointment,
        });
        const otherSide = party === 'SENDER' ? current.receivingPracticeId! : current.practiceId;
        await markUnviewed(tx, id, [otherSide], caller.user.id);
        await queueReferralNotice(ctx, tx, {
          referralId: id,
          kind: 'RESCHEDULED',
          practiceIds: [otherSide],
          actorUserId: caller.user.id,
        });
        return row;
      });
      await auditReferral(ctx, caller, client, 'rescheduled', id, practiceId);
      return detailOf(ctx, referral, { practiceId, userId: caller.user.id }, party);
    },

    async cancel(caller: Caller, id: number, body: { practiceId: number; reason?: string }, client: ClientInfo) {
      const { practiceId } = body;
      const { party } = await authorizeReferral(db, caller, id, practiceId, 'referrals.manage');
      const referral = await db.transaction(async (tx) => {
        const current = await lockReferral(tx, id);
        assertAllowed('cancel', current.status, party);
        const at = now();
        const withdrawn = await tx
          .update(referralOffers)
          .set({ status: 'WITHDRAWN', respondedAt: at })
          .where(and(eq(referralOffers.referralId, id), eq(referralOffers.status, 'OFFERED')))
          .returning({ practiceId: referralOffers.practiceId });
        const [row] = await tx
          .update(referrals)
          .set({ status: 'CANCELLED', tier: null, tierExpiresAt: null, updatedAt: at })
          .where(eq(referrals.id, id))
          .returning();
        await cancelForReferral(ctx, tx, id, body.reason ?? null, caller, client);
        await recordEvent(tx, id, 'CANCELLED', caller.user.id, practiceId, body.reason ? { reason: body.reason } : {});
        await autoArchiveEnded(tx, row, 'CANCELLED');
        const receiver = current.receivingPracticeId ? [current.receivingPracticeId] : [];
        const told = [...receiver, ...withdrawn.map((w) => w.practiceId)];
        await markUnviewed(tx, id, told, caller.user.id);
        if (told.length)
          await queueReferralNotice(ctx, tx, {
            referralId: id,
            kind: 'CANCELLED',
            practiceIds: told,
            actorUserId: caller.user.id,
          });
        return row;
      });
      await auditReferral(ctx, caller, client, 'cancelled', id, practiceId, { reason: body.reason ?? null });
      return detailOf(ctx, referral, { practiceId, userId: caller.user.id }, party);
    },
  };
}
export type ReferralResponses = ReturnType<typeof createReferralResponses>;
