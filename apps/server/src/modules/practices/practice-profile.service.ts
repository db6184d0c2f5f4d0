import tzlookup from '@photostructure/tz-lookup';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { practicesApi, type PracticeSummary, type Role, type filesApi } from '@referwell/contracts';
import type { z } from 'zod';
import {
  addPracticeMember,
  authorizePractice,
  PRACTICE_NPI_INDEX,
  practices,
  setCurrentPracticeIfNone,
  toPracticeSummary,
  type AppContext,
  type Caller,
  type PracticeRow,
  type SessionCaller,
} from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { PRACTICE_RULES, assertSelf } from '../../platform/access/index.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation, violatedConstraint } from '../../db/errors.js';
import { containsPattern, loadPractice, recentPracticesOf, tagsOf, toPractice } from './practices.service.js';
import { validOptionalPhone } from '../../platform/phone.js';
import { auditPractice } from './practice-audit.js';
import type { PlacesService } from '../places/index.js';
import { cleanImageUpload, deleteRemovedImage, publicImagePath, recordUpload, supersedeImage } from '../files/index.js';

type CreateBody = z.output<typeof practicesApi.CreatePracticeBody>;
type UploadBody = z.output<typeof practicesApi.UploadDescriptor>;

/** How many recent practices the list shows. */
const RECENT_LIMIT = 30;

/** Which practice column a clean branding image becomes. */
const BRANDING_COLUMNS = { LOGO: 'logoUrl', PRACTICE_PHOTO: 'profilePhoto' } as const;
type BrandingPurpose = keyof typeof BRANDING_COLUMNS;
/** The audited name of a branding image, as in `practice.logo_changed` and `practice.logo_removed`. */
const BRANDING_AUDIT = { LOGO: 'logo', PRACTICE_PHOTO: 'profile_photo' } as const;

/**
 * Once a practice's new logo or profile photo is scanned clean (FILE_SCANNED), the practice points
 * at it and the image it replaces is deleted. An older upload finishing its scan late never
 * replaces a newer one. (A user's own photo: users/user-photo.ts.)
 */
export async function applyBrandingImage(ctx: Pick<AppContext, 'db' | 'storage' | 'audit'>, fileId: number) {
  const file = await cleanImageUpload(ctx.db, fileId, 'PRACTICE', ['LOGO', 'PRACTICE_PHOTO']);
  if (!file) return;
  const column = BRANDING_COLUMNS[file.purpose];
  const practiceId = file.ownerId;
  const replaced = await ctx.db.transaction(async (tx) => {
    const [practice] = await tx.select().from(practices).where(eq(practices.id, practiceId)).for('update');
    if (!practice) return 'keep';
    const now = new Date();
    const previous = await supersedeImage(tx, practice[column], file, now);
    if (previous !== 'keep')
      await tx
        .update(practices)
        .set({ [column]: publicImagePath(file.uuid), updatedAt: now })
        .where(eq(practices.id, practiceId));
    return previous;
  });
  if (replaced === 'keep') return;
  if (replaced) await ctx.storage.remove(replaced.storageKey);
  await ctx.audit.record({
    action: `practice.${BRANDING_AUDIT[file.purpose]}_changed`,
    actorUserId: file.uploadedBy,
    targetType: 'practice',
    targetId: practiceId,
    practiceId,
    details: { fileId: file.id, replacedFileId: replaced?.id ?? null },
  });
}

