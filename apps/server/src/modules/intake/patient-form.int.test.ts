import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { intakeApi } from '@referwell/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lastMessage } from '../../test/client.js';
import { createPractice } from '../../test/factories.js';
import { specialities } from '../catalogues/catalogues.table.js';
import { practices } from '../../core/index.js';
import { lastAudit } from '../practices/practices.test-factories.js';
import { jobsDone, listen, staffMember, type Staff } from '../chats/chats.test-factories.js';
import { bots, submissions } from './intake.table.js';
import { intakePushSource } from './intake-notices.js';
import { answers, createBot, sendForm, submitted } from './intake.test-factories.js';

let t: TestApp;
let admin: Staff;
let offered: { id: number; name: string }[];
let bot: intakeApi.Bot;

beforeAll(async () => {
  t = await createTestApp();
  await listen(t);
  admin = await staffMember(t, 'ADMIN');
  offered = await t.db
    .select({ id: specialities.id, name: specialities.name })
    .from(specialities)
    .orderBy(specialities.id)
    .limit(2);
  // Listed in the practice's order, not the catalogue's.
  bot = await createBot(admin, {
    specialities: [offered[1].id, offered[0].id],
    specialityQuestionType: 'QUICK_REPLIES',
  });
});
afterAll(async () => {
  await t?.close();
});

