import { z } from 'zod';
import { endpoint } from './endpoint.js';
import {
  EpochMs,
  EpochMsParam,
  Id,
  IdParams,
  isTimeZone,
  OkResponse,
  pageQuery,
  paged,
  plainName,
  requiredField,
} from './common.js';
import { LocationKind } from './enums.js';
import { AppointmentFields, endAfterStart, ScheduleType } from './referral-schemas.js';

/**
 * Appointments and their templates (spec 2 §3 Appointment template, Appointment; §7 Appointments,
 * Calendar). A patient reaches their appointment by its short `code` (the link they are sent),
 * staff by its uuid or id.
 */

const tags = ['Appointments'];

export const AppointmentColor = z.enum(['RED', 'GREEN', 'ORANGE', 'YELLOW', 'PURPLE', 'PINK', 'BLACK', 'BLUE', 'RUBY']);
export type AppointmentColor = z.infer<typeof AppointmentColor>;

/** Spec 2 §4 leaves the formal names unshown; ARCHITECTURE.md draws the transitions between these. */
export const AppointmentState = z.enum(['REQUESTED', 'SCHEDULED', 'RESCHEDULED', 'CONFIRMED', 'CANCELLED']);
export type AppointmentState = z.infer<typeof AppointmentState>;

/** Longest appointment a template may default to: a full working day. */
export const TEMPLATE_DURATION_MAX = 720;

