import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/index.js';
import { registerAppointmentRoutes } from './appointments.routes.js';
import { createAppointmentsService } from './appointments.service.js';
import { createAppointmentTemplates } from './appointment-templates.service.js';

export { toAppointment } from './appointment-records.js';
export {
  bookForReferral,
  cancelForReferral,
  referralAppointmentOf,
  type ReferralBooking,
} from './referral-bookings.js';

/** Appointments and their templates: booking without double-booking, and the patient's link by code. */
export function appointmentsModule(app: FastifyInstance, ctx: AppContext) {
  registerAppointmentRoutes(app, ctx, createAppointmentsService(ctx), createAppointmentTemplates(ctx));
}
