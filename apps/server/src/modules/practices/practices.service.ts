import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.js';
import { practicesApi, type PracticeMembership, type PracticeSummary, type Role } from '@referwell/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { practiceRecents, practiceTags } from './practices.table.js';
import { practiceMembers, practices, toPracticeSummary, type PracticeRow } from '../../core/index.js';

type Practice = practicesApi.Practice;
type PracticeTag = practicesApi.PracticeTag;

/** Every practice a user belongs to, with the roles held there, by practice name. */
export async function membershipsOf(db: Db, userId: number): Promise<PracticeMembership[]> {
  const query = prepared(db, 'memberships_of_user', (d) =>
    d
      .select({ practice: practices, role: practiceMembers.role })
      .from(practiceMembers)
      .innerJoin(practices, eq(practices.id, practiceMembers.practiceId))
      .where(eq(practiceMembers.userId, sql.placeholder('userId')))
      .orderBy(asc(practices.name), asc(practices.id))
      .prepare('memberships_of_user'),
  );
  const rows = await query.execute({ userId });
  const byPractice = new Map<number, PracticeMembership>();
  for (const { practice, role } of rows) {
    const entry = byPractice.get(practice.id) ?? { practice: toPracticeSummary(practice), roles: [] };
    entry.roles.push(role as Role);
    byPractice.set(practice.id, entry);
  }
  return [...byPractice.values()];
}

export function toPracticeTag(t: Pick<typeof practiceTags.$inferSelect, keyof PracticeTag>): PracticeTag {
  return {
    id: t.id,
    practiceId: t.practiceId,
    name: t.name,
    color: t.color,
    context: t.context as PracticeTag['context'],
  };
}

/**
 * The whole practice. Stripe identifiers are not secrets, but nobody outside billing needs them,
 * so only callers who may manage billing see them.
 */
export function toPractice(p: PracticeRow, tags: PracticeTag[], opts: { showBilling: boolean }): Practice {
  return {
    ...toPracticeSummary(p),
    createdAt: p.createdAt.getTime(),
    updatedAt: p.updatedAt.getTime(),
    identifier: p.identifier,
    building: p.building,
    placeId: p.placeId,
    latitude: p.latitude,
    longitude: p.longitude,
    country: p.country,
    timezone: p.timezone,
    npiIdentifier: p.npiIdentifier,
    about: p.about,
    profilePhoto: p.profilePhoto,
    appointmentRequestRedirectLink: p.appointmentRequestRedirectLink,
    openingHours: p.openingHours,
    welcomeMessageOpen: p.welcomeMessageOpen,
    welcomeMessageClosed: p.welcomeMessageClosed,
    defaultAppointmentLocation: p.defaultAppointmentLocation as Practice['defaultAppointmentLocation'],
    defaultVirtualAppointmentHost: p.defaultVirtualAppointmentHost as Practice['defaultVirtualAppointmentHost'],
    liaisonEmails: p.liaisonEmails,
    gates: practicesApi.effectiveGates(p.gates),
    isIndividual: p.isIndividual,
    isThirdParty: p.isThirdParty,
    tierTimeout: p.tierTimeout,
    maxReferralMatchRadius: p.maxReferralMatchRadius,
    allowOuterNetworkMatching: p.allowOuterNetworkMatching,
    autoArchiveEnabled: p.autoArchiveEnabled,
    campaignShareLimit: p.campaignShareLimit,
    organisationId: p.organisationId,
    billingBasis: p.billingBasis,
    billingEmail: p.billingEmail,
    stripeId: opts.showBilling ? p.stripeId : null,
    stripeSubscription: opts.showBilling ? p.stripeSubscription : null,
    subscriptionStatus: p.subscriptionStatus,
    locked: p.locked,
    active: p.active,
    tags,
  };
}

/** The practice row, or 456 when there is none. */
export async function loadPractice(db: Db, practiceId: number): Promise<PracticeRow> {
  const [row] = await db.select().from(practices).where(eq(practices.id, practiceId));
  if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
  return row;
}

export async function tagsOf(db: Db, practiceId: number, context?: PracticeTag['context']): Promise<PracticeTag[]> {
  const rows = await db
    .select()
    .from(practiceTags)
    .where(
      context
        ? and(eq(practiceTags.practiceId, practiceId), eq(practiceTags.context, context))
        : eq(practiceTags.practiceId, practiceId),
    )
    .orderBy(asc(practiceTags.context), sql`lower(${practiceTags.name})`, asc(practiceTags.id));
  return rows.map(toPracticeTag);
}

/** The practice's own tags among `ids`; another practice's tags are not found. */
export async function practiceTagsIn(db: Db, practiceId: number, ids: number[]): Promise<PracticeTag[]> {
  const rows = await db
    .select()
    .from(practiceTags)
    .where(and(inArray(practiceTags.id, ids), eq(practiceTags.practiceId, practiceId)));
  return rows.map(toPracticeTag);
}

/** The ids of the practice's own tags, as a subquery for `in (...)`: links to other practices' tags are left alone. */
export const practiceTagIdsOf = (practiceId: number) =>
  sql`(select ${practiceTags.id} from ${practiceTags} where ${practiceTags.practiceId} = ${practiceId})`;

/**
 * The practice's own tags, as a subquery an area joins its tag links to (a referral's tags as one
 * practice sees them): no other practice's tag comes through.
 */
export const tagsOfPractice = (db: Db, practiceId: number) =>
  db.select().from(practiceTags).where(eq(practiceTags.practiceId, practiceId)).as('practice_tags');

/** An ILIKE pattern matching `text` anywhere, with the pattern's own wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Notes that `practiceId` just dealt with `otherId` (a contact added; later a chat or a referral),
 * so it heads that practice's recent list. Chats and referrals call this too.
 */
export async function touchRecentPractice(db: Db, practiceId: number, otherId: number) {
  if (practiceId === otherId) return;
  // The database clock, to the microsecond: two touches in the same millisecond still order.
  const now = sql`clock_timestamp()`;
  await db
    .insert(practiceRecents)
    .values({ practiceId, otherPracticeId: otherId, lastAt: now })
    .onConflictDoUpdate({
      target: [practiceRecents.practiceId, practiceRecents.otherPracticeId],
      set: { lastAt: now },
    });
}

/** The practices `practiceId` dealt with lately, newest first; inactive ones are left out. */
export async function recentPracticesOf(db: Db, practiceId: number, limit: number): Promise<PracticeSummary[]> {
  const rows = await db
    .select({ practice: practices })
    .from(practiceRecents)
    .innerJoin(practices, eq(practices.id, practiceRecents.otherPracticeId))
    .where(and(eq(practiceRecents.practiceId, practiceId), eq(practices.active, true)))
    .orderBy(desc(practiceRecents.lastAt), asc(practices.id))
    .limit(limit);
  return rows.map((r) => toPracticeSummary(r.practice));
}