export const AppointmentTemplate = z.object({
  id: z.number().int(),
  practiceId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Minutes. */
  defaultDuration: z.number().int(),
  color: AppointmentColor,
  /** Patients may book it themselves on the booking page. */
  patientBookable: z.boolean(),
  /** Patients may pick its time themselves (else the practice schedules it after a request). */
  patientSchedulable: z.boolean(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type AppointmentTemplate = z.infer<typeof AppointmentTemplate>;

const TemplateName = plainName(
  z
    .string(requiredField('Name is required'))
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  'Name',
);
const TemplateFields = z.object({
  name: TemplateName,
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
  defaultDuration: z
    .number(requiredField('Default duration is required'))
    .int('Default duration is a whole number of minutes')
    .min(5, 'Default duration must be at least 5 minutes')
    .max(TEMPLATE_DURATION_MAX, `Default duration must be at most ${TEMPLATE_DURATION_MAX} minutes`),
  color: AppointmentColor,
  patientBookable: z.boolean().default(false),
  patientSchedulable: z.boolean().default(false),
});

export const AppointmentTemplateCreate = TemplateFields.extend({ practiceId: Id });
/** Fields left out stay as they are. */
export const AppointmentTemplateUpdate = TemplateFields.partial().extend({ practiceId: Id });

const PracticeQuery = z.object({ practiceId: Id });

export const createAppointmentTemplate = endpoint({
  method: 'POST',
  path: '/api/v1/calendar/appointment/template',
  summary: 'Add an appointment template (a type of appointment) to the practice',
  tags,
  auth: 'user',
  status: 201,
  body: AppointmentTemplateCreate,
  response: AppointmentTemplate,
});

export const updateAppointmentTemplate = endpoint({
  method: 'PUT',
  path: '/api/v1/calendar/appointment/template/:id',
  summary: 'Change an appointment template',
  tags,
  auth: 'user',
  params: IdParams,
  body: AppointmentTemplateUpdate,
  response: AppointmentTemplate,
});

export const deleteAppointmentTemplate = endpoint({
  method: 'DELETE',
  path: '/api/v1/calendar/appointment/template/:id',
  summary: 'Retire an appointment template; appointments made from it keep it',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: OkResponse,
});

export const listAppointmentTemplates = endpoint({
  method: 'GET',
  path: '/api/v3/calendar/appointment/templates',
  summary: "The practice's appointment templates, by name",
  tags,
  auth: 'user',
  query: PracticeQuery,
  response: z.array(AppointmentTemplate),
});

export const Appointment = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** The short code of the patient's link. */
  code: z.string(),
  practiceId: z.number().int(),
  providerId: z.number().int().nullable(),
  patientId: z.number().int(),
  referralId: z.number().int().nullable(),
  templateId: z.number().int().nullable(),
  departmentId: z.number().int().nullable(),
  start: EpochMs,
  end: EpochMs,
  /** The IANA zone the appointment is kept in (the practice's unless given). */
  timezone: z.string(),
  appointmentLocation: LocationKind.nullable(),
  addressOverride: z.string().nullable(),
  virtualLink: z.string().nullable(),
  virtualAppointmentHost: z.string().nullable(),
  scheduleType: ScheduleType.nullable(),
  state: AppointmentState,
  viewedByPatientAt: EpochMs.nullable(),
  cancellationReason: z.string().nullable(),
  createdAt: EpochMs,
  updatedAt: EpochMs,
});
export type Appointment = z.infer<typeof Appointment>;

export const AppointmentCreate = AppointmentFields.extend({
  practiceId: Id,
  patientId: Id,
  /** The provider whose time it takes; none for an appointment not yet given to anyone. */
  providerId: Id.nullable().optional(),
  templateId: Id.nullable().optional(),
  timezone: z.string().trim().refine(isTimeZone, 'Unknown time zone').optional(),
}).superRefine(endAfterStart);

/** An appointment's uuid (staff) or the code of the patient's link. */
const AppointmentRef = z.object({
  uuid: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Not an appointment reference'),
});

export const createAppointment = endpoint({
  method: 'POST',
  path: '/api/v1/appointment',
  summary: 'Book an appointment for a patient of the practice (450 when the provider is already booked then)',
  tags,
  auth: 'user',
  status: 201,
  body: AppointmentCreate,
  response: Appointment,
});

export const getAppointment = endpoint({
  method: 'GET',
  path: '/api/v1/appointment/:uuid',
  summary:
    'An appointment by uuid (staff of its practice) or by the code of the patient’s link (452 when passed or cancelled, 453 when unknown)',
  tags,
  auth: 'optionalUser',
  params: AppointmentRef,
  response: Appointment,
});

export const getAppointmentById = endpoint({
  method: 'GET',
  path: '/api/v1/appointmentById/:id',
  summary: 'An appointment by id, for staff of its practice',
  tags,
  auth: 'user',
  params: IdParams,
  response: Appointment,
});

export const AppointmentCancel = z.object({
  cancellationReason: z.string().trim().max(500, 'The reason must be at most 500 characters').nullable().optional(),
});

export const cancelAppointment = endpoint({
  method: 'PUT',
  path: '/api/v1/appointment/:uuid/cancel',
  summary: 'Cancel an appointment (staff by uuid, the patient by code); its time is free again',
  tags,
  auth: 'optionalUser',
  params: AppointmentRef,
  body: AppointmentCancel,
  response: Appointment,
});

export const confirmAppointment = endpoint({
  method: 'PUT',
  path: '/api/v1/appointment/:uuid/confirm',
  summary: 'The patient confirms they will come (by code; staff by uuid on their behalf)',
  tags,
  auth: 'optionalUser',
  params: AppointmentRef,
  response: Appointment,
});

export const appointmentViewed = endpoint({
  method: 'PUT',
  path: '/api/v1/appointment/:uuid/viewed',
  summary: 'The patient opened their appointment link (by code)',
  tags,
  auth: 'optionalUser',
  params: AppointmentRef,
  response: Appointment,
});

export const referralAppointment = endpoint({
  method: 'GET',
  path: '/api/v1/referral/:id/appointment',
  summary: 'The appointment booked for a referral (453 when none is)',
  tags,
  auth: 'user',
  params: IdParams,
  query: PracticeQuery,
  response: Appointment,
});

/** Spec 2 §7: the provider's appointments come 10 a page. */
export const PROVIDER_APPOINTMENTS_PAGE_SIZE = 10;

export const ProviderAppointmentsQuery = PracticeQuery.extend({
  startDate: EpochMsParam.optional(),
  ...pageQuery(PROVIDER_APPOINTMENTS_PAGE_SIZE).shape,
});

export const providerAppointments = endpoint({
  method: 'GET',
  path: '/api/v1/provider/appointments',
  summary:
    "The signed-in provider's appointments in the practice that end after startDate (default now), soonest first; cancelled ones left out",
  tags,
  auth: 'user',
  query: ProviderAppointmentsQuery,
  response: paged(Appointment),
});
