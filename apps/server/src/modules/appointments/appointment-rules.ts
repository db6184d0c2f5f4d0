import type { appointmentsApi } from '@referwell/contracts';
import { AppError } from '../../platform/errors.js';

type State = appointmentsApi.AppointmentState;
export type AppointmentChange = 'confirm' | 'cancel';

/**
 * Which change each state allows; ARCHITECTURE.md draws the same machine. A cancelled appointment
 * is final (its slot is free for someone else), and one that has ended is history: neither changes.
 */
const ALLOWED: Record<AppointmentChange, readonly State[]> = {
  confirm: ['SCHEDULED', 'RESCHEDULED'],
  cancel: ['REQUESTED', 'SCHEDULED', 'RESCHEDULED', 'CONFIRMED'],
};

const REFUSAL: Record<State, string> = {
  REQUESTED: 'This appointment is only requested: the practice has not scheduled it yet',
  SCHEDULED: 'This appointment is scheduled',
  RESCHEDULED: 'This appointment is rescheduled',
  CONFIRMED: 'This appointment is already confirmed',
  CANCELLED: 'This appointment was cancelled',
};

export const TARGET: Record<AppointmentChange, State> = { confirm: 'CONFIRMED', cancel: 'CANCELLED' };

/** Throws a 400 naming why, unless `change` may happen to an appointment in `state` ending at `end`. */
export function assertTransition(change: AppointmentChange, state: State, end: Date, now: Date) {
  if (!ALLOWED[change].includes(state)) throw new AppError('BAD_REQUEST', REFUSAL[state]);
  if (end <= now) throw new AppError('BAD_REQUEST', 'This appointment has already taken place');
}
