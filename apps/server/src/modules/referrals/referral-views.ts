import { and, asc, eq, inArray } from 'drizzle-orm';
import type { directoryApi, PracticeSummary, referralsApi } from '@referwell/contracts';
import {
  personColumns,
  personOr,
  practices,
  toPersonSummary,
  toPracticeSummary,
  users,
  type AppContext,
} from '../../core/index.js';
import type { Db } from '../../db/client.js';
import type { ReferralParty, ReferralRow } from './referral-access.js';
import { tagsOfPractice, toPracticeTag } from '../practices/index.js';
import { patientsByIds, toPatientSummary } from '../patients/index.js';
import { insuranceById, specialitiesByIds } from '../catalogues/index.js';
import { fileViewsById } from '../files/index.js';
import { referralArchives, referralEvents, referralTags, referralViews } from './referrals.table.js';
import { actionsFor } from './referral-rules.js';
import { storedAppointment } from './referral-appointments.js';

/** Whose eyes a referral is shown through: the practice they act for and the user (viewed flag). */
export interface Viewer {
  practiceId: number;
  userId: number;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const present = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];

async function peopleById(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, directoryApi.PersonSummary>();
  const rows = await db.select(personColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((u) => [u.id, toPersonSummary(u)]));
}

async function practicesById(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, PracticeSummary>();
  const rows = await db.select().from(practices).where(inArray(practices.id, ids));
  return new Map(rows.map((p) => [p.id, toPracticeSummary(p)]));
}

/** List rows as the viewer's practice sees them, in the order given; a handful of queries per page. */
export async function summariesOf(
  db: Db,
  rows: ReferralRow[],
  viewer: Viewer,
): Promise<referralsApi.ReferralSummary[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const ownTags = tagsOfPractice(db, viewer.practiceId);
  const [people, practiceMap, patientRows, specialityRows, viewed, archived, tags] = await Promise.all([
    peopleById(db, present(rows.flatMap((r) => [r.fromUserId, r.receivingUserId]))),
    practicesById(db, present(rows.flatMap((r) => [r.practiceId, r.receivingPracticeId, r.targetPracticeId]))),
    patientsByIds(db, present(rows.map((r) => r.patientId))),
    (async () => {
      const specialityIds = present(rows.map((r) => r.specialityId));
      if (!specialityIds.length) return [];
      return specialitiesByIds(db, specialityIds);
    })(),
    db
      .select({ id: referralViews.referralId })
      .from(referralViews)
      .where(and(inArray(referralViews.referralId, ids), eq(referralViews.userId, viewer.userId))),
    db
      .select({ id: referralArchives.referralId })
      .from(referralArchives)
      .where(and(inArray(referralArchives.referralId, ids), eq(referralArchives.practiceId, viewer.practiceId))),
    db
      .select({
        referralId: referralTags.referralId,
        tag: {
          id: ownTags.id,
          practiceId: ownTags.practiceId,
          name: ownTags.name,
          color: ownTags.color,
          context: ownTags.context,
        },
      })
      .from(referralTags)
      .innerJoin(ownTags, eq(ownTags.id, referralTags.tagId))
      .where(inArray(referralTags.referralId, ids))
      .orderBy(asc(ownTags.name)),
  ]);
  const patientMap = byId(patientRows);
  const specialityMap = byId(specialityRows);
  const viewedSet = new Set(viewed.map((v) => v.id));
  const archivedSet = new Set(archived.map((a) => a.id));
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    type: r.type,
    status: r.status,
    practice: practiceMap.get(r.practiceId)!,
    fromUser: personOr(people, r.fromUserId),
    patient: toPatientSummary(patientMap.get(r.patientId)!),
    receivingPractice: practiceMap.get(r.receivingPracticeId ?? r.targetPracticeId ?? -1) ?? null,
    receivingUser: (r.receivingUserId && people.get(r.receivingUserId)) || null,
    speciality: specialityMap.get(r.specialityId ?? -1) ?? null,
    scheduleType: r.scheduleType,
    viewed: viewedSet.has(r.id),
    archived: archivedSet.has(r.id),
    tags: tags.filter((t) => t.referralId === r.id).map((t) => toPracticeTag(t.tag)),
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
  }));
}

async function timelineOf(db: Db, referralId: number): Promise<referralsApi.ReferralEvent[]> {
  const events = await db
    .select()
    .from(referralEvents)
    .where(eq(referralEvents.referralId, referralId))
    .orderBy(asc(referralEvents.id));
  const [people, practiceMap] = await Promise.all([
    peopleById(db, present(events.map((e) => e.actorUserId))),
    practicesById(db, present(events.map((e) => e.practiceId))),
  ]);
  return events.map((e) => ({
    id: e.id,
    kind: e.kind,
    actor: (e.actorUserId && people.get(e.actorUserId)) || null,
    practice: (e.practiceId && practiceMap.get(e.practiceId)) || null,
    details: e.details,
    at: e.at.getTime(),
  }));
}

/** The whole referral as the viewer's practice sees it, with what it may do next. */
export async function detailOf(
  ctx: AppContext,
  referral: ReferralRow,
  viewer: Viewer,
  party: ReferralParty,
): Promise<referralsApi.ReferralDetail> {
  const { db } = ctx;
  const [[summary], attached, insurance, timeline] = await Promise.all([
    summariesOf(db, [referral], viewer),
    fileViewsById(ctx, [referral.fileIds]),
    referral.insuranceId ? insuranceById(db, referral.insuranceId) : Promise.resolve(undefined),
    timelineOf(db, referral.id),
  ]);
  return {
    ...summary,
    notes: referral.notes,
    files: referral.fileIds.flatMap((id) => attached.get(id) ?? []),
    insurance: insurance ?? null,
    schedulePreferences: referral.schedulePreferences,
    matchingDistance: referral.matchingDistance,
    appointment: referral.appointment ? storedAppointment(referral.appointment) : null,
    tier: referral.tier,
    tierExpiresAt: referral.tierExpiresAt?.getTime() ?? null,
    timeline,
    practicePatientId:
      viewer.practiceId === referral.practiceId
        ? referral.patientId
        : viewer.practiceId === referral.receivingPracticeId
          ? referral.receiverPatientId
          : null,
    actions: actionsFor(referral.status, party, summary.archived),
  };
}