const storedCount = async () => (await t.db.select({ n: count() }).from(submissions))[0].n;
const formOf = async (endpoint: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/patient/form/${endpoint}` })).json<intakeApi.IntakeForm>();

describe('the public form', () => {
  it('shows the practice, its logo and the questions, offering the bot’s specialities', async () => {
    await t.db
      .update(practices)
      .set({ logoUrl: '/api/v1/files/public/logo' })
      .where(eq(practices.id, admin.practiceId));
    const form = await formOf(bot.endpoint);
    expect(form).toMatchObject({
      name: bot.name,
      colorScheme: bot.colorScheme,
      practice: { logoUrl: '/api/v1/files/public/logo' },
    });
    expect(form.questions.map((q) => [q.variable, q.questionType, q.required])).toEqual([
      ['firstName', 'name', true],
      ['lastName', 'name', true],
      ['phone', 'phone', true],
      ['dob', 'dob', false],
      ['email', 'email', false],
      ['gender', 'gender', false],
      ['speciality', 'speciality', true],
      ['note', 'note', false],
    ]);
    const speciality = form.questions.find((q) => q.variable === 'speciality')!;
    expect(speciality.style).toBe('QUICK_REPLIES');
    expect(speciality.options).toEqual([offered[1], offered[0]].map((s) => ({ value: String(s.id), label: s.name })));
    const plain = await createBot(admin);
    expect((await formOf(plain.endpoint)).questions.map((q) => q.variable)).not.toContain('speciality');
  });

  it('wears the practice’s colour when the form kept the default one, and its own colour otherwise', async () => {
    const owner = await staffMember(t, 'ADMIN');
    const plain = await createBot(owner);
    const own = await createBot(owner, { colorScheme: '#5f3dc4' });
    expect((await formOf(plain.endpoint)).colorScheme).toBe('#1c7ed6');
    await t.db.update(practices).set({ colorScheme: '#0f766e' }).where(eq(practices.id, owner.practiceId));
    expect((await formOf(plain.endpoint)).colorScheme).toBe('#0f766e');
    expect((await formOf(own.endpoint)).colorScheme).toBe('#5f3dc4');
  });

  it('answers 456 for an address no form has', async () => {
    const before = await storedCount();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/patient/form/no-such-form' })).statusCode).toBe(456);
    expect((await sendForm(t, 'no-such-form', { answers: answers() })).statusCode).toBe(456);
    expect(await storedCount()).toBe(before);
  });
});

describe('sending the form', () => {
  it('keeps the answers, the phone number in international form, and what a choice said', async () => {
    const res = await sendForm(t, bot.endpoint, {
      answers: answers({
        dob: '04/12/1990',
        email: ' Rosa@Example.TEST ',
        gender: 'FEMALE',
        speciality: String(offered[0].id),
        note: '  Knee pain  ',
      }),
      embededUrl: 'https://riverside.example/contact',
      isApp: false,
    });
    expect(res.statusCode).toBe(201);
    const [practice] = await t.db
      .select({ name: practices.name })
      .from(practices)
      .where(eq(practices.id, admin.practiceId));
    expect(res.json()).toEqual({ uuid: expect.any(String), practiceName: practice.name });
    const [row] = await t.db.select().from(submissions).where(eq(submissions.uuid, res.json().uuid));
    expect(row).toMatchObject({
      practiceId: admin.practiceId,
      botId: bot.id,
      status: 'NEW',
      firstName: 'Rosa',
      lastName: 'Diaz',
      phoneNumber: '+12025550142',
      email: 'rosa@example.test',
      dateOfBirth: '1990-04-12',
      embededUrl: 'https://riverside.example/contact',
      viewedAt: null,
    });
    expect(row.answers.map((a) => [a.variable, a.value])).toEqual([
      ['firstName', 'Rosa'],
      ['lastName', 'Diaz'],
      ['phone', '+12025550142'],
      ['dob', '04/12/1990'],
      ['email', 'rosa@example.test'],
      ['gender', 'Female'],
      ['speciality', offered[0].name],
      ['note', 'Knee pain'],
    ]);
    expect(await lastAudit(t.db, 'submission.received', row.id)).toMatchObject({
      actorUserId: null,
      ip: '203.0.113.7',
    });
  });

  it('lists every answer that needs fixing on its field, and keeps nothing', async () => {
    const before = await storedCount();
    const res = await sendForm(t, bot.endpoint, {
      answers: answers({
        lastName: '  ',
        phone: '12345678',
        dob: '1990-04-12',
        email: 'rosa@',
        gender: 'OTHER',
        favouriteColour: 'blue',
      }),
    });
    expect(res.statusCode).toBe(400);
    const issues = res
      .json<{ issues: { path: string[]; message: string }[] }>()
      .issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['body.answers.favouriteColour', 'This form does not ask that'],
      ['body.answers.lastName', 'Last name is required'],
      ['body.answers.phone', 'Enter a valid phone number'],
      ['body.answers.dob', 'Date of birth must be in the format MM/DD/YYYY'],
      ['body.answers.email', 'Invalid e-mail address'],
      ['body.answers.gender', 'Choose one of the options'],
      ['body.answers.speciality', 'Choose a speciality'],
    ]);
    expect(await storedCount()).toBe(before);
  });

  it('e-mails the bot’s addresses a link to the submissions, without the patient’s details', async () => {
    const notified = await createBot(admin, {
      name: 'Walk-ins',
      emailsToNotify: ['desk@riverside.test', 'nurse@riverside.test'],
    });
    await submitted(t, notified, { note: 'Chest pain since Monday' });
    await jobsDone(t);
    for (const to of ['desk@riverside.test', 'nurse@riverside.test']) {
      const mail = await lastMessage(t.db, to);
      expect(mail?.subject).toBe('New intake form submission – Walk-ins');
      expect(mail?.body).toContain(`http://localhost:3000/intake/${notified.id}`);
      expect(mail?.body).not.toMatch(/Rosa|Diaz|555|Chest/);
    }
    const pushes = await intakePushSource.toPushes(t.db, {
      practiceId: admin.practiceId,
      botId: notified.id,
      botName: 'Walk-ins',
    });
    expect(pushes).toEqual([expect.objectContaining({ practiceId: admin.practiceId })]);
    expect(JSON.stringify(pushes)).not.toMatch(/Rosa|Diaz/);
  });

  it('is limited per client address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      // Made directly: signing in counts against the same limit.
      const practice = await createPractice(limited.db);
      const [form] = await limited.db
        .insert(bots)
        .values({ practiceId: practice.id, name: 'Form', colorScheme: '#1C7ED6', endpoint: 'limited-form' })
        .returning();
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await sendForm(limited, form.endpoint, { answers: answers() })).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await sendForm(limited, form.endpoint, { answers: answers() }, '198.51.100.9')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
