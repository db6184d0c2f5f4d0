import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { fullName, practices, users, type AppContext } from '../../core/index.js';
import { practicesSeeingReferral, referralById, referralPath, type ReferralRow } from '../referrals/index.js';
import { referralComments, referralNotes } from './referral-comments.table.js';
import { membersOf } from './people.js';

/** One e-mail to one person about one comment or note: a retry resends only that e-mail. */
export const COMMENT_NOTIFY_JOB = 'referral.comment-notify';
export const NOTE_NOTIFY_JOB = 'referral.note-notify';

/** What the e-mails need; tests build it around their own job worker. */
export type NoticeContext = Pick<AppContext, 'db' | 'jobs' | 'log' | 'delivery' | 'config'>;

const NotifyJob = z.object({ id: z.number().int(), userId: z.number().int() });

/** About half an hour of retries (5 s doubling up to 10 min); a notice older than that is no longer news. */
const MAX_ATTEMPTS = 10;

/** Queues the e-mails inside the caller's transaction: they exist exactly when the comment or note does. */
export async function enqueueNotices(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Db,
  kind: typeof COMMENT_NOTIFY_JOB | typeof NOTE_NOTIFY_JOB,
  id: number,
  userIds: Iterable<number>,
) {
  for (const userId of new Set(userIds)) await ctx.jobs.enqueue(kind, { id, userId }, { tx });
}

interface Notice {
  referral: ReferralRow;
  /** The practices the recipient must belong to (now, when the e-mail goes) to be told. */
  audience: number[];
  authorId: number | null;
  practiceId: number;
  subject: (mentioned: boolean) => string;
  verb: (mentioned: boolean) => string;
  mentioned: readonly number[];
  extra?: string;
}

async function send(ctx: NoticeContext, recipientId: number, n: Notice) {
  const { db } = ctx;
  const [recipient] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, recipientId), isNull(users.lockedAt), inArray(users.id, membersOf(db, n.audience))));
  if (!recipient?.email) return;
  const [[practice], [author]] = await Promise.all([
    db.select({ name: practices.name }).from(practices).where(eq(practices.id, n.practiceId)),
    n.authorId === null
      ? []
      : db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, n.authorId)),
  ]);
  const mentioned = n.mentioned.includes(recipientId);
  const who = `${author ? fullName(author) : 'Someone'}${practice ? ` (${practice.name})` : ''}`;
  const text =
    `${who} ${n.verb(mentioned)} on referral #${n.referral.id}.${n.extra ?? ''}\n\n` +
    `Open the referral to read it: ${ctx.config.publicUrl}${referralPath(n.referral.id)}\n`;
  await ctx.delivery.email(recipient.email, n.subject(mentioned), text);
}

/**
 * The e-mails about comments and notes. They say who wrote, from which practice, the referral's
 * number and a link; nothing about the patient and never the text, which may hold clinical detail
 * (e-mail leaves our hands unencrypted). Whether the recipient may
 * still see the referral is checked again when the e-mail goes.
 */
export function registerNoticeJobs(ctx: NoticeContext) {
  const { db, jobs, log } = ctx;
  const parse = (payload: Record<string, unknown>, kind: string) => {
    const job = NotifyJob.safeParse(payload);
    if (!job.success) log.error({ payload }, `${kind} job without ids: dropped`);
    return job.success ? job.data : null;
  };

  jobs.register(
    COMMENT_NOTIFY_JOB,
    async (payload) => {
      const job = parse(payload, COMMENT_NOTIFY_JOB);
      const [comment] = job ? await db.select().from(referralComments).where(eq(referralComments.id, job.id)) : [];
      const referral = comment && (await referralById(db, comment.referralId));
      if (!job || !comment || !referral) return;
      await send(ctx, job.userId, {
        referral,
        audience: await practicesSeeingReferral(db, referral),
        authorId: comment.authorId,
        practiceId: comment.practiceId,
        mentioned: comment.usersMentioned,
        subject: (mentioned) => (mentioned ? 'You were mentioned on a referral' : 'New comment on a referral'),
        verb: (mentioned) => (mentioned ? 'mentioned you in a comment' : 'commented'),
        extra: comment.needsResponse ? ' They are waiting for a response.' : '',
      });
    },
    { maxAttempts: MAX_ATTEMPTS },
  );

  jobs.register(
    NOTE_NOTIFY_JOB,
    async (payload) => {
      const job = parse(payload, NOTE_NOTIFY_JOB);
      const [note] = job ? await db.select().from(referralNotes).where(eq(referralNotes.id, job.id)) : [];
      const referral = note && (await referralById(db, note.referralId));
      if (!job || !note || !referral) return;
      const seeing = await practicesSeeingReferral(db, referral);
      await send(ctx, job.userId, {
        referral,
        audience: seeing.includes(note.practiceId) ? [note.practiceId] : [],
        authorId: note.authorId,
        practiceId: note.practiceId,
        mentioned: note.usersMentioned,
        subject: () => 'You were mentioned in a note on a referral',
        verb: () => 'mentioned you in a note',
      });
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}
