import { and, desc, eq, ne } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { practices, type AppContext, type Caller } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { ClientInfo } from '../../platform/http.js';
import { appointments } from './appointments.table.js';
import {
  auditAppointment,
  newAppointmentCode,
  recordAppointmentEvent,
  refusingDoubleBooking,
  type AppointmentRow,
} from './appointment-records.js';

/**
 * The appointment a referral's accepting practice proposes (spec 2 §3 accept and reschedule
 * payload), booked in the appointments table under the same no-double-booking constraint as any
 * other, inside the referral's own transaction: a clash refuses the accept or reschedule whole.
 */
export interface ReferralBooking {
  referralId: number;
  /** The accepting practice, whose appointment it is. */
  practiceId: number;
  providerId: number | null;
  /** The accepting practice's record of the patient. */
  patientId: number;
  appointment: referralsApi.ReferralAppointment;
}

/** The newest appointment of a referral, whatever its state, or undefined when none was booked. */
export async function referralAppointmentOf(db: Db, referralId: number): Promise<AppointmentRow | undefined> {
  const [row] = await db
    .select()
    .from(appointments)
    .where(eq(appointments.referralId, referralId))
    .orderBy(desc(appointments.id))
    .limit(1);
  return row;
}

async function liveOfReferral(tx: Db, referralId: number) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.referralId, referralId), ne(appointments.state, 'CANCELLED')))
    .orderBy(desc(appointments.id))
    .limit(1)
    .for('update');
  return row;
}

/** Books the referral's appointment, or moves the one it has (RESCHEDULED). */
export async function bookForReferral(ctx: AppContext, tx: Db, b: ReferralBooking, caller: Caller, client: ClientInfo) {
  const current = await liveOfReferral(tx, b.referralId);
  const [practice] = await tx
    .select({ timezone: practices.timezone })
    .from(practices)
    .where(eq(practices.id, b.practiceId));
  const a = b.appointment;
  const fields = {
    providerId: b.providerId,
    departmentId: a.departmentId,
    startAt: new Date(a.start),
    endAt: new Date(a.end),
    location: a.appointmentLocation,
    addressOverride: a.addressOverride,
    virtualLink: a.virtualLink,
    virtualAppointmentHost: a.virtualAppointmentHost,
    scheduleType: a.scheduleType,
    contentUuid: a.contentUuid,
    submissionId: a.submissionId,
  };
  const timezone = current?.timezone ?? practice.timezone;
  const booking = { providerId: b.providerId, start: fields.startAt, end: fields.endAt, timezone };
  const actor = { caller };
  // A savepoint, so that the constraint's refusal leaves the transaction usable to name the clash.
  return refusingDoubleBooking(tx, booking, () =>
    tx.transaction(async (sp) => {
      if (current) {
        const [moved] = await sp
          .update(appointments)
          .set({ ...fields, state: 'RESCHEDULED', updatedAt: ctx.clock.now() })
          .where(eq(appointments.id, current.id))
          .returning();
        await recordAppointmentEvent(sp, moved.id, current.state, 'RESCHEDULED', actor, client, {
          referralId: b.referralId,
          previous: { start: current.startAt.getTime(), end: current.endAt.getTime() },
        });
        await auditAppointment(ctx, actor, client, 'rescheduled', moved, { referralId: b.referralId }, sp);
        return moved;
      }
      const [created] = await sp
        .insert(appointments)
        .values({
          ...fields,
          code: newAppointmentCode(),
          practiceId: b.practiceId,
          patientId: b.patientId,
          referralId: b.referralId,
          timezone,
          state: 'SCHEDULED',
          createdBy: caller.user.id,
        })
        .returning();
      await recordAppointmentEvent(sp, created.id, null, 'SCHEDULED', actor, client, { referralId: b.referralId });
      await auditAppointment(ctx, actor, client, 'created', created, { referralId: b.referralId }, sp);
      return created;
    }),
  );
}

/** A cancelled referral's appointment is cancelled with it, freeing the provider's time. */
export async function cancelForReferral(
  ctx: AppContext,
  tx: Db,
  referralId: number,
  reason: string | null,
  caller: Caller,
  client: ClientInfo,
) {
  const current = await liveOfReferral(tx, referralId);
  if (!current) return;
  const [cancelled] = await tx
    .update(appointments)
    .set({ state: 'CANCELLED', cancellationReason: reason, updatedAt: ctx.clock.now() })
    .where(eq(appointments.id, current.id))
    .returning();
  const actor = { caller };
  await recordAppointmentEvent(tx, current.id, current.state, 'CANCELLED', actor, client, { referralId, reason });
  await auditAppointment(ctx, actor, client, 'cancelled', cancelled, { referralId }, tx);
}
