import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { appointmentsApi } from '@referwell/contracts';
import { authorizePractice, practices, rolesIn, type AppContext, type Caller } from '../../core/index.js';
import type { PracticeAction } from '../../platform/access/index.js';
import type { Db } from '../../db/client.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { patientIn } from '../patients/index.js';
import { isDepartmentOf } from '../departments/index.js';
import { appointments } from './appointments.table.js';
import { liveTemplateOf } from './appointment-templates.service.js';
import { assertTransition, TARGET, type AppointmentChange } from './appointment-rules.js';
import {
  auditAppointment,
  isUuid,
  newAppointmentCode,
  recordAppointmentEvent,
  refusingDoubleBooking,
  toAppointment,
  type Actor,
  type AppointmentRow,
} from './appointment-records.js';

type Create = z.output<typeof appointmentsApi.AppointmentCreate>;
type ProviderQuery = z.output<typeof appointmentsApi.ProviderAppointmentsQuery>;

const invalid = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, [{ path: ['body', field], message }]);
const notFound = () => new AppError('APPOINTMENT_NOT_FOUND', 'No appointment has this link or reference');

/** The fields of a booking that belong to the practice: each must be one of its own, or the booking is a 400 on that field. */
async function assertOwnFields(db: Db, body: Create) {
  const { practiceId } = body;
  if (!(await patientIn(db, practiceId, body.patientId)))
    throw invalid('patientId', 'The patient must be a patient of this practice');
  if (body.providerId && !(await rolesIn(db, body.providerId, practiceId)).includes('PROVIDER'))
    throw invalid('providerId', 'The provider named does not work at this practice');
  if (body.departmentId && !(await isDepartmentOf(db, body.departmentId, practiceId)))
    throw invalid('departmentId', "The department must be one of the practice's departments");
  if (body.templateId) {
    await liveTemplateOf(db, body.templateId, practiceId).catch(() => {
      throw invalid('templateId', 'The appointment template must be one of the practice’s own');
    });
  }
}

/**
 * Appointments: booking by staff, and the changes staff (by uuid or id) and patients (by the code
 * of their link) make. Every change locks the row, follows appointment-rules.ts, and writes an
 * appointment_events row and an audit entry in the same transaction.
 */
