import type { FastifyInstance } from 'fastify';
import { appointmentsApi as api } from '@referwell/contracts';
import type { AppContext } from '../../core/index.js';
import { route } from '../../platform/http.js';
import type { AppointmentsService } from './appointments.service.js';
import type { createAppointmentTemplates } from './appointment-templates.service.js';

export function registerAppointmentRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  appointments: AppointmentsService,
  templates: ReturnType<typeof createAppointmentTemplates>,
) {
  route(app, ctx, api.createAppointmentTemplate, ({ caller, body, client }) => templates.create(caller, body, client));
  route(app, ctx, api.updateAppointmentTemplate, ({ caller, params, body, client }) =>
    templates.update(caller, params.id, body, client),
  );
  route(app, ctx, api.deleteAppointmentTemplate, async ({ caller, params, query, client }) => {
    await templates.remove(caller, params.id, query.practiceId, client);
    return { ok: true as const };
  });
  route(app, ctx, api.listAppointmentTemplates, ({ caller, query }) => templates.list(caller, query.practiceId));

  route(app, ctx, api.createAppointment, ({ caller, body, client }) => appointments.create(caller, body, client));
  route(app, ctx, api.getAppointment, ({ caller, params, client }) => appointments.get(params.uuid, caller, client));
  route(app, ctx, api.getAppointmentById, ({ caller, params, client }) =>
    appointments.getById(caller, params.id, client),
  );
  route(app, ctx, api.providerAppointments, ({ caller, query }) => appointments.forProvider(caller, query));
  route(app, ctx, api.cancelAppointment, ({ caller, params, body, client }) =>
    appointments.cancel(params.uuid, caller, body.cancellationReason, client),
  );
  route(app, ctx, api.confirmAppointment, ({ caller, params, client }) =>
    appointments.confirm(params.uuid, caller, client),
  );
  route(app, ctx, api.appointmentViewed, ({ caller, params, client }) =>
    appointments.viewed(params.uuid, caller, client),
  );
}
