import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { practiceMembers, practices, users, type AppContext } from '../../core/index.js';
import { REFERRAL_CHANGED, type ReferralChanged } from '../../platform/events/bus.js';
import { referrals } from './referrals.table.js';
import { referralPath } from './referral-push.js';
import { queueNotifications } from '../notifications/index.js';
import { REFERRAL_NOTIFICATIONS } from './referral-bell.js';

/** Publishes a change on the bus, works out who hears of it and queues their e-mails. */
export const REFERRAL_NOTIFY_JOB = 'referral.notify';
/** One e-mail to one address: a retry resends only that one. */
export const REFERRAL_EMAIL_JOB = 'referral.email';

/** About an hour of retries (5 s doubling up to 10 min); after that the news is stale. */
const MAX_ATTEMPTS = 10;

export type NotifyContext = Pick<AppContext, 'db' | 'jobs' | 'bus' | 'log' | 'config' | 'delivery'>;

export interface ReferralNotice extends ReferralChanged {
  /** Not e-mailed about their own action. */
  actorUserId?: number | null;
  /** The practices to e-mail, when not all of `practiceIds` (the bus audience). */
  emailPracticeIds?: number[];
}

const Ids = z.array(z.number().int());
const NotifyJob = z.object({
  referralId: z.number().int(),
  kind: z.string(),
  practiceIds: Ids,
  emailPracticeIds: Ids.optional(),
  actorUserId: z.number().int().nullish(),
});
const EmailJob = z.object({ to: z.string(), subject: z.string(), text: z.string() });

interface LetterFacts {
  id: number;
  sender: string;
  /** The practice a BASIC referral was sent to. */
  target: string | null;
  receiver: string | null;
}

/**
 * What each kind of change says. Only the referral's number, the practices' names and a link:
 * never the patient's name or anything clinical (speciality, notes, appointment times), since
 * e-mail leaves our hands unencrypted. Kinds not listed (TIER_EXPIRED, COMMENTED …) send none.
 */
const LETTERS: Partial<Record<string, (f: LetterFacts) => { subject: string; line: string }>> = {
  OFFERED: (f) => ({
    subject: 'A referral is waiting for your practice',
    line: `${f.sender} sent your practice a referral (#${f.id}) to accept or decline.`,
  }),
  ACCEPTED: (f) => ({
    subject: 'A referral was accepted',
    line: `Referral #${f.id} from ${f.sender} was accepted by ${f.receiver ?? 'a practice'}.`,
  }),
  REJECTED: (f) => ({
    subject: 'A referral was declined',
    line: `Referral #${f.id} from ${f.sender} was declined${f.target ? ` by ${f.target}` : ''}.`,
  }),
  CANCELLED: (f) => ({ subject: 'A referral was cancelled', line: `${f.sender} cancelled referral #${f.id}.` }),
  EXPIRED: (f) => ({
    subject: 'No practice accepted the referral in time',
    line: `Referral #${f.id} was offered to every matching practice and none accepted it in time.`,
  }),
  RESCHEDULED: (f) => ({
    subject: 'A referral appointment was changed',
    line: `The appointment for referral #${f.id} from ${f.sender} was changed.`,
  }),
};

async function publish(ctx: NotifyContext, change: ReferralChanged) {
  try {
    await ctx.bus.publish(REFERRAL_CHANGED, {
      referralId: change.referralId,
      kind: change.kind,
      practiceIds: change.practiceIds,
    } satisfies ReferralChanged);
  } catch (err) {
    ctx.log.warn({ err, referralId: change.referralId, kind: change.kind }, 'referral change not published on the bus');
  }
}

/**
 * Inside the transaction making the change: the notice exists exactly when the change does, and
 * its job publishes on the bus once it runs, after the commit (within the queue's poll). The same
 * news goes to the bells of the people it concerns (referral-bell.ts).
 */
export async function queueReferralNotice(ctx: Pick<NotifyContext, 'jobs'>, tx: Db, n: ReferralNotice) {
  const payload: z.infer<typeof NotifyJob> = {
    referralId: n.referralId,
    kind: n.kind,
    practiceIds: n.practiceIds,
    ...(n.emailPracticeIds ? { emailPracticeIds: n.emailPracticeIds } : {}),
    actorUserId: n.actorUserId ?? null,
  };
  await ctx.jobs.enqueue(REFERRAL_NOTIFY_JOB, payload, { tx });
  await queueNotifications(ctx, tx, REFERRAL_NOTIFICATIONS, payload);
}

