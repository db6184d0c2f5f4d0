import type { appointmentsApi } from '@referwell/contracts';
import type { TestApp } from '../../test/harness.js';
import { addMember, createPractice, createUser } from '../../test/factories.js';
import { signedIn } from '../practices/practices.test-factories.js';
import { insertPatient } from '../patients/patients.test-factories.js';

export type Appointment = appointmentsApi.Appointment;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** Tomorrow at `hh:mm` UTC: a time in the future on any day the tests run. */
export function tomorrowAt(hh: number, mm = 0, now = Date.now()) {
  const day = new Date(now + 24 * HOUR);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hh, mm);
}

/**
 * A practice (in UTC, so times read as written) with an admin, a provider (Dr Ada Stone), a staff
 * member and a patient, each signed in on the web; and another practice's admin, who must see none of it.
 */
export async function appointmentScene(t: TestApp) {
  const member = async (name: string, role: 'ADMIN' | 'PROVIDER' | 'STAFF', practiceId: number, title?: string) => {
    const user = await createUser(t.db, { firstName: name, lastName: 'Stone', ...(title ? { title } : {}) });
    await addMember(t.db, practiceId, user.id, role);
    return { user, client: await signedIn(t.app, user) };
  };
  const practice = await createPractice(t.db, {
    name: `Clinic ${Math.random().toString(36).slice(2, 8)}`,
    timezone: 'UTC',
  });
  const admin = await member('Alex', 'ADMIN', practice.id);
  const provider = await member('Ada', 'PROVIDER', practice.id, 'Dr');
  const staff = await member('Sam', 'STAFF', practice.id);
  const patient = await insertPatient(t.db, practice.id, { firstName: 'Jane', lastName: 'Doe' });
  const other = await createPractice(t.db, { name: `Elsewhere ${Math.random().toString(36).slice(2, 8)}` });
  const outsider = await member('Otto', 'ADMIN', other.id);
  await addMember(t.db, other.id, outsider.user.id, 'PROVIDER');

  /** Books through the API as `who` (the staff member by default); answers the raw response. */
  const book = (start: number, end: number, extra: Record<string, unknown> = {}, who = staff.client) =>
    who.post('/api/v1/appointment', {
      practiceId: practice.id,
      patientId: patient.id,
      providerId: provider.user.id,
      start,
      end,
      ...extra,
    });
  return { practice, admin, provider, staff, patient, other, outsider, book };
}