export function createAppointmentsService(ctx: AppContext) {
  const { db } = ctx;
  const now = () => ctx.clock.now();

  /**
   * The appointment a reference names, and who acts on it. A uuid is staff's: it needs a caller
   * who may do `action` in its practice. Anything else is a patient's code, which answers 452 once
   * the appointment has ended or was cancelled: an old link shows nothing.
   */
  async function resolve(ref: string, caller: Caller | null, action: PracticeAction) {
    if (isUuid(ref)) {
      if (!caller) throw new AppError('UNAUTHORIZED');
      const [row] = await db.select().from(appointments).where(eq(appointments.uuid, ref));
      if (!row) throw notFound();
      await authorizePractice(db, caller, row.practiceId, action);
      return { row, actor: { caller } as Actor };
    }
    const [row] = await db.select().from(appointments).where(eq(appointments.code, ref));
    if (!row) throw notFound();
    if (row.state === 'CANCELLED' || row.endAt <= now())
      throw new AppError('APPOINTMENT_EXPIRED', 'This appointment has passed or was cancelled');
    return { row, actor: { patient: true } as Actor };
  }

  /** Moves the appointment along `change` under its row lock; the rules are checked on the locked row. */
  async function transition(
    row: AppointmentRow,
    change: AppointmentChange,
    actor: Actor,
    client: ClientInfo,
    set: Partial<AppointmentRow> = {},
  ) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(appointments).where(eq(appointments.id, row.id)).for('update');
      assertTransition(change, current.state, current.endAt, now());
      const to = TARGET[change];
      const [updated] = await tx
        .update(appointments)
        .set({ ...set, state: to, updatedAt: now() })
        .where(eq(appointments.id, row.id))
        .returning();
      const details = change === 'cancel' ? { reason: updated.cancellationReason } : {};
      await recordAppointmentEvent(tx, row.id, current.state, to, actor, client, details);
      await auditAppointment(ctx, actor, client, `${to.toLowerCase()}`, updated, { from: current.state }, tx);
      return toAppointment(updated);
    });
  }

  return {
    async create(caller: Caller, body: Create, client: ClientInfo) {
      await authorizePractice(db, caller, body.practiceId, 'appointments.manage');
      if (body.start <= now().getTime()) throw invalid('start', 'The appointment must start in the future');
      await assertOwnFields(db, body);
      const [practice] = await db
        .select({ timezone: practices.timezone })
        .from(practices)
        .where(eq(practices.id, body.practiceId));
      const booking = {
        providerId: body.providerId ?? null,
        start: new Date(body.start),
        end: new Date(body.end),
        timezone: body.timezone ?? practice.timezone,
      };
      const actor: Actor = { caller };
      const row = await refusingDoubleBooking(db, booking, () =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(appointments)
            .values({
              code: newAppointmentCode(),
              practiceId: body.practiceId,
              providerId: booking.providerId,
              patientId: body.patientId,
              templateId: body.templateId ?? null,
              departmentId: body.departmentId ?? null,
              startAt: booking.start,
              endAt: booking.end,
              timezone: booking.timezone,
              location: body.appointmentLocation ?? null,
              addressOverride: body.addressOverride ?? null,
              virtualLink: body.virtualLink ?? null,
              virtualAppointmentHost: body.virtualAppointmentHost ?? null,
              scheduleType: body.scheduleType ?? null,
              contentUuid: body.contentUuid ?? null,
              submissionId: body.submissionId ?? null,
              state: 'SCHEDULED',
              createdBy: caller.user.id,
            })
            .returning();
          await recordAppointmentEvent(tx, created.id, null, 'SCHEDULED', actor, client);
          await auditAppointment(ctx, actor, client, 'created', created, {}, tx);
          return created;
        }),
      );
      return toAppointment(row);
    },

    async get(ref: string, caller: Caller | null, client: ClientInfo) {
      const { row, actor } = await resolve(ref, caller, 'appointments.view');
      await auditAppointment(ctx, actor, client, 'viewed', row);
      return toAppointment(row);
    },

    async getById(caller: Caller, id: number, client: ClientInfo) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
      if (!row) throw notFound();
      await authorizePractice(db, caller, row.practiceId, 'appointments.view');
      await auditAppointment(ctx, { caller }, client, 'viewed', row);
      return toAppointment(row);
    },

    /**
     * The caller's own schedule in the practice: appointments still to come (or under way) from
     * `startDate`, soonest first. Not audited one by one like an opened appointment: the list names
     * no patient, only their ids, and opening one is audited.
     */
    async forProvider(caller: Caller, query: ProviderQuery) {
      await authorizePractice(db, caller, query.practiceId, 'appointments.view');
      const from = query.startDate === undefined ? now() : new Date(query.startDate);
      const mine = and(
        eq(appointments.practiceId, query.practiceId),
        eq(appointments.providerId, caller.user.id),
        ne(appointments.state, 'CANCELLED'),
        gt(appointments.endAt, from),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(appointments)
          .where(mine)
          .orderBy(asc(appointments.startAt), asc(appointments.id))
          .limit(query.pageSize)
          .offset(query.page * query.pageSize),
        db.select({ n: count() }).from(appointments).where(mine),
      ]);
      return { data: rows.map(toAppointment), count: total.n };
    },

    async cancel(ref: string, caller: Caller | null, reason: string | null | undefined, client: ClientInfo) {
      const { row, actor } = await resolve(ref, caller, 'appointments.manage');
      return transition(row, 'cancel', actor, client, { cancellationReason: reason || null });
    },

    async confirm(ref: string, caller: Caller | null, client: ClientInfo) {
      const { row, actor } = await resolve(ref, caller, 'appointments.manage');
      return transition(row, 'confirm', actor, client);
    },

    /** The patient opened their link: noted once, with when and from where. */
    async viewed(ref: string, caller: Caller | null, client: ClientInfo) {
      const { row, actor } = await resolve(ref, caller, 'appointments.view');
      if (!('patient' in actor))
        throw new AppError('BAD_REQUEST', 'Only the patient’s link marks an appointment viewed');
      if (row.viewedByPatientAt) return toAppointment(row);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(appointments)
          .set({ viewedByPatientAt: now() })
          .where(eq(appointments.id, row.id))
          .returning();
        await recordAppointmentEvent(tx, row.id, row.state, row.state, actor, client, { viewed: true });
        await auditAppointment(ctx, actor, client, 'opened_by_patient', updated, {}, tx);
        return toAppointment(updated);
      });
    },
  };
}
export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
