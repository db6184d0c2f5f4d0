import { randomInt } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { appointmentsApi } from '@referwell/contracts';
import { fullName, users, type AppContext, type Caller } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import { sqlState } from '../../db/errors.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { appointmentEvents, appointments, appointmentTemplates } from './appointments.table.js';

export type AppointmentRow = typeof appointments.$inferSelect;
export type TemplateRow = typeof appointmentTemplates.$inferSelect;
type State = appointmentsApi.AppointmentState;

/** Who changed an appointment: a member of staff, or the patient through their link. */
export type Actor = { caller: Caller } | { patient: true };

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_LENGTH = 12;
/**
 * The patient's link code: 12 characters of an alphabet without look-alikes (0/O, 1/l/I), about
 * 69 bits, so it fits a text message and cannot be guessed. It is never a UUID, which is how a
 * reference is told apart from staff's uuid.
 */
export const newAppointmentCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (ref: string) => UUID.test(ref);

const ms = (d: Date | null) => (d ? d.getTime() : null);

export function toAppointment(row: AppointmentRow): appointmentsApi.Appointment {
  return {
    id: row.id,
    uuid: row.uuid,
    code: row.code,
    practiceId: row.practiceId,
    providerId: row.providerId,
    patientId: row.patientId,
    referralId: row.referralId,
    templateId: row.templateId,
    departmentId: row.departmentId,
    start: row.startAt.getTime(),
    end: row.endAt.getTime(),
    timezone: row.timezone,
    appointmentLocation: row.location,
    addressOverride: row.addressOverride,
    virtualLink: row.virtualLink,
    virtualAppointmentHost: row.virtualAppointmentHost,
    scheduleType: row.scheduleType,
    state: row.state,
    viewedByPatientAt: ms(row.viewedByPatientAt),
    cancellationReason: row.cancellationReason,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export const toTemplate = (row: TemplateRow): appointmentsApi.AppointmentTemplate => ({
  id: row.id,
  practiceId: row.practiceId,
  name: row.name,
  description: row.description,
  defaultDuration: row.defaultDuration,
  color: row.color,
  patientBookable: row.patientBookable,
  patientSchedulable: row.patientSchedulable,
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

/** One step of the appointment's history, in the transaction that takes it. */
export async function recordAppointmentEvent(
  tx: Db,
  appointmentId: number,
  from: State | null,
  to: State,
  actor: Actor,
  client: ClientInfo,
  details: Record<string, unknown> = {},
) {
  await tx.insert(appointmentEvents).values({
    appointmentId,
    fromState: from,
    toState: to,
    actorUserId: 'caller' in actor ? actor.caller.user.id : null,
    byPatient: 'patient' in actor,
    ip: client.ip,
    userAgent: client.userAgent.slice(0, 500),
    details: { ...('caller' in actor && actor.caller.apiKey ? { apiKeyId: actor.caller.apiKey.id } : {}), ...details },
  });
}

/** The audit entry of an appointment read or change, in the practice's trail, naming its patient. */
export function auditAppointment(
  ctx: AppContext,
  actor: Actor,
  client: ClientInfo,
  verb: string,
  row: AppointmentRow,
  details: Record<string, unknown> = {},
  tx?: Db,
) {
  const caller = 'caller' in actor ? actor.caller : null;
  return ctx.audit.record(
    {
      action: `appointment.${verb}`,
      actorUserId: caller?.user.id ?? null,
      targetType: 'appointment',
      targetId: row.id,
      ip: client.ip,
      userAgent: client.userAgent,
      practiceId: row.practiceId,
      patientId: row.patientId,
      details: {
        ...(caller ? {} : { byPatient: true }),
        ...(caller?.apiKey ? { apiKeyId: caller.apiKey.id } : {}),
        ...details,
      },
    },
    tx,
  );
}

/** exclusion_violation: the range overlaps a live appointment of the same provider. */
export const isExclusionViolation = (err: unknown) => sqlState(err) === '23P01';

/**
 * Runs a booking, turning the no-double-booking constraint's refusal into a 450 that names the
 * appointment in the way, in the appointment's zone: two people booking one slot at once get
 * exactly one appointment and one clear answer each.
 */
export async function refusingDoubleBooking<T>(
  db: Db,
  booking: { providerId: number | null; start: Date; end: Date; timezone: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isExclusionViolation(err) || booking.providerId === null) throw err;
    throw await doubleBookingError(db, booking.providerId, booking.start, booking.end, booking.timezone);
  }
}

async function doubleBookingError(db: Db, providerId: number, start: Date, end: Date, timezone: string) {
  const [who] = await db
    .select({ title: users.title, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, providerId));
  const name = who ? [who.title, fullName(who)].filter(Boolean).join(' ') : 'The provider';
  const clash = await clashingAppointment(db, providerId, start, end);
  const time = (d: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(d);
  const message = clash
    ? `${name} already has an appointment from ${time(clash.startAt)} to ${time(clash.endAt)}`
    : `${name} already has an appointment at that time`;
  return new AppError('ERROR_OBJECT_EXISTS', message, [{ path: ['body', 'start'], message }]);
}

async function clashingAppointment(db: Db, providerId: number, start: Date, end: Date) {
  const [row] = await db
    .select({ startAt: appointments.startAt, endAt: appointments.endAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.providerId, providerId),
        ne(appointments.state, 'CANCELLED'),
        lt(appointments.startAt, end),
        gt(appointments.endAt, start),
      ),
    )
    .limit(1);
  return row;
}
