import { and, asc, count, eq, gt, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { intakeApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { onUniqueViolation } from '../../db/errors.js';
import { specialitiesByIds } from '../catalogues/index.js';
import { bots, submissions, type BotRow } from './intake.table.js';
import { NO_SUCH_BOT, auditIntake, botFor, toBot } from './intake-records.js';

type BotCreate = z.output<typeof intakeApi.BotCreate>;
type BotUpdate = z.output<typeof intakeApi.BotUpdate>;
type BotChange = Omit<BotUpdate, 'practiceId'>;

export const ENDPOINT_TAKEN = 'This address is taken';

const fieldError = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, [{ path: ['body', field], message }]);
const endpointTaken = () =>
  new AppError('ERROR_OBJECT_EXISTS', ENDPOINT_TAKEN, [{ path: ['body', 'endpoint'], message: ENDPOINT_TAKEN }]);

/**
 * A practice's intake bots (spec 2 §7 Bots). Admins make and change them; everyone in the practice
 * sees them with their unread counts. Addresses are unique among live bots, in any case.
 */
export function createBotsService(ctx: AppContext) {
  const { db, clock } = ctx;
  const publicUrl = ctx.config.publicUrl;

  /** Bots with their unread counts; `where` picks them. The count probes the partial unread index per bot. */
  async function withUnread(where: SQL | undefined, page?: { offset: number; limit: number; unreadOnly: boolean }) {
    // Spelled out: Drizzle leaves columns unqualified in a one-table select, and "id" would be the submission's.
    const unread = sql<number>`(select count(*)::int from ${submissions} s where s.bot_id = ${bots}.id and s.viewed_at is null and s.archived_at is null)`;
    const condition = and(where, page?.unreadOnly ? gt(unread, 0) : undefined);
    const query = db.select({ bot: bots, unread }).from(bots).where(condition).orderBy(asc(bots.name), asc(bots.id));
    const rows = page ? await query.offset(page.offset).limit(page.limit) : await query;
    const total = page ? ((await db.select({ n: count() }).from(bots).where(condition))[0]?.n ?? 0) : rows.length;
    return { data: rows.map((r) => toBot(r.bot, r.unread, publicUrl)), count: total };
  }

  async function view(id: number, options: { withDeleted?: boolean } = {}) {
    const [bot] = (await withUnread(and(eq(bots.id, id), options.withDeleted ? undefined : isNull(bots.deletedAt))))
      .data;
    // Deleted by someone else in the meantime.
    if (!bot) throw new AppError('OBJECT_NOT_FOUND', NO_SUCH_BOT);
    return bot;
  }

  async function assertSpecialities(ids: number[]) {
    const wanted = [...new Set(ids)];
    if (!wanted.length) return;
    const found = new Set((await specialitiesByIds(db, wanted)).map((r) => r.id));
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length) throw fieldError('specialities', `No such speciality: ${missing.join(', ')}`);
  }

  async function isTaken(endpoint: string, exceptId?: number) {
    const [clash] = await db
      .select({ id: bots.id })
      .from(bots)
      .where(
        and(
          sql`lower(${bots.endpoint}) = ${endpoint.toLowerCase()}`,
          isNull(bots.deletedAt),
          exceptId ? ne(bots.id, exceptId) : undefined,
        ),
      );
    return clash !== undefined;
  }

  /** The check above races with other writers; the unique index settles it with the same answer. */
  const writing = <T>(write: () => Promise<T>) => onUniqueViolation(write, endpointTaken);

  /** A speciality question needs specialities to offer, whichever of the two the change leaves as it was. */
  function assertAsksWithChoices(current: Pick<BotRow, 'specialities' | 'specialityQuestionType'>, change: BotChange) {
    const type = change.specialityQuestionType ?? current.specialityQuestionType;
    const offered = change.specialities ?? current.specialities;
    if (type !== 'NONE' && !offered.length) throw fieldError('specialities', 'Choose the specialities the form offers');
  }

  return {
    async create(caller: SessionCaller, input: BotCreate, client: ClientInfo) {
      const { practiceId, ...fields } = input;
      await authorizePractice(db, caller, practiceId, 'intake.manage');
      await assertSpecialities(fields.specialities);
      if (await isTaken(fields.endpoint)) throw endpointTaken();
      const now = clock.now();
      const [row] = await writing(() =>
        db
          .insert(bots)
          .values({
            ...fields,
            specialities: [...new Set(fields.specialities)],
            practiceId,
            createdBy: caller.user.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      await auditIntake(
        ctx,
        caller.user.id,
        'bot.created',
        client,
        { type: 'bot', id: row.id },
        { practiceId, endpoint: row.endpoint },
      );
      return toBot(row, 0, publicUrl);
    },

    /** Whether an address is free; the bot being edited (`id`) keeps its own. */
    async checkEndpoint(endpoint: string, id?: number) {
      return { available: !(await isTaken(endpoint, id)) };
    },

    /** The live forms, or (`takenDown`) those taken down, whose submissions the practice still reads. */
    async list(
      caller: SessionCaller,
      practiceId: number,
      q: { page: number; pageSize: number; unreads: boolean; takenDown: boolean },
    ) {
      await authorizePractice(db, caller, practiceId, 'intake.view');
      return withUnread(
        and(eq(bots.practiceId, practiceId), q.takenDown ? isNotNull(bots.deletedAt) : isNull(bots.deletedAt)),
        {
          offset: q.page * q.pageSize,
          limit: q.pageSize,
          unreadOnly: q.unreads,
        },
      );
    },

    /** A form taken down too: its submissions are still listed under it. */
    async get(caller: SessionCaller, id: number) {
      await botFor(db, caller, id, 'intake.view', { withDeleted: true });
      return view(id, { withDeleted: true });
    },

    /** Fields left out stay; only the names of changed fields are audited. */
    async update(caller: SessionCaller, id: number, input: BotUpdate, client: ClientInfo) {
      const { practiceId, ...change } = input;
      const current = await botFor(db, caller, id, 'intake.manage', { practiceId });
      assertAsksWithChoices(current, change);
      if (change.specialities) await assertSpecialities(change.specialities);
      if (change.endpoint !== undefined && (await isTaken(change.endpoint, id))) throw endpointTaken();
      const write = { ...change, ...(change.specialities ? { specialities: [...new Set(change.specialities)] } : {}) };
      const fields = (Object.keys(write) as (keyof typeof write)[]).filter(
        (f) => JSON.stringify(write[f]) !== JSON.stringify(current[f]),
      );
      if (fields.length) {
        await writing(() =>
          db
            .update(bots)
            .set({ ...write, updatedAt: clock.now() })
            .where(and(eq(bots.id, id), isNull(bots.deletedAt))),
        );
      }
      await auditIntake(ctx, caller.user.id, 'bot.updated', client, { type: 'bot', id }, { practiceId, fields });
      return view(id);
    },

    /** Takes the form down at once and frees its address; its submissions stay with the practice. */
    async remove(caller: SessionCaller, id: number, practiceId: number, client: ClientInfo) {
      await botFor(db, caller, id, 'intake.manage', { practiceId });
      await db
        .update(bots)
        .set({ deletedAt: clock.now() })
        .where(and(eq(bots.id, id), isNull(bots.deletedAt)));
      await auditIntake(ctx, caller.user.id, 'bot.deleted', client, { type: 'bot', id }, { practiceId });
      return { ok: true as const };
    },
  };
}

export type BotsService = ReturnType<typeof createBotsService>;
