import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, isWeekend } from 'date-fns';
import type { appointmentsApi } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { appointmentEvents, appointments, appointmentTemplates } from '../modules/appointments/appointments.table.js';
import { newAppointmentCode } from '../modules/appointments/appointment-records.js';

export interface AppointmentsDemo {
  riverside: number;
  lakeside: number;
  priya: number;
  /** Both practices keep office hours in this zone. */
  timezone: string;
  /** Riverside's patients Priya sees this week. */
  maria: number;
  john: number;
  now: Date;
}

type Template = Pick<
  typeof appointmentTemplates.$inferInsert,
  'name' | 'description' | 'defaultDuration' | 'color' | 'patientBookable' | 'patientSchedulable'
>;

const RIVERSIDE_TEMPLATES: Template[] = [
  {
    name: 'New patient visit',
    description: 'A first visit: history, examination and a plan.',
    defaultDuration: 40,
    color: 'BLUE',
    patientBookable: true,
    patientSchedulable: true,
  },
  {
    name: 'Follow-up',
    description: null,
    defaultDuration: 20,
    color: 'GREEN',
    patientBookable: false,
    patientSchedulable: true,
  },
  {
    name: 'Telehealth check-in',
    description: 'A short video call.',
    defaultDuration: 15,
    color: 'PURPLE',
    patientBookable: false,
    patientSchedulable: false,
  },
];

const LAKESIDE_TEMPLATES: Template[] = [
  {
    name: 'Orthopaedic consultation',
    description: 'For a referred patient: examination and imaging review.',
    defaultDuration: 30,
    color: 'ORANGE',
    patientBookable: true,
    patientSchedulable: true,
  },
  {
    name: 'Post-op review',
    description: null,
    defaultDuration: 20,
    color: 'RUBY',
    patientBookable: false,
    patientSchedulable: false,
  },
];

/** The next `count` weekdays after today in the zone. */
function nextWeekdays(now: Date, zone: string, count: number): TZDate[] {
  const days: TZDate[] = [];
  for (let day = new TZDate(now, zone); days.length < count;) {
    day = addDays(day, 1);
    if (!isWeekend(day)) days.push(day);
  }
  return days;
}

/** The wall-clock time on that day in the day's own zone (so daylight saving is the zone's business). */
const at = (day: TZDate, hour: number, minute: number) =>
  new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute, day.timeZone);

/**
 * Appointment types for both practices (one of each patient-bookable) and Priya's week at
 * Riverside: so the appointments area has something to show on a first visit.
 */
export async function seedDemoAppointments(tx: Db, d: AppointmentsDemo) {
  const templates = await tx
    .insert(appointmentTemplates)
    .values([
      ...RIVERSIDE_TEMPLATES.map((t) => ({ ...t, practiceId: d.riverside })),
      ...LAKESIDE_TEMPLATES.map((t) => ({ ...t, practiceId: d.lakeside })),
    ])
    .returning({
      id: appointmentTemplates.id,
      name: appointmentTemplates.name,
      minutes: appointmentTemplates.defaultDuration,
    });
  const template = (name: string) => templates.find((t) => t.name === name)!;

  const [first, second, third] = nextWeekdays(d.now, d.timezone, 3);
  const week: {
    patientId: number;
    template: string;
    start: Date;
    state: appointmentsApi.AppointmentState;
    location: 'PRACTICE' | 'VIRTUAL';
  }[] = [
    {
      patientId: d.maria,
      template: 'New patient visit',
      start: at(first, 9, 30),
      state: 'SCHEDULED',
      location: 'PRACTICE',
    },
    { patientId: d.john, template: 'Follow-up', start: at(second, 14, 0), state: 'CONFIRMED', location: 'PRACTICE' },
    {
      patientId: d.maria,
      template: 'Telehealth check-in',
      start: at(third, 11, 0),
      state: 'SCHEDULED',
      location: 'VIRTUAL',
    },
  ];
  const booked = await tx
    .insert(appointments)
    .values(
      week.map((a) => {
        const { id, minutes } = template(a.template);
        return {
          code: newAppointmentCode(),
          practiceId: d.riverside,
          providerId: d.priya,
          patientId: a.patientId,
          templateId: id,
          startAt: new Date(a.start.getTime()),
          endAt: addMinutes(new Date(a.start.getTime()), minutes),
          timezone: d.timezone,
          location: a.location,
          state: a.state,
          createdBy: d.priya,
        };
      }),
    )
    .returning({ id: appointments.id, state: appointments.state });
  // Each appointment's history: booked by Priya, and the confirmed one confirmed by its patient.
  await tx.insert(appointmentEvents).values(
    booked.flatMap((a) => [
      {
        appointmentId: a.id,
        fromState: null,
        toState: 'SCHEDULED' as const,
        actorUserId: d.priya,
        details: { demo: true },
      },
      ...(a.state === 'CONFIRMED'
        ? [
            {
              appointmentId: a.id,
              fromState: 'SCHEDULED' as const,
              toState: 'CONFIRMED' as const,
              byPatient: true,
              details: { demo: true },
            },
          ]
        : []),
    ]),
  );
}
