import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { practicesApi, type PracticeSummary, type Role } from '@referwell/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Caller, ClientInfo, SessionCaller } from '../../platform/auth/sessions.js';
import { PRACTICE_RULES, assertSelf, authorizePractice } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { users } from '../users/users.table.js';
import { practiceMembers, practices } from './practices.table.js';
import {
  containsPattern, effectiveGates, loadPractice, recentPracticesOf, tagsOf, toPractice, toPracticeSummary, type PracticeRow,
} from './practices.service.js';
import { validOptionalPhone } from '../../platform/phone.js';

type CreateBody = z.output<typeof practicesApi.CreatePracticeBody>;
type UploadBody = z.output<typeof practicesApi.UploadDescriptor>;

/** How many recent practices the list shows. */
const RECENT_LIMIT = 30;
const UPLOADS_PENDING = 'File uploads arrive with the files service';

/** Checked after access, so an outsider learns nothing from it. */
function assertImage(file: UploadBody) {
  if (!practicesApi.IMAGE_FILE_PATTERN.test(file.name)) {
    const message = 'Use a PNG, JPEG, GIF or WebP image';
    throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'name'], message }]);
  }
}


/** Profile, settings and lookups of a practice: create, read, edit, branding, gates, search, billing e-mail. */
export function createPracticeProfileService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function full(row: PracticeRow, held: readonly Role[]) {
    const billingRoles: readonly Role[] = PRACTICE_RULES['practice.billing'].roles;
    const showBilling = held.some((r) => billingRoles.includes(r));
    return toPractice(row, await tagsOf(db, row.id), { showBilling });
  }

  return {
    async create(caller: SessionCaller, body: CreateBody, client: ClientInfo) {
      if (caller.user.kind !== 'PROVIDER') throw new AppError('FORBIDDEN', 'Only provider accounts can create practices');
      const phoneNumber = validOptionalPhone(body.phoneNumber, 'phoneNumber') ?? null;
      const roles: Role[] = caller.user.signupRole === 'PROVIDER' ? ['ADMIN', 'PROVIDER'] : ['ADMIN'];
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(practices)
          .values({
            name: body.name, address: body.address ?? null, placeId: body.placeId ?? null, building: body.building ?? null,
            phoneNumber, type: body.type, isIndividual: body.type === 'INDIVIDUAL',
          })
          .returning();
        await tx.insert(practiceMembers).values(roles.map((role) => ({ practiceId: created!.id, userId: caller.user.id, role })));
        await tx
          .update(users)
          .set({ currentPracticeId: created!.id, updatedAt: new Date() })
          .where(and(eq(users.id, caller.user.id), sql`${users.currentPracticeId} is null`));
        return created!;
      });
      await audit.record({
        action: 'practice.created', actorUserId: caller.user.id, targetType: 'practice', targetId: row.id, ip: client.ip,
        userAgent: client.userAgent, details: { name: row.name, type: row.type, roles },
      });
      return full(row, roles);
    },

    async get(caller: Caller, practiceId: number) {
      const held = await authorizePractice(db, caller, practiceId, 'practice.view');
      return full(await loadPractice(db, practiceId), held);
    },

    /** Practices are visible to each other for referrals: any signed-in user may read a summary. */
    async summary(caller: Caller, practiceId: number): Promise<PracticeSummary> {
      // A key still needs read permission, checked in its own practice.
      if (caller.apiKey) await authorizePractice(db, caller, caller.apiKey.practiceId, 'practice.view');
      return toPracticeSummary(await loadPractice(db, practiceId));
    },

    async update(caller: Caller, practiceId: number, body: practicesApi.UpdatePracticeBody, client: ClientInfo) {
      const held = await authorizePractice(db, caller, practiceId, 'practice.edit');
      const { phoneNumber, type, ...rest } = body;
      const change = {
        ...rest,
        ...(phoneNumber !== undefined ? { phoneNumber: validOptionalPhone(phoneNumber, 'phoneNumber') } : {}),
        ...(type !== undefined ? { type, isIndividual: type === 'INDIVIDUAL' } : {}),
      };
      let row: PracticeRow | undefined;
      try {
        [row] = await db.update(practices).set({ ...change, updatedAt: new Date() }).where(eq(practices.id, practiceId)).returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('ERROR_OBJECT_EXISTS', 'Another practice already uses this handle');
        throw err;
      }
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
      await audit.record({
        action: 'practice.updated', actorUserId: caller.user.id, targetType: 'practice', targetId: practiceId, ip: client.ip,
        userAgent: client.userAgent, details: { fields: Object.keys(body), ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}) },
      });
      return full(row, held);
    },

    /** What a patient-facing page shows; public, so only active practices and only these fields. */
    async branding(uuid: string) {
      const [row] = await db.select().from(practices).where(and(eq(practices.uuid, uuid), eq(practices.active, true)));
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
      return { uuid: row.uuid, name: row.name, logoUrl: row.logoUrl, colorScheme: row.colorScheme, profilePhoto: row.profilePhoto };
    },

    /** Every client type and version gets the same flags today; both are validated so they can differ later. */
    async gates(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return effectiveGates((await loadPractice(db, practiceId)).gates);
    },

    async recent(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return recentPracticesOf(db, practiceId, RECENT_LIMIT);
    },

    /** Active practices whose name contains the text or closely resembles a word of it, best match first. */
    async search(query: string, page: number) {
      const pattern = containsPattern(query);
      const where = and(eq(practices.active, true), or(ilike(practices.name, pattern), sql`${query} <% ${practices.name}`));
      const size = practicesApi.PRACTICE_SEARCH_PAGE_SIZE;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(practices)
          .where(where)
          .orderBy(desc(sql`word_similarity(${query}, ${practices.name})`), asc(practices.name), asc(practices.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(practices).where(where),
      ]);
      return { data: rows.map(toPracticeSummary), count: total?.n ?? 0 };
    },

    async setBillingEmail(caller: SessionCaller, practiceId: number, billingEmail: string, client: ClientInfo) {
      const held = await authorizePractice(db, caller, practiceId, 'practice.billing');
      const before = await loadPractice(db, practiceId);
      const [row] = await db.update(practices).set({ billingEmail, updatedAt: new Date() }).where(eq(practices.id, practiceId)).returning();
      await audit.record({
        action: 'practice.billing_email_changed', actorUserId: caller.user.id, targetType: 'practice', targetId: practiceId,
        ip: client.ip, userAgent: client.userAgent, details: { from: before.billingEmail, to: billingEmail },
      });
      return full(row!, held);
    },

    /** Checks the caller may change the logo; the upload itself waits for the files service. */
    async logoUpload(caller: SessionCaller, practiceId: number, file: UploadBody): Promise<never> {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      assertImage(file);
      throw new AppError('NOT_IMPLEMENTED', UPLOADS_PENDING);
    },

    async practicePhotoUpload(caller: SessionCaller, body: UploadBody & { practiceId: number }): Promise<never> {
      await authorizePractice(db, caller, body.practiceId, 'practice.edit');
      assertImage(body);
      throw new AppError('NOT_IMPLEMENTED', UPLOADS_PENDING);
    },

    async userPhotoUpload(caller: SessionCaller, userId: number, body: UploadBody & { practiceId: number }): Promise<never> {
      assertSelf(caller, userId);
      await authorizePractice(db, caller, body.practiceId, 'practice.view');
      assertImage(body);
      throw new AppError('NOT_IMPLEMENTED', UPLOADS_PENDING);
    },
  };
}
