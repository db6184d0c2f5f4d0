import { count } from 'drizzle-orm';
import type { Role } from '@referwell/contracts';
import type { Db } from '../db/client.js';
import { hashPassword } from '../platform/auth/crypto.js';
import { practiceMembers, practices } from '../modules/practices/practices.table.js';
import { users } from '../modules/users/users.table.js';

export const DEMO_PASSWORD = 'referwell-demo';

/** The demo accounts listed in the README; every one is verified and signs in with DEMO_PASSWORD. */
export const DEMO_USERS = [
  { email: 'admin@riverside.test', phone: '+12025550101', firstName: 'Alex', lastName: 'Rivera', title: 'Practice manager' },
  { email: 'provider@riverside.test', phone: '+12025550102', firstName: 'Priya', lastName: 'Shah', title: 'MD' },
  { email: 'provider@lakeside.test', phone: '+12025550103', firstName: 'Lena', lastName: 'Okafor', title: 'MD' },
  { email: 'root@referwell.test', phone: '+12025550104', firstName: 'Rory', lastName: 'Admin', title: null, isPlatformAdmin: true },
] as const;

/** Creates the demo practices and accounts when the database has no users; true when it did. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [riverside, lakeside] = await tx
      .insert(practices)
      .values([
        { name: 'Riverside Family Medicine', address: '120 River Rd, Springfield, IL 62701', phoneNumber: '+12175550110', timezone: 'America/Chicago' },
        { name: 'Lakeside Orthopedics', address: '45 Lake Shore Dr, Chicago, IL 60611', phoneNumber: '+13125550120', timezone: 'America/Chicago' },
      ])
      .returning();
    const created = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({
        kind: 'PROVIDER', ...u, passwordHash, emailVerifiedAt: now, phoneVerifiedAt: now,
        currentPracticeId: u.email.endsWith('@lakeside.test') ? lakeside!.id : u.email.endsWith('@riverside.test') ? riverside!.id : null,
      })))
      .returning();
    const id = (email: string) => created.find((u) => u.email === email)!.id;
    const member = (practiceId: number, email: string, role: Role) => ({ practiceId, userId: id(email), role });
    await tx.insert(practiceMembers).values([
      member(riverside!.id, 'admin@riverside.test', 'ADMIN'),
      member(riverside!.id, 'admin@riverside.test', 'PROVIDER'),
      // The Riverside admin also staffs Lakeside, so switching practice can be tried with the demo.
      member(lakeside!.id, 'admin@riverside.test', 'STAFF'),
      member(riverside!.id, 'provider@riverside.test', 'PROVIDER'),
      member(lakeside!.id, 'provider@lakeside.test', 'PROVIDER'),
    ]);
  });
  return true;
}
