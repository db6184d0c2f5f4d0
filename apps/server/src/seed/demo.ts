import { count, eq, inArray } from 'drizzle-orm';
import type { OpeningHoursEntry, Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { hashPassword } from '../platform/auth/crypto.js';
import { customPropertyDefinitions, practiceTags } from '../modules/practices/practices.table.js';
import { organisationMembers, organisations, practiceMembers, practices, users } from '../core/index.js';
import { networkPractices, networkProviders, networks } from '../modules/networks/networks.table.js';
import { departmentMembers, departments } from '../modules/departments/departments.table.js';
import {
  insurances,
  providerSpecialities,
  specialities,
  userInsurances,
} from '../modules/catalogues/catalogues.table.js';
import { patients } from '../modules/patients/patients.table.js';
import { patientSearchText } from '../modules/patients/patient-records.js';
import { chatMessages, chats, chatUsers } from '../modules/chats/chats.table.js';
import { bots, submissions } from '../modules/intake/intake.table.js';
import { practiceContacts, userContacts } from '../modules/contacts/contacts.table.js';
import { auditEvents } from '../platform/audit/audit.table.js';
import { seedDemoWorklist } from './demo-worklist.js';
import { seedDemoAppointments } from './demo-appointments.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

/** Weekdays 08:00–17:00, weekends closed. */
const WEEKDAY_HOURS: OpeningHoursEntry[] = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
  dayOfWeek,
  open: dayOfWeek >= 1 && dayOfWeek <= 5,
  start: '08:00',
  end: '17:00',
}));

