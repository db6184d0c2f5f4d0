import { and, eq, ne, sql } from 'drizzle-orm';
import type { practicesApi } from '@referwell/contracts';
import { authorizePractice, type AppContext, type Caller, type SessionCaller } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { onUniqueViolation } from '../../db/errors.js';
import { practiceTags } from './practices.table.js';
import { tagsOf, toPracticeTag } from './practices.service.js';
import { auditPractice } from './practice-audit.js';

type TagContext = practicesApi.TagContext;
type TagInput = { name: string; color: string; context: TagContext };

const TAG_EXISTS = 'A tag with this name already exists';

/** A practice's coloured tags. Names are unique per practice and context, ignoring case. */
export function createPracticeTagsService(ctx: AppContext) {
  const { db, audit } = ctx;

  async function assertNameFree(practiceId: number, name: string, context: string, exceptId?: number) {
    const [clash] = await db
      .select({ id: practiceTags.id })
      .from(practiceTags)
      .where(
        and(
          eq(practiceTags.practiceId, practiceId),
          eq(practiceTags.context, context),
          sql`lower(${practiceTags.name}) = lower(${name})`,
          exceptId ? ne(practiceTags.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw new AppError('ERROR_OBJECT_EXISTS', TAG_EXISTS);
  }

  async function loadTag(practiceId: number, tagId: number) {
    const [tag] = await db
      .select()
      .from(practiceTags)
      .where(and(eq(practiceTags.id, tagId), eq(practiceTags.practiceId, practiceId)));
    if (!tag) throw new AppError('OBJECT_NOT_FOUND', 'No such tag');
    return tag;
  }

  /** Two requests racing past the name check meet the unique constraint instead. */
  const writing = <T>(write: () => Promise<T>) =>
    onUniqueViolation(write, () => new AppError('ERROR_OBJECT_EXISTS', TAG_EXISTS));

  return {
    async list(caller: Caller, practiceId: number, context?: TagContext) {
      await authorizePractice(db, caller, practiceId, 'practice.view');
      return tagsOf(db, practiceId, context);
    },

    async create(caller: SessionCaller, practiceId: number, input: TagInput, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      await assertNameFree(practiceId, input.name, input.context);
      const [tag] = await writing(() =>
        db
          .insert(practiceTags)
          .values({ practiceId, ...input })
          .returning(),
      );
      await auditPractice(audit, caller, client, {
        action: 'practice.tag_created',
        practiceId,
        details: { tagId: tag.id, ...input },
      });
      return toPracticeTag(tag);
    },

    async update(
      caller: SessionCaller,
      practiceId: number,
      tagId: number,
      change: Partial<TagInput>,
      client: ClientInfo,
    ) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      const tag = await loadTag(practiceId, tagId);
      if (!Object.keys(change).length) return toPracticeTag(tag);
      const next = { name: change.name ?? tag.name, context: change.context ?? tag.context };
      if (next.name.toLowerCase() !== tag.name.toLowerCase() || next.context !== tag.context) {
        await assertNameFree(practiceId, next.name, next.context, tagId);
      }
      const [row] = await writing(() =>
        db.update(practiceTags).set(change).where(eq(practiceTags.id, tagId)).returning(),
      );
      await auditPractice(audit, caller, client, {
        action: 'practice.tag_updated',
        practiceId,
        details: { tagId, ...change },
      });
      return toPracticeTag(row);
    },

    async remove(caller: SessionCaller, practiceId: number, tagId: number, client: ClientInfo) {
      await authorizePractice(db, caller, practiceId, 'practice.edit');
      const tag = await loadTag(practiceId, tagId);
      await db.delete(practiceTags).where(eq(practiceTags.id, tagId));
      await auditPractice(audit, caller, client, {
        action: 'practice.tag_deleted',
        practiceId,
        details: { tagId, name: tag.name },
      });
    },
  };
}
