import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import type { Db } from '../../../db/client.js';
import type { TestApp } from '../../../test/harness.js';
import { addMember, createPractice, createUser } from '../../../test/factories.js';
import type { Clock } from '../../../platform/clock.js';
import { createDelivery } from '../../../platform/delivery/delivery.js';
import { createLocalBus, REFERRAL_CHANGED, type ReferralChanged } from '../../../platform/events/bus.js';
import { createJobs } from '../../../platform/jobs/queue.js';
import { jobs } from '../../../platform/jobs/jobs.table.js';
import { recordingLog } from '../../../platform/jobs/log.test-support.js';
import { insurances, providerSpecialities, specialities, userInsurances } from '../../catalogues/catalogues.table.js';
import { networkPractices, networkProviders, networks } from '../../networks/networks.table.js';
import { practices } from '../../../core/index.js';
import { insertPatient } from '../../patients/patients.test-factories.js';
import { referralEvents, referralOffers, referrals } from '../referrals.table.js';
import { registerRoutingJobs } from './index.js';
import { offerNextTier, TIER_EXPIRED_JOB } from './offers.js';

/**
 * The routing jobs as the app wires them, on their own queue over the test app's database and
 * with the test's clock (createTestApp does not expose the app's context, and its queue never
 * runs in tests). `events` collects what is published as REFERRAL_CHANGED.
 */
export function routingContext(t: Pick<TestApp, 'db' | 'config'>, clock: Clock) {
  const log = recordingLog();
  const bus = createLocalBus();
  const events: ReferralChanged[] = [];
  bus.subscribe(REFERRAL_CHANGED, (e) => events.push(e as ReferralChanged));
  const ctx = {
    db: t.db,
    jobs: createJobs(t.db, log),
    bus,
    clock,
    config: t.config,
    log,
    delivery: createDelivery(t.db, t.config, log),
  };
  registerRoutingJobs(ctx);
  return { ...ctx, events };
}
export type TestRoutingContext = ReturnType<typeof routingContext>;

/**
 * Makes the pending jobs of these kinds due at once. The queue claims jobs by the database's
 * clock, while tier expiry follows the test clock that tests move ahead; the handler still judges
 * by the test clock, so a tier job run early only schedules itself again.
 */
export async function makeDue(db: Db, kinds: string[] = [TIER_EXPIRED_JOB]) {
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(and(isNull(jobs.doneAt), inArray(jobs.kind, kinds)));
}

/** Miles due north, as degrees of latitude (so distances come out exact). */
export const northOf = (latitude: number, miles: number) => latitude + miles / ((3958.8 * Math.PI) / 180);

/** The index-th speciality and insurance of the loaded catalogues. */
export async function cataloguePair(db: Db, index: number) {
  const [speciality] = await db
    .select({ id: specialities.id, name: specialities.name })
    .from(specialities)
    .orderBy(asc(specialities.id))
    .limit(1)
    .offset(index);
  const [insurance] = await db
    .select({ id: insurances.id, name: insurances.name })
    .from(insurances)
    .orderBy(asc(insurances.id))
    .limit(1)
    .offset(index);
  return { speciality: speciality, insurance: insurance };
}

export interface ProviderSpec {
  specialityId: number;
  /** Accepted in the practice. */
  insuranceIds?: number[];
  role?: 'PROVIDER' | 'STAFF';
}

/** A member of the practice who practises the speciality. */
export async function addSpecialist(db: Db, practiceId: number, spec: ProviderSpec, userId?: number) {
  const user = userId ?? (await createUser(db)).id;
  await addMember(db, practiceId, user, spec.role ?? 'PROVIDER');
  await db.insert(providerSpecialities).values({ userId: user, specialityId: spec.specialityId }).onConflictDoNothing();
  for (const insuranceId of spec.insuranceIds ?? [])
    await db.insert(userInsurances).values({ userId: user, practiceId, insuranceId });
  return user;
}

export async function addNetwork(db: Db, practiceId: number, name: string, order: number, matchingTimeLimit: number) {
  const [row] = await db.insert(networks).values({ practiceId, name, order, matchingTimeLimit }).returning();
  await db.insert(networkPractices).values({ networkId: row.id, practiceId });
  return row;
}

/**
 * A sender at (40, lng) with two networks and practices around it; world `index` uses its own
 * speciality and insurance and its own longitude so worlds in one database never match each
 * other. Tiers for the insurance, NORMAL (25 mi): 0 Trusted (15 min) Birch 3 mi, Alder 5 mi;
 * 1 Regional (45 min) Cedar 8 mi through its listed provider only; outer (30 min) Dogwood 20 mi,
 * Ginkgo (no location). Left out: Elm 35 mi (FAR only), Fir 14 mi (its own limit is 10), Hazel
 * (inactive), Ivy 6 mi (no insurance), Juniper (STAFF only), Kapok (only the referrer), the sender.
 */
