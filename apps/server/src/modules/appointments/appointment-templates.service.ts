import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { appointmentsApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller } from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { appointmentTemplates } from './appointments.table.js';
import { toTemplate, type TemplateRow } from './appointment-records.js';

type Create = z.output<typeof appointmentsApi.AppointmentTemplateCreate>;
type Update = z.output<typeof appointmentsApi.AppointmentTemplateUpdate>;

/** A live template of the practice; another practice's, a retired or an unknown one is 456 alike. */
export async function liveTemplateOf(db: Db, id: number, practiceId: number): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(appointmentTemplates)
    .where(
      and(
        eq(appointmentTemplates.id, id),
        eq(appointmentTemplates.practiceId, practiceId),
        isNull(appointmentTemplates.deletedAt),
      ),
    );
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such appointment template in this practice');
  return row;
}

/** Appointment templates (spec 2 §3): the types of appointment a practice offers. Admins change them; everyone sees them. */
export function createAppointmentTemplates(ctx: AppContext) {
  const { db } = ctx;
  const audit = (caller: Caller, client: ClientInfo, verb: string, row: TemplateRow, details = {}) =>
    ctx.audit.record({
      action: `appointment.template_${verb}`,
      actorUserId: caller.user.id,
      targetType: 'appointment_template',
      targetId: row.id,
      ip: client.ip,
      userAgent: client.userAgent,
      practiceId: row.practiceId,
      details: { name: row.name, ...details },
    });

  return {
    async create(caller: Caller, body: Create, client: ClientInfo) {
      await authorizePractice(db, caller, body.practiceId, 'appointments.templates');
      const [row] = await db
        .insert(appointmentTemplates)
        .values({ ...body, description: body.description || null })
        .returning();
      await audit(caller, client, 'created', row);
      return toTemplate(row);
    },

    async update(caller: Caller, id: number, body: Update, client: ClientInfo) {
      const { practiceId, ...fields } = body;
      await authorizePractice(db, caller, practiceId, 'appointments.templates');
      await liveTemplateOf(db, id, practiceId);
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if ('description' in changes) changes.description = changes.description || null;
      const [row] = await db
        .update(appointmentTemplates)
        .set({ ...changes, updatedAt: ctx.clock.now() })
        .where(eq(appointmentTemplates.id, id))
        .returning();
      await audit(caller, client, 'updated', row, { fields: Object.keys(changes) });
      return toTemplate(row);
    },

    /** Retired rather than deleted: appointments made from it keep their type and colour. */
    async remove(caller: Caller, id: number, practiceId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'appointments.templates');
      await liveTemplateOf(db, id, practiceId);
      const [row] = await db
        .update(appointmentTemplates)
        .set({ deletedAt: ctx.clock.now() })
        .where(eq(appointmentTemplates.id, id))
        .returning();
      await audit(caller, client, 'deleted', row);
    },

    async list(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'appointments.view');
      const rows = await db
        .select()
        .from(appointmentTemplates)
        .where(and(eq(appointmentTemplates.practiceId, practiceId), isNull(appointmentTemplates.deletedAt)))
        .orderBy(asc(appointmentTemplates.name), asc(appointmentTemplates.id));
      return rows.map(toTemplate);
    },
  };
}
