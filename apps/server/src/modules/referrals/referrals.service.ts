import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { referralsApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { authorizeReferral } from './referral-access.js';
import { AppError } from '../../platform/errors.js';
import { practiceTagIdsOf, practiceTagsIn } from '../practices/index.js';
import { patientIn } from '../patients/index.js';
import { recordAnalytics } from '../analytics/index.js';
import { referralArchives, referrals, referralTags, referralViews } from './referrals.table.js';
import { detailOf, summariesOf, type Viewer } from './referral-views.js';
import { filterConditions, listCondition, pageOf, searchCondition, seenBy } from './referral-queries.js';
import { refuseUnmatched, resolveReferralRequest, type ReferralRequest } from './referral-sending.js';
import { attachToReferral } from './referral-files.js';
import { auditReferral, recordEvent } from './referral-records.js';
import { assertAllowed } from './referral-rules.js';
import { offerNextTier, offerToNamedPractice } from './routing/offers.js';
import { dismissTopic } from '../notifications/index.js';
import { referralTopics } from './referral-bell.js';
import { referralAppointmentOf, toAppointment } from '../appointments/index.js';

const viewerOf = (caller: Caller, practiceId: number): Viewer => ({ practiceId, userId: caller.user.id });

/** Sending and reading referrals, and each practice's own marks on them (viewed, archived, tags). */
export function createReferralsService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async create(caller: Caller, body: ReferralRequest, client: ClientInfo) {
      await authorizePractice(db, caller, body.practiceId, 'referrals.manage');
      const request = await resolveReferralRequest(db, caller, body);
      const basic = request.type === 'BASIC';
      const { referral, offered } = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(referrals)
          .values({
            type: request.type,
            status: 'OFFERED',
            practiceId: body.practiceId,
            fromUserId: request.fromUserId,
            patientId: request.patient.id,
            targetPracticeId: basic ? request.target.id : null,
            receivingUserId: basic ? (body.recievingUserId ?? null) : null,
            specialityId: basic ? null : body.specialityId!,
            insuranceId: basic ? null : request.insuranceId,
            scheduleType: basic ? null : body.scheduleType!,
            schedulePreferences: basic ? [] : body.schedulePreferences,
            matchingDistance: basic ? null : (body.matchingDistance ?? 'NORMAL'),
            latitude: basic ? null : request.latitude,
            longitude: basic ? null : request.longitude,
            notes: body.notes,
            fileIds: [...new Set(body.files)],
          })
          .returning();
        await attachToReferral(tx, caller, body.practiceId, row.id, body.files);
        await recordEvent(tx, row.id, 'CREATED', caller.user.id, body.practiceId, { type: request.type });
        await tx.insert(referralViews).values({ referralId: row.id, userId: caller.user.id });
        await recordAnalytics(tx, {
          type: 'referral created',
          practiceId: body.practiceId,
          userId: caller.user.id,
          details: { referralId: row.id, type: request.type },
        });
        // A BASIC referral is offered to its practice until it is answered or cancelled; a specialty
        // referral goes to its first tier at once.
        const result = basic
          ? await offerToNamedPractice(ctx, tx, row, request.target, caller.user.id)
          : await offerNextTier(ctx, tx, row);
        // With no practice to offer it to, it would only be born EXPIRED: refused, and the
        // transaction undoes all of it (the referral, its files, its event and its notices).
        if (result.expired && !basic) refuseUnmatched(request.insuranceId !== null);
        const [current] = await tx.select().from(referrals).where(eq(referrals.id, row.id));
        return { referral: current, offered: result.practiceIds };
      });
      await auditReferral(ctx, caller, client, 'created', referral.id, body.practiceId, {
        type: referral.type,
        patientId: referral.patientId,
        files: referral.fileIds.length,
        offeredTo: offered,
      });
      return detailOf(ctx, referral, viewerOf(caller, body.practiceId), 'SENDER');
    },

    async get(caller: Caller, id: number, practiceId: number, client: ClientInfo) {
      const { referral, party } = await authorizeReferral(db, caller, id, practiceId, 'referrals.view');
      await auditReferral(ctx, caller, client, 'read', id, practiceId);
      return detailOf(ctx, referral, viewerOf(caller, practiceId), party);
    },

    async preferences(caller: Caller, id: number, practiceId: number, client: ClientInfo) {
      const { referral } = await authorizeReferral(db, caller, id, practiceId, 'referrals.view');
      await auditReferral(ctx, caller, client, 'preferences_read', id, practiceId);
      return { scheduleType: referral.scheduleType, schedulePreferences: referral.schedulePreferences };
    },

    /** The appointment booked for the referral, for any practice that sees the referral (453 when none is). */
    async appointment(caller: Caller, id: number, practiceId: number, client: ClientInfo) {
      await authorizeReferral(db, caller, id, practiceId, 'referrals.view');
      const row = await referralAppointmentOf(db, id);
      if (!row) throw new AppError('APPOINTMENT_NOT_FOUND', 'No appointment is booked for this referral');
      await auditReferral(ctx, caller, client, 'appointment_read', id, practiceId, { appointmentId: row.id });
      return toAppointment(row);
    },

    async list(caller: Caller, type: referralsApi.ReferralListType, q: ListQuery, client: ClientInfo) {
      await authorizePractice(db, caller, q.practiceId, 'referrals.view');
      const where = and(listCondition(type, q.practiceId), ...filterConditions(q))!;
      const { rows, count } = await pageOf(db, where, q.page, q.pageSize);
      await auditReferral(ctx, caller, client, 'listed', null, q.practiceId, {
        type,
        page: q.page,
        count: rows.length,
        referralIds: rows.map((r) => r.id),
      });
      return { data: await summariesOf(db, rows, viewerOf(caller, q.practiceId)), count };
    },

    async search(caller: Caller, q: { practiceId: number; query: string; inbox?: boolean }, client: ClientInfo) {
      await authorizePractice(db, caller, q.practiceId, 'referrals.view');
      const scope =
        q.inbox === undefined ? seenBy(q.practiceId) : listCondition(q.inbox ? 'inbox' : 'sent', q.practiceId);
      const { rows } = await pageOf(db, and(scope, searchCondition(q.query))!, 0, SEARCH_LIMIT);
      await auditReferral(ctx, caller, client, 'searched', null, q.practiceId, {
        query: q.query,
        referralIds: rows.map((r) => r.id),
      });
      return summariesOf(db, rows, viewerOf(caller, q.practiceId));
    },

    /** A patient's referrals: those sent for this record, and those another practice accepted into it. */
    async ofPatient(
      caller: Caller,
      patientId: number,
      q: { practiceId: number; skip: number; pageSize: number; referralNotes: boolean },
      client: ClientInfo,
    ) {
      await authorizePractice(db, caller, q.practiceId, 'patients.view');
      const patient = await patientIn(db, q.practiceId, patientId);
      if (!patient) throw new AppError('OBJECT_NOT_FOUND', 'No such patient');
      const where = and(
        seenBy(q.practiceId),
        sql`(${referrals.patientId} = ${patientId} or ${referrals.receiverPatientId} = ${patientId})`,
      )!;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(referrals)
          .where(where)
          .orderBy(desc(referrals.createdAt), desc(referrals.id))
          .limit(q.pageSize)
          .offset(q.skip),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(referrals)
          .where(where),
      ]);
      await ctx.audit.record({
        action: 'patient.referrals_listed',
        actorUserId: caller.user.id,
        targetType: 'patient',
        targetId: patientId,
        ip: client.ip,
        practiceId: q.practiceId,
        patientId,
        userAgent: client.userAgent,
        details: { practiceId: q.practiceId, referralIds: rows.map((r) => r.id) },
      });
      const summaries = await summariesOf(db, rows, viewerOf(caller, q.practiceId));
      return {
        data: summaries.map((s, i) => (q.referralNotes ? { ...s, notes: rows[i].notes } : s)),
        count: total?.n ?? 0,
      };
    },

    async markViewed(caller: Caller, id: number, practiceId: number, viewed: boolean, client: ClientInfo) {
      await authorizeReferral(db, caller, id, practiceId, 'referrals.view');
      if (viewed) {
        await db.insert(referralViews).values({ referralId: id, userId: caller.user.id }).onConflictDoNothing();
        // Opened, what the bell said about it has been seen, as a chat read to its end clears its notice.
        for (const topic of Object.values(referralTopics(id, practiceId)))
          await dismissTopic(ctx, caller.user.id, topic);
      } else
        await db
          .delete(referralViews)
          .where(and(eq(referralViews.referralId, id), eq(referralViews.userId, caller.user.id)));
      await auditReferral(ctx, caller, client, viewed ? 'marked_viewed' : 'marked_unread', id, practiceId);
      return { ok: true as const };
    },

    async setTags(caller: Caller, id: number, practiceId: number, tagIds: number[], client: ClientInfo) {
      await authorizeReferral(db, caller, id, practiceId, 'referrals.manage');
      const wanted = [...new Set(tagIds)];
      const own = wanted.length ? await practiceTagsIn(db, practiceId, wanted) : [];
      const unusable = wanted.filter(
        (t) => !own.some((o) => o.id === t && (o.context === 'REFERRAL' || o.context === 'GENERAL')),
      );
      if (unusable.length) {
        const message = `Tag${unusable.length > 1 ? 's' : ''} ${unusable.join(', ')} cannot be used: choose the practice's referral or general tags`;
        throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'tags'], message }]);
      }
      await db.transaction(async (tx) => {
        await tx
          .delete(referralTags)
          .where(and(eq(referralTags.referralId, id), inArray(referralTags.tagId, practiceTagIdsOf(practiceId))));
        if (wanted.length) await tx.insert(referralTags).values(wanted.map((tagId) => ({ referralId: id, tagId })));
      });
      await auditReferral(ctx, caller, client, 'tagged', id, practiceId, { tags: wanted });
      return own.sort((a, b) => a.name.localeCompare(b.name));
    },

    async archive(caller: Caller, id: number, practiceId: number, archived: boolean, client: ClientInfo) {
      const { referral, party } = await authorizeReferral(db, caller, id, practiceId, 'referrals.manage');
      assertAllowed(archived ? 'archive' : 'unarchive', referral.status, party);
      await db.transaction(async (tx) => {
        const changed = archived
          ? await tx.insert(referralArchives).values({ referralId: id, practiceId }).onConflictDoNothing().returning()
          : await tx
              .delete(referralArchives)
              .where(and(eq(referralArchives.referralId, id), eq(referralArchives.practiceId, practiceId)))
              .returning();
        if (changed.length) await recordEvent(tx, id, archived ? 'ARCHIVED' : 'UNARCHIVED', caller.user.id, practiceId);
      });
      await auditReferral(ctx, caller, client, archived ? 'archived' : 'unarchived', id, practiceId);
      return { ok: true as const };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;

/** Search answers at most one page. */
const SEARCH_LIMIT = 30;

interface ListQuery {
  practiceId: number;
  page: number;
  pageSize: number;
  updatedSince?: number;
  provider?: number;
  patientName?: string;
}