export async function routingWorld(db: Db, index: number, sender: Partial<typeof practices.$inferInsert> = {}) {
  const { speciality, insurance } = await cataloguePair(db, index);
  const lat = 40;
  const lng = -120 + index * 5;
  const at = (miles: number) => ({ latitude: northOf(lat, miles), longitude: lng });
  const name = (n: string) => `${n} ${index}`;
  const spec = { specialityId: speciality.id, insuranceIds: [insurance.id] };

  const senderPractice = await createPractice(db, {
    name: name('Sender'),
    latitude: lat,
    longitude: lng,
    tierTimeout: 30,
    ...sender,
  });
  const referrer = await createUser(db, { firstName: 'Rita', lastName: `Referrer${index}` });
  await addMember(db, senderPractice.id, referrer.id, 'PROVIDER');
  await addSpecialist(db, senderPractice.id, spec);

  const practice = async (n: string, values: Partial<typeof practices.$inferInsert>, ...providers: ProviderSpec[]) => {
    const p = await createPractice(db, { name: name(n), ...values });
    const ids = [];
    for (const s of providers) ids.push(await addSpecialist(db, p.id, s));
    return { practice: p, providerIds: ids };
  };
  const alder = await practice('Alder', at(5), spec);
  const birch = await practice('Birch', at(3), spec);
  const cedar = await practice('Cedar', at(8), spec, spec);
  const dogwood = await practice('Dogwood', at(20), spec);
  const elm = await practice('Elm', at(35), spec);
  const fir = await practice('Fir', { ...at(14), maxReferralMatchRadius: 10 }, spec);
  const ginkgo = await practice('Ginkgo', {}, spec);
  const hazel = await practice('Hazel', { ...at(2), active: false }, spec);
  const ivy = await practice('Ivy', at(6), { specialityId: speciality.id });
  const juniper = await practice('Juniper', at(4), { ...spec, role: 'STAFF' });
  const kapok = await practice('Kapok', at(4));
  await addSpecialist(db, kapok.practice.id, spec, referrer.id);

  const trusted = await addNetwork(db, senderPractice.id, name('Trusted specialists'), 0, 15);
  const regional = await addNetwork(db, senderPractice.id, name('Regional partners'), 1, 45);
  await db.insert(networkPractices).values([
    { networkId: trusted.id, practiceId: alder.practice.id },
    { networkId: trusted.id, practiceId: birch.practice.id },
    { networkId: regional.id, practiceId: birch.practice.id },
  ]);
  await db
    .insert(networkProviders)
    .values({ networkId: regional.id, userId: cedar.providerIds[0], practiceId: cedar.practice.id });

  return {
    speciality,
    insurance,
    sender: senderPractice,
    referrer,
    trusted,
    regional,
    alder,
    birch,
    cedar,
    dogwood,
    elm,
    fir,
    ginkgo,
    hazel,
    ivy,
    juniper,
    kapok,
  };
}
export type RoutingWorld = Awaited<ReturnType<typeof routingWorld>>;

export interface SpecialtyReferral {
  scheduleType?: referralsApi.ScheduleType;
  distance?: referralsApi.ReferralDistance;
  insurance?: boolean;
  /** Another speciality than the world's. */
  specialityId?: number;
  latitude?: number;
  longitude?: number;
}

/**
 * A SPECIALTY referral stored as the referrals service creates one (OFFERED, tier null), then
 * offered its first tier in a transaction holding the row lock, as the service does.
 */
export async function sendSpecialtyReferral(ctx: TestRoutingContext, w: RoutingWorld, r: SpecialtyReferral = {}) {
  const patient = await insertPatient(ctx.db, w.sender.id);
  const [row] = await ctx.db
    .insert(referrals)
    .values({
      type: 'SPECIALTY',
      status: 'OFFERED',
      practiceId: w.sender.id,
      fromUserId: w.referrer.id,
      patientId: patient.id,
      specialityId: r.specialityId ?? w.speciality.id,
      insuranceId: r.insurance === false ? null : w.insurance.id,
      scheduleType: r.scheduleType ?? 'NEXT',
      matchingDistance: r.distance ?? 'NORMAL',
      latitude: r.latitude ?? null,
      longitude: r.longitude ?? null,
      tier: null,
    })
    .returning();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(referrals).where(eq(referrals.id, row.id)).for('update');
    return offerNextTier(ctx, tx, locked);
  });
  return { referral: row, outcome, patient };
}

export async function referralById(db: Db, id: number) {
  return (await db.select().from(referrals).where(eq(referrals.id, id)))[0];
}

/** The referral's offers, by tier. */
export async function offersOf(db: Db, referralId: number) {
  return db
    .select()
    .from(referralOffers)
    .where(eq(referralOffers.referralId, referralId))
    .orderBy(asc(referralOffers.tier), asc(referralOffers.practiceId));
}

export async function timelineOf(db: Db, referralId: number) {
  return db
    .select()
    .from(referralEvents)
    .where(eq(referralEvents.referralId, referralId))
    .orderBy(asc(referralEvents.id));
}