/** Profile, settings and lookups of a practice: create, read, edit, branding, gates, search, billing e-mail. */
export function createPracticeProfileService(ctx: AppContext, places: PlacesService) {
  const { db, audit } = ctx;

  /**
   * Where a chosen address is: referral matching measures distances from these coordinates, and
   * the time zone there is the practice's first one (its opening hours and deadlines are read in it).
   */
  async function placeOf(placeId: string) {
    try {
      const place = await places.details(placeId);
      return {
        latitude: place.latitude,
        longitude: place.longitude,
        country: place.country ?? 'US',
        timezone: tzlookup(place.latitude, place.longitude),
      };
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_FOUND') {
        const message = 'Unknown address; choose one of the suggestions';
        throw new AppError('BAD_REQUEST', message, [{ path: ['body', 'placeId'], message }]);
      }
      throw err;
    }
  }

  /** A unique violation as the person should read it: a taken NPI, or a taken handle. */
  function taken(err: unknown): AppError {
    if (violatedConstraint(err) === PRACTICE_NPI_INDEX) {
      const message = 'A practice with this NPI already exists; ask its administrators to invite you';
      return new AppError('ERROR_OBJECT_EXISTS', message, [{ path: ['body', 'npiIdentifier'], message }]);
    }
    return new AppError('ERROR_OBJECT_EXISTS', 'Another practice already uses this handle');
  }

  async function full(row: PracticeRow, held: readonly Role[]) {
    const billingRoles: readonly Role[] = PRACTICE_RULES['practice.billing'].roles;
    const showBilling = held.some((r) => billingRoles.includes(r));
    return toPractice(row, await tagsOf(db, row.id), { showBilling });
  }

  return {
    async create(caller: SessionCaller, body: CreateBody, client: ClientInfo) {
      if (caller.user.kind !== 'PROVIDER')
        throw new AppError('FORBIDDEN', 'Only provider accounts can create practices');
      const phoneNumber = validOptionalPhone(body.phoneNumber, 'phoneNumber') ?? null;
      const roles: Role[] = caller.user.signupRole === 'PROVIDER' ? ['ADMIN', 'PROVIDER'] : ['ADMIN'];
      const where = body.placeId ? await placeOf(body.placeId) : {};
      let row: PracticeRow;
      try {
        row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(practices)
            .values({
              name: body.name,
              address: body.address ?? null,
              placeId: body.placeId ?? null,
              ...where,
              building: body.building ?? null,
              phoneNumber,
              npiIdentifier: body.npiIdentifier ?? null,
              type: body.type,
              isIndividual: body.type === 'INDIVIDUAL',
            })
            .returning();
          for (const role of roles) await addPracticeMember(tx, created.id, caller.user.id, role);
          await setCurrentPracticeIfNone(tx, caller.user.id, created.id, new Date());
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(err);
        throw err;
      }
      await auditPractice(audit, caller, client, {
        action: 'practice.created',
        practiceId: row.id,
        details: { name: row.name, type: row.type, npiIdentifier: row.npiIdentifier, roles },
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
        [row] = await db
          .update(practices)
          .set({ ...change, updatedAt: new Date() })
          .where(eq(practices.id, practiceId))
          .returning();
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(err);
        throw err;
      }
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
      await auditPractice(audit, caller, client, {
        action: 'practice.updated',
        practiceId,
        details: { fields: Object.keys(body), ...(caller.apiKey ? { apiKeyId: caller.apiKey.id } : {}) },
      });
      return full(row, held);
    },

    /** What a patient-facing page shows; public, so only active practices and only these fields. */
    async branding(uuid: string) {
      const [row] = await db
        .select()
        .from(practices)
        .where(and(eq(practices.uuid, uuid), eq(practices.active, true)));
      if (!row) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
      return {
        uuid: row.uuid,
        name: row.name,
        logoUrl: row.logoUrl,
        colorScheme: row.colorScheme,
        profilePhoto: row.profilePhoto,
      };
    },

    /** Every client type and version gets the same flags today; both are validated so they can differ later. */
    async gates(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return practicesApi.effectiveGates((await loadPractice(db, practiceId)).gates);
    },

    async recent(caller: Caller, practiceId: number) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return recentPracticesOf(db, practiceId, RECENT_LIMIT);
    },

    /** Active practices whose name contains the text or closely resembles a word of it, best match first. */
    async search(query: string, page: number) {
      const pattern = containsPattern(query);
      const where = and(
        eq(practices.active, true),
        or(ilike(practices.name, pattern), sql`${query} <% ${practices.name}`),
      );
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
      const [row] = await db
        .update(practices)
        .set({ billingEmail, updatedAt: new Date() })
        .where(eq(practices.id, practiceId))
        .returning();
      await auditPractice(audit, caller, client, {
        action: 'practice.billing_email_changed',
        practiceId,
        details: { from: before.billingEmail, to: billingEmail },
      });
      return full(row, held);
    },

    /** An upload link for a new logo; it replaces the current one once scanned clean. */
    async logoUpload(caller: SessionCaller, practiceId: number, file: UploadBody): Promise<filesApi.UploadLink> {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      return recordUpload(ctx, caller.user.id, {
        practiceId,
        ownerKind: 'PRACTICE',
        ownerId: practiceId,
        purpose: 'LOGO',
        descriptor: file,
      });
    },

    async practicePhotoUpload(
      caller: SessionCaller,
      body: UploadBody & { practiceId: number },
    ): Promise<filesApi.UploadLink> {
      const { practiceId, ...descriptor } = body;
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      return recordUpload(ctx, caller.user.id, {
        practiceId,
        ownerKind: 'PRACTICE',
        ownerId: practiceId,
        purpose: 'PRACTICE_PHOTO',
        descriptor,
      });
    },

    /**
     * Takes the logo or profile photo down (patient pages and lists show the name instead) and
     * answers the practice without it; with none there it changes nothing. An upload still being
     * scanned becomes the image when it is clean, as any new upload does.
     */
    async removeBrandingImage(caller: SessionCaller, practiceId: number, purpose: BrandingPurpose, client: ClientInfo) {
      const held = await authorizePractice(db, caller, practiceId, 'practice.edit');
      const column = BRANDING_COLUMNS[purpose];
      const { row, removedUrl } = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(practices).where(eq(practices.id, practiceId)).for('update');
        if (!current) throw new AppError('OBJECT_NOT_FOUND', 'No such practice');
        if (!current[column]) return { row: current, removedUrl: null };
        const [cleared] = await tx
          .update(practices)
          .set({ [column]: null, updatedAt: new Date() })
          .where(eq(practices.id, practiceId))
          .returning();
        return { row: cleared, removedUrl: current[column] };
      });
      if (removedUrl !== null) {
        const file = await deleteRemovedImage(ctx, removedUrl, { userId: caller.user.id, client });
        await auditPractice(audit, caller, client, {
          action: `practice.${BRANDING_AUDIT[purpose]}_removed`,
          practiceId,
          details: { fileId: file?.id ?? null },
        });
      }
      return full(row, held);
    },

    /** The user's own photo, uploaded in the context of one of their practices. */
    async userPhotoUpload(
      caller: SessionCaller,
      userId: number,
      body: UploadBody & { practiceId: number },
    ): Promise<filesApi.UploadLink> {
      assertSelf(caller, userId);
      const { practiceId, ...descriptor } = body;
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return recordUpload(ctx, caller.user.id, {
        practiceId,
        ownerKind: 'USER',
        ownerId: userId,
        purpose: 'USER_PHOTO',
        descriptor,
      });
    },
  };
}