/**
 * The addresses of the practices: their liaison e-mails when they set any, otherwise their admins'
 * and providers' verified e-mails (not the actor's). Each address once.
 */
async function recipientsOf(db: Db, practiceIds: readonly number[], actorUserId: number | null): Promise<string[]> {
  if (!practiceIds.length) return [];
  const rows = await db
    .select({ id: practices.id, liaisonEmails: practices.liaisonEmails })
    .from(practices)
    .where(inArray(practices.id, [...practiceIds]));
  const liaisons = rows.flatMap((r) => r.liaisonEmails);
  const viaMembers = rows.filter((r) => r.liaisonEmails.length === 0).map((r) => r.id);
  const members = viaMembers.length
    ? await db
        .selectDistinct({ email: users.email })
        .from(practiceMembers)
        .innerJoin(users, eq(users.id, practiceMembers.userId))
        .where(
          and(
            inArray(practiceMembers.practiceId, viaMembers),
            inArray(practiceMembers.role, ['ADMIN', 'PROVIDER']),
            isNotNull(users.email),
            isNotNull(users.emailVerifiedAt),
            isNull(users.lockedAt),
            actorUserId === null ? undefined : ne(users.id, actorUserId),
          ),
        )
    : [];
  const all = [...liaisons, ...members.map((m) => m.email!)].map((e) => e.trim().toLowerCase()).filter(Boolean);
  return [...new Set(all)].sort();
}

async function factsOf(db: Db, referralId: number): Promise<LetterFacts | null> {
  const [referral] = await db
    .select({
      id: referrals.id,
      practiceId: referrals.practiceId,
      targetPracticeId: referrals.targetPracticeId,
      receivingPracticeId: referrals.receivingPracticeId,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId));
  if (!referral) return null;
  const ids = [referral.practiceId, referral.targetPracticeId, referral.receivingPracticeId].filter(
    (id): id is number => id !== null,
  );
  const names = new Map(
    (await db.select({ id: practices.id, name: practices.name }).from(practices).where(inArray(practices.id, ids))).map(
      (p) => [p.id, p.name],
    ),
  );
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: referral.id,
    sender: nameOf(referral.practiceId) ?? 'A practice',
    target: nameOf(referral.targetPracticeId),
    receiver: nameOf(referral.receivingPracticeId),
  };
}

/** The jobs behind the notices. */
export function registerReferralNotifications(ctx: NotifyContext) {
  const { db, jobs, log } = ctx;

  jobs.register(
    REFERRAL_NOTIFY_JOB,
    async (payload) => {
      const parsed = NotifyJob.safeParse(payload);
      if (!parsed.success) {
        log.error({ payload }, `${REFERRAL_NOTIFY_JOB} job not understood: dropped`);
        return;
      }
      const notice = parsed.data;
      await publish(ctx, notice);
      const letter = LETTERS[notice.kind];
      const facts = letter ? await factsOf(db, notice.referralId) : null;
      if (!letter || !facts) return;
      const to = await recipientsOf(db, notice.emailPracticeIds ?? notice.practiceIds, notice.actorUserId ?? null);
      if (!to.length) return;
      const { subject, line } = letter(facts);
      const text = `${line}\n\nOpen the referral in Referwell to see the details: ${ctx.config.publicUrl}${referralPath(facts.id)}\n`;
      await db.transaction(async (tx) => {
        for (const address of to) await jobs.enqueue(REFERRAL_EMAIL_JOB, { to: address, subject, text }, { tx });
      });
    },
    { maxAttempts: MAX_ATTEMPTS },
  );

  jobs.register(
    REFERRAL_EMAIL_JOB,
    async (payload) => {
      const parsed = EmailJob.safeParse(payload);
      if (!parsed.success) {
        log.error({ payload }, `${REFERRAL_EMAIL_JOB} job not understood: dropped`);
        return;
      }
      await ctx.delivery.email(parsed.data.to, parsed.data.subject, parsed.data.text);
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}
