import { format } from 'date-fns';
import { referralsApi } from '@referwell/contracts';
import type { AcceptBody } from './referralMutations';
import type { ReferralDetail } from './referralQueries';

type LocationKind = NonNullable<referralsApi.ReferralAppointment['appointmentLocation']>;

export interface AppointmentValues {
  start: string;
  end: string;
  appointmentLocation: LocationKind | '';
  departmentId: string;
  addressOverride: string;
  virtualLink: string;
}

/** A datetime-local value ("2024-03-05T14:00") in the browser's time zone, and back. */
const toLocalInput = (ms: number) => format(new Date(ms), "yyyy-MM-dd'T'HH:mm");
const fromLocalInput = (text: string) => (text ? new Date(text).getTime() : undefined);

export function initialAppointment(appointment: ReferralDetail['appointment']): AppointmentValues {
  return {
    start: appointment ? toLocalInput(appointment.start) : '',
    end: appointment ? toLocalInput(appointment.end) : '',
    appointmentLocation: appointment?.appointmentLocation ?? '',
    departmentId: appointment?.departmentId ? String(appointment.departmentId) : '',
    addressOverride: appointment?.addressOverride ?? '',
    virtualLink: appointment?.virtualLink ?? '',
  };
}

/** Only the details of the chosen kind of place are sent. */
export function appointmentBody(values: AppointmentValues): AcceptBody {
  const kind = values.appointmentLocation || undefined;
  return {
    start: fromLocalInput(values.start),
    end: fromLocalInput(values.end),
    appointmentLocation: kind,
    departmentId: kind === 'DEPARTMENT' && values.departmentId ? Number(values.departmentId) : undefined,
    addressOverride: kind === 'CUSTOM_ADDRESS' ? values.addressOverride.trim() || undefined : undefined,
    virtualLink: kind === 'VIRTUAL' ? values.virtualLink.trim() || undefined : undefined,
  };
}

const FIELDS = ['start', 'end', 'departmentId', 'addressOverride', 'virtualLink', 'appointmentLocation'];

/** The contract's rules (start and end together, end after start, a web address) plus what a reschedule needs. */
export function validateAppointment(values: AppointmentValues, mode: 'accept' | 'reschedule'): Record<string, string> {
  const errors: Record<string, string> = {};
  const body = appointmentBody(values);
  const parsed = referralsApi.ReferralAccept.safeParse({ ...body, practiceId: 1 });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (FIELDS.includes(field)) errors[field] ??= issue.message;
    }
  }
  if (mode === 'reschedule') {
    if (!values.start) errors.start = 'Choose when the appointment starts';
    if (!values.end) errors.end = 'Choose when the appointment ends';
  }
  if (values.appointmentLocation === 'DEPARTMENT' && !values.departmentId)
    errors.departmentId = 'Choose the department';
  return errors;
}