/**
 * Creates the demo practices and accounts when the database has no users; true when it did. Run it
 * after the app is ready: provider specialities and insurances refer to the loaded catalogues.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [riverside, lakeside] = await tx
      .insert(practices)
      .values([
        {
          name: 'Riverside Family Medicine',
          address: '120 River Rd, Springfield, IL 62701',
          phoneNumber: '+12175550110',
          timezone: 'America/Chicago',
          latitude: 39.7817,
          longitude: -89.6501,
          openingHours: WEEKDAY_HOURS,
          about: 'Family medicine for all ages.',
          // Its patient pages (the chat room, the intake form) wear it.
          colorScheme: '#1864ab',
          welcomeMessageOpen: 'Hello! A member of our team will be with you shortly.',
          welcomeMessageClosed: 'We are closed right now; we will reply when we open.',
          billingEmail: 'billing@riverside.test',
        },
        {
          name: 'Lakeside Orthopedics',
          address: '45 Lake Shore Dr, Chicago, IL 60611',
          phoneNumber: '+13125550120',
          timezone: 'America/Chicago',
          latitude: 41.8925,
          longitude: -87.6166,
          openingHours: WEEKDAY_HOURS,
          about: 'Orthopedic surgery and sports medicine.',
        },
      ])
      .returning();
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          kind: 'PROVIDER',
          ...u,
          passwordHash,
          emailVerifiedAt: now,
          phoneVerifiedAt: now,
          currentPracticeId: u.email.endsWith('@lakeside.test')
            ? lakeside.id
            : u.email.endsWith('@riverside.test')
              ? riverside.id
              : null,
        })),
      )
      .returning();
    const id = (email: string) => created.find((u) => u.email === email)!.id;
    const member = (practiceId: number, email: string, role: Role) => ({ practiceId, userId: id(email), role });
    await tx.insert(practiceMembers).values([
      member(riverside.id, 'admin@riverside.test', 'ADMIN'),
      member(riverside.id, 'admin@riverside.test', 'PROVIDER'),
      // The Riverside admin also staffs Lakeside, so switching practice can be tried with the demo.
      member(lakeside.id, 'admin@riverside.test', 'STAFF'),
      member(riverside.id, 'provider@riverside.test', 'PROVIDER'),
      member(lakeside.id, 'provider@lakeside.test', 'PROVIDER'),
    ]);

    const [prairie] = await tx
      .insert(organisations)
      .values({ name: 'Prairie Health Partners', billingEmail: 'billing@prairie.test' })
      .returning();
    await tx
      .insert(organisationMembers)
      .values({ organisationId: prairie.id, userId: id('admin@riverside.test'), role: 'ADMIN' });
    await tx
      .update(practices)
      .set({ organisationId: prairie.id, billingBasis: 'ORGANISATION' })
      .where(eq(practices.id, riverside.id));

    const [specialists] = await tx
      .insert(networks)
      .values({ practiceId: riverside.id, name: 'Trusted specialists', matchingTimeLimit: 120, order: 0 })
      .returning();
    await tx.insert(networkPractices).values({ networkId: specialists.id, practiceId: lakeside.id });
    await tx
      .insert(networkProviders)
      .values({ networkId: specialists.id, userId: id('provider@lakeside.test'), practiceId: lakeside.id });

    // Riverside's address book (Contacts) is not empty on a first visit: Lakeside, and its surgeon.
    await tx.insert(practiceContacts).values({ practiceId: riverside.id, contactPracticeId: lakeside.id });
    await tx.insert(userContacts).values(
      ['admin@riverside.test', 'provider@riverside.test'].map((email) => ({
        userId: id(email),
        contactUserId: id('provider@lakeside.test'),
      })),
    );

    const [pediatrics] = await tx
      .insert(departments)
      .values({ practiceId: riverside.id, name: 'Pediatrics', description: 'Children and adolescents' })
      .returning();
    await tx.insert(departmentMembers).values({ departmentId: pediatrics.id, userId: id('provider@riverside.test') });

    await tx.insert(practiceTags).values([
      { practiceId: riverside.id, name: 'Urgent', color: '#c92a2a' },
      { practiceId: riverside.id, name: 'Follow-up', color: '#1971c2' },
    ]);
    await tx
      .insert(customPropertyDefinitions)
      .values({ practiceId: riverside.id, name: 'Member ID', moniker: '{{MEMBER_ID}}', type: 'TEXT' });

    // Specialities and insurances come from the catalogues; without them the demo simply has none.
    const taxonomy = await tx
      .select()
      .from(specialities)
      .where(inArray(specialities.taxonomyCode, ['207Q00000X', '207X00000X']));
    const code = (c: string) => taxonomy.find((s) => s.taxonomyCode === c)?.id;
    const practised = [
      { userId: id('provider@riverside.test'), specialityId: code('207Q00000X') },
      { userId: id('provider@lakeside.test'), specialityId: code('207X00000X') },
    ].filter((r): r is { userId: number; specialityId: number } => r.specialityId !== undefined);
    if (practised.length) await tx.insert(providerSpecialities).values(practised);
    const payers = await tx.select({ id: insurances.id }).from(insurances).limit(3);
    if (payers.length) {
      await tx.insert(userInsurances).values(
        payers.flatMap((p) => [
          { userId: id('provider@riverside.test'), practiceId: riverside.id, insuranceId: p.id },
          { userId: id('provider@lakeside.test'), practiceId: lakeside.id, insuranceId: p.id },
        ]),
      );
    }

    // Riverside's patients: one lives in Chicago, near enough to Lakeside for a specialty referral.
    const demoPatients = [
      {
        firstName: 'Maria',
        lastName: 'Lopez',
        phoneNumber: '+13125550177',
        email: 'maria.lopez@example.test',
        dateOfBirth: '1984-03-09',
        gender: 'FEMALE' as const,
        address: 'Chicago, IL 60611',
        latitude: 41.8949,
        longitude: -87.6201,
      },
      {
        firstName: 'John',
        lastName: 'Carter',
        phoneNumber: '+12175550163',
        email: null,
        dateOfBirth: '1957-11-23',
        gender: 'MALE' as const,
        address: 'Springfield, IL 62701',
        latitude: 39.8,
        longitude: -89.65,
      },
    ];
    const [maria, john] = await tx
      .insert(patients)
      .values(
        demoPatients.map((p) => ({
          ...p,
          practiceId: riverside.id,
          insuranceId: payers[0]?.id ?? null,
          search: patientSearchText(p),
          createdBy: id('provider@riverside.test'),
        })),
      )
      .returning();

    // Two chats to open: Riverside with Lakeside, and Riverside with Maria (her link is in the outbox once a provider opens it again).
    const [riversideLakeside, withMaria] = await tx
      .insert(chats)
      .values([
        {
          type: 'PRACTICE_TO_PRACTICE',
          practiceId: riverside.id,
          targetPracticeId: lakeside.id,
          createdBy: id('provider@riverside.test'),
        },
        { type: 'PATIENT', practiceId: riverside.id, patientId: maria.id, createdBy: id('provider@riverside.test') },
      ])
      .returning();
    const [priya, lena, priyaWithMaria] = await tx
      .insert(chatUsers)
      .values([
        {
          chatId: riversideLakeside.id,
          userId: id('provider@riverside.test'),
          practiceId: riverside.id,
          name: 'Priya Shah',
        },
        {
          chatId: riversideLakeside.id,
          userId: id('provider@lakeside.test'),
          practiceId: lakeside.id,
          name: 'Lena Okafor',
        },
        { chatId: withMaria.id, userId: id('provider@riverside.test'), practiceId: riverside.id, name: 'Priya Shah' },
        { chatId: withMaria.id, phone: maria.phoneNumber, patientId: maria.id, name: 'Maria Lopez' },
      ])
      .returning();
    await tx.insert(chatMessages).values([
      {
        chatId: riversideLakeside.id,
        chatUserId: priya.id,
        uuid: 'demo-1',
        message: 'Hi Lena, could you see a knee patient of ours this week?',
      },
      {
        chatId: riversideLakeside.id,
        chatUserId: lena.id,
        uuid: 'demo-2',
        message: 'Of course, send the referral and I will look out for it.',
      },
      {
        chatId: withMaria.id,
        chatUserId: priyaWithMaria.id,
        uuid: 'demo-3',
        message: 'Hello Maria, your referral to Lakeside Orthopedics is on its way.',
      },
    ]);

    // Riverside's intake form (/form/riverside-intake), with two patients' submissions waiting in it.
    const [intake] = await tx
      .insert(bots)
      .values({
        practiceId: riverside.id,
        name: 'New patient intake',
        colorScheme: '#1C7ED6',
        endpoint: 'riverside-intake',
        emailsToNotify: ['admin@riverside.test'],
        createdBy: id('admin@riverside.test'),
      })
      .returning();
    const sent = (firstName: string, lastName: string, phone: string, note: string) => ({
      practiceId: riverside.id,
      botId: intake.id,
      firstName,
      lastName,
      phoneNumber: phone,
      answers: [
        { variable: 'firstName', questionType: 'name' as const, value: firstName },
        { variable: 'lastName', questionType: 'name' as const, value: lastName },
        { variable: 'phone', questionType: 'phone' as const, value: phone },
        { variable: 'note', questionType: 'note' as const, value: note },
      ],
    });
    const [submission] = await tx
      .insert(submissions)
      .values([
        sent('Sofia', 'Bennett', '+12175550181', 'I would like a check-up for my new job.'),
        sent('Omar', 'Haddad', '+12175550182', 'Recurring headaches for two weeks.'),
      ])
      .returning({ id: submissions.id });

    await seedDemoWorklist(tx, {
      riverside: riverside.id,
      lakeside: lakeside.id,
      priya: id('provider@riverside.test'),
      lena: id('provider@lakeside.test'),
      john,
      familyMedicine: code('207Q00000X'),
      submissionId: submission.id,
      now,
    });
    await seedDemoAppointments(tx, {
      riverside: riverside.id,
      lakeside: lakeside.id,
      priya: id('provider@riverside.test'),
      timezone: riverside.timezone,
      maria: maria.id,
      john: john.id,
      now,
    });

    // What the demo's people did to get here, for Riverside's audit trail (Practice settings →
    // Audit trail), with one refused look from outside the practice.
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const demo = { ip: '203.0.113.10', userAgent: 'Demo data', practiceId: riverside.id };
    await tx.insert(auditEvents).values([
      {
        ...demo,
        at: ago(300),
        action: 'bot.created',
        actorUserId: id('admin@riverside.test'),
        targetType: 'bot',
        targetId: String(intake.id),
      },
      {
        ...demo,
        at: ago(240),
        action: 'patient.created',
        actorUserId: id('provider@riverside.test'),
        targetType: 'patient',
        targetId: String(maria.id),
        patientId: maria.id,
      },
      {
        ...demo,
        at: ago(235),
        action: 'patient.viewed',
        actorUserId: id('provider@riverside.test'),
        targetType: 'patient',
        targetId: String(maria.id),
        patientId: maria.id,
      },
      {
        ...demo,
        at: ago(230),
        action: 'chat.created',
        actorUserId: id('provider@riverside.test'),
        targetType: 'chat',
        targetId: String(withMaria.id),
        patientId: maria.id,
      },
      {
        ...demo,
        ip: '198.51.100.7',
        at: ago(120),
        action: 'access.refused',
        actorUserId: id('provider@lakeside.test'),
        details: {
          route: 'GET /api/v1/patient/:id',
          status: 456,
          code: 'OBJECT_NOT_FOUND',
          params: { id: String(maria.id) },
          query: { practiceId: lakeside.id },
          body: {},
        },
      },
    ]);
  });
  return true;
}
