import type { z } from 'zod';
import type { referralsApi } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { isDepartmentOf } from '../departments/index.js';

type AppointmentBody = Partial<z.output<typeof referralsApi.ReferralReschedule>>;
type Appointment = referralsApi.ReferralAppointment;

/**
 * Spec 2's appointment payload as stored on the referral, or null when the body proposes none.
 * A reschedule's payload has no scheduleType, contentUuid or submissionId, so those stay as they
 * were when the body leaves them out; the other fields are the new appointment's own.
 */
export function appointmentOf(body: AppointmentBody, previous: Appointment | null = null): Appointment | null {
  if (body.start === undefined || body.end === undefined) return null;
  const kept = <K extends 'scheduleType' | 'contentUuid' | 'submissionId'>(key: K): Appointment[K] =>
    (body[key] === undefined ? (previous?.[key] ?? null) : body[key]) as Appointment[K];
  return {
    start: body.start,
    end: body.end,
    departmentId: body.departmentId ?? null,
    appointmentLocation: body.appointmentLocation ?? null,
    addressOverride: body.addressOverride ?? null,
    virtualLink: body.virtualLink ?? null,
    virtualAppointmentHost: body.virtualAppointmentHost ?? null,
    scheduleType: kept('scheduleType'),
    contentUuid: kept('contentUuid'),
    submissionId: kept('submissionId'),
  };
}

/** Appointments stored before the payload was kept whole lack its later fields. */
export const storedAppointment = (a: Partial<Appointment> & Pick<Appointment, 'start' | 'end'>): Appointment => ({
  departmentId: null,
  appointmentLocation: null,
  addressOverride: null,
  virtualLink: null,
  virtualAppointmentHost: null,
  scheduleType: null,
  contentUuid: null,
  submissionId: null,
  ...a,
});

/** The appointment is at the practice that accepted the referral: a department must be one of its own. */
export async function assertDepartmentOf(db: Db, departmentId: number | null | undefined, practiceId: number) {
  if (departmentId === null || departmentId === undefined) return;
  if (await isDepartmentOf(db, departmentId, practiceId)) return;
  const message = "The department must be one of the accepting practice's departments";
  throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'departmentId'], message }]);
}
