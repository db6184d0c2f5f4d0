import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { referralsApi } from '@referwell/contracts';
import { openPglite, openPostgres, type Database } from '../../db/client.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';
import { departments } from '../departments/departments.table.js';
import { storedAppointment } from '../referrals/referral-appointments.js';
import { referrals } from '../referrals/referrals.table.js';
import { appointmentEvents, appointments } from './appointments.table.js';

/**
 * Migration 0019 on a database that already holds referrals with their appointment as jsonb: it
 * runs the migrations before it, stores referrals as the server did then, and runs the rest.
 */

const MIGRATION = '0019_appointments';
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const HOUR = 3_600_000;
const START = Date.UTC(2030, 0, 7, 10);

/**
 * An empty database of the suite's driver, and a way to run the migrations of another folder on
 * it: PGlite in memory, or a new database on the PostgreSQL server of TEST_DATABASE_URL.
 */
async function emptyDatabase() {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    const database = await openPglite();
    return {
      database,
      migrateFrom: (folder: string) =>
        migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder: folder }),
      drop: () => database.close(),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `rw_test_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 2 });
  return {
    database,
    migrateFrom: (folder: string) =>
      migratePostgres(database.db as unknown as Parameters<typeof migratePostgres>[0], { migrationsFolder: folder }),
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

let database: Database;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const before = mkdtempSync(path.join(tmpdir(), 'rw-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === MIGRATION);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  const empty = await emptyDatabase();
  ({ database, drop } = empty);
  await empty.migrateFrom(before);
});
afterAll(async () => {
  await drop?.();
});

const appointment = (start: number, extra: Partial<referralsApi.ReferralAppointment> = {}) =>
  storedAppointment({ start, end: start + HOUR, ...extra });

describe('moving referral appointments into their own table', () => {
  it('copies each with its practice, provider, patient and payload, keeping overlaps without a provider', async () => {
    const db = database.db;
    const sender = await createPractice(db, { name: 'Sender' });
    const receiver = await createPractice(db, { name: 'Receiver', timezone: 'America/Chicago' });
    const doctor = await createUser(db, { firstName: 'Ada', lastName: 'Stone' });
    await addMember(db, receiver.id, doctor.id, 'PROVIDER');
    const [knee] = await db.insert(departments).values({ practiceId: receiver.id, name: 'Knee' }).returning();
    const referral = async (status: referralsApi.ReferralStatus, stored: ReturnType<typeof appointment> | null) => {
      const theirs = await insertPatient(db, sender.id);
      const ours = await insertPatient(db, receiver.id);
      const [row] = await db
        .insert(referrals)
        .values({
          type: 'BASIC',
          status,
          practiceId: sender.id,
          patientId: theirs.id,
          targetPracticeId: receiver.id,
          receivingPracticeId: stored ? receiver.id : null,
          receivingUserId: doctor.id,
          acceptedByUserId: stored ? doctor.id : null,
          receiverPatientId: stored ? ours.id : null,
          appointment: stored,
        })
        .returning();
      return { row, ours };
    };
    const whole = appointment(START, {
      departmentId: knee.id,
      appointmentLocation: 'DEPARTMENT',
      scheduleType: 'PREFERENCE',
      contentUuid: '6f1c2f4e-9a1b-4c3d-8e2f-0a1b2c3d4e5f',
      submissionId: 12,
      virtualLink: 'https://video.example/room',
    });
    const accepted = await referral('ACCEPTED', whole);
    // Booked before double-booking was refused: overlaps the first.
    const overlapping = await referral('RESCHEDULED', appointment(START + HOUR / 2));
    const cancelled = await referral('CANCELLED', appointment(START + 5 * HOUR));
    await referral('OFFERED', null);

    await database.migrate();

    const moved = await db.select().from(appointments).orderBy(asc(appointments.referralId));
    expect(moved).toHaveLength(3);
    expect(moved[0]).toMatchObject({
      referralId: accepted.row.id,
      practiceId: receiver.id,
      providerId: doctor.id,
      patientId: accepted.ours.id,
      departmentId: knee.id,
      startAt: new Date(START),
      endAt: new Date(START + HOUR),
      timezone: 'America/Chicago',
      location: 'DEPARTMENT',
      scheduleType: 'PREFERENCE',
      contentUuid: whole.contentUuid,
      submissionId: 12,
      virtualLink: whole.virtualLink,
      state: 'SCHEDULED',
      createdBy: doctor.id,
    });
    expect(moved[0].code).toMatch(/^[0-9a-f]{16}$/);
    expect(moved[1]).toMatchObject({ referralId: overlapping.row.id, providerId: null, state: 'RESCHEDULED' });
    expect(moved[2]).toMatchObject({ referralId: cancelled.row.id, providerId: doctor.id, state: 'CANCELLED' });
    // The referral keeps its jsonb: referral accept, reschedule and detail still use it.
    const [kept] = await db.select().from(referrals).where(eq(referrals.id, accepted.row.id));
    expect(kept.appointment).toEqual(whole);
    const events = await db.select().from(appointmentEvents).where(eq(appointmentEvents.appointmentId, moved[0].id));
    expect(events).toMatchObject([
      { fromState: null, toState: 'SCHEDULED', details: { movedFromReferral: accepted.row.id } },
    ]);
  });
});
