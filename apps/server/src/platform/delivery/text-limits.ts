import { and, asc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Audit } from '../audit/audit.js';
import type { Clock } from '../clock.js';
import type { Jobs } from '../jobs/jobs.js';
import { AppError } from '../errors.js';
import { textSends } from './text-sends.table.js';

/** Why a text goes out; the audit trail shows it. */
export type TextPurpose = 'chat_link' | 'invite' | 'sign_in_code';

/** A text message or voice call about to be sent. Never its words: they may hold a code or a link. */
export interface OutboundText {
  purpose: TextPurpose;
  channel: 'sms' | 'voice';
  /** The number (E.164). */
  to: string;
  /** The signed-in person having it sent; null for sign-in codes, which come from no one signed in. */
  senderUserId: number | null;
  practiceId: number | null;
  patientId?: number | null;
  /** The account the text reaches (sign-in codes). */
  subjectUserId?: number | null;
  /**
   * Counted but neither sent nor audited: a sign-in code asked for a number no account has. It
   * counts all the same, so that reaching the number's limit says nothing about who has an account.
   */
  withheld?: boolean;
}

export interface TextLimit {
  max: number;
  windowMs: number;
}

export interface TextLimitSettings {
  perUser: TextLimit;
  perPractice: TextLimit;
  perNumber: TextLimit;
}

type Scope = 'user' | 'practice' | 'number';

/** A text refused by a limit: 429, with when to try again. */
export class TextLimitReached extends AppError {
  constructor(
    readonly scope: Scope,
    message: string,
    readonly retryAfterSeconds: number,
    /** The text refused (the first, when a request had several sent). */
    readonly text: OutboundText,
  ) {
    super('TEXT_LIMIT_REACHED', message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** A sign-in code (or phone verification code) texted or read out to `to`. */
export const codeText = (to: string, channel: 'sms' | 'voice', subjectUserId: number | null): OutboundText => ({
  purpose: 'sign_in_code',
  channel,
  to,
  senderUserId: null,
  practiceId: null,
  subjectUserId,
  withheld: subjectUserId === null,
});

const PRUNE_JOB = 'texts.prune';
const PRUNE_EVERY_MS = 60 * 60_000;

function span(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
  return minutes === 1 ? 'a minute' : `${minutes} minutes`;
}

const WHO: Record<Scope, (limit: TextLimit) => string> = {
  user: (l) => `You can have at most ${l.max} text messages sent in ${span(l.windowMs)}.`,
  practice: (l) => `Your practice can send at most ${l.max} text messages in ${span(l.windowMs)}.`,
  number: (l) => `This phone number can be sent at most ${l.max} text messages in ${span(l.windowMs)}.`,
};

/**
 * Limits on outbound texts and calls, per sender, per practice and per number, counted in the
 * database so that every instance sees the same counts. Each check runs inside the caller's
 * transaction (the chat or invite it texts for) under advisory locks on the counters it reads, so
 * concurrent requests queue for the same counter rather than all reading the same count, and a
 * refused text leaves nothing behind: the caller's transaction rolls back with it.
 */
export function createTextLimits(deps: { db: Db; audit: Audit; clock: Clock; jobs: Jobs; limits: TextLimitSettings }) {
  const { audit, clock, limits } = deps;
  const LIMIT: Record<Scope, TextLimit> = {
    user: limits.perUser,
    practice: limits.perPractice,
    number: limits.perNumber,
  };
  const longest = Math.max(...Object.values(LIMIT).map((l) => l.windowMs));

  // Nothing reads a row once it is older than the longest window; the audit log keeps the record.
  deps.jobs.every(PRUNE_JOB, PRUNE_EVERY_MS, async () => {
    await deps.db.delete(textSends).where(lt(textSends.at, new Date(clock.now().getTime() - longest)));
  });

  /** The refusal of `adding` more texts in `scope`'s window, saying when they would fit; null when they fit now. */
  async function refusal(
    tx: Db,
    scope: Scope,
    where: SQL,
    adding: number,
    now: Date,
    text: OutboundText,
  ): Promise<TextLimitReached | null> {
    const limit = LIMIT[scope];
    const since = new Date(now.getTime() - limit.windowMs);
    const rows = await tx
      .select({ at: textSends.at })
      .from(textSends)
      .where(and(where, gt(textSends.at, since)))
      .orderBy(asc(textSends.at));
    const over = rows.length + adding - limit.max;
    if (over <= 0) return null;
    // The `over`-th oldest text leaving the window makes room; more than the limit at once never fits.
    const freeing = rows[over - 1];
    if (!freeing)
      return new TextLimitReached(
        scope,
        `${WHO[scope](limit)} Send to fewer numbers at once.`,
        Math.ceil(limit.windowMs / 1000),
        text,
      );
    const waitMs = freeing.at.getTime() + limit.windowMs - now.getTime();
    return new TextLimitReached(
      scope,
      `${WHO[scope](limit)} Try again in ${span(waitMs)}.`,
      Math.max(1, Math.ceil(waitMs / 1000)),
      text,
    );
  }

  return {
    /**
     * Counts `texts` against the limits and records them, or throws TextLimitReached (429) and
     * records nothing. Pass the transaction that makes what the texts are for, so that both stand
     * or fall together; a plain handle gets a transaction of its own.
     */
    async reserve(runner: Db, texts: OutboundText | readonly OutboundText[]) {
      const list = Array.isArray(texts) ? (texts as readonly OutboundText[]) : [texts as OutboundText];
      if (!list.length) return;
      await runner.transaction(async (tx) => {
        const now = clock.now();
        const groups = new Map<string, { scope: Scope; where: SQL; adding: number; text: OutboundText }>();
        const count = (key: string, scope: Scope, where: SQL, text: OutboundText) => {
          const group = groups.get(key) ?? { scope, where, adding: 0, text };
          group.adding += 1;
          groups.set(key, group);
        };
        for (const text of list) {
          if (text.senderUserId !== null)
            count(`user:${text.senderUserId}`, 'user', eq(textSends.senderUserId, text.senderUserId), text);
          if (text.practiceId !== null)
            count(`practice:${text.practiceId}`, 'practice', eq(textSends.practiceId, text.practiceId), text);
          count(`number:${text.to}`, 'number', eq(textSends.destination, text.to), text);
        }
        // Always the same order, so two requests never hold one counter each while waiting for the other's.
        const keys = [...groups.keys()].sort();
        for (const key of keys)
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`text-limit:${key}`}, 0))`);
        for (const key of keys) {
          const { scope, where, adding, text } = groups.get(key)!;
          const refused = await refusal(tx, scope, where, adding, now, text);
          if (refused) throw refused;
        }
        await tx.insert(textSends).values(
          list.map((t) => ({
            at: now,
            senderUserId: t.senderUserId,
            practiceId: t.practiceId,
            destination: t.to,
            purpose: t.purpose,
          })),
        );
        for (const text of list.filter((t) => !t.withheld)) {
          await audit.record(
            {
              action: 'text.sent',
              actorUserId: text.senderUserId,
              subjectUserId: text.subjectUserId ?? null,
              practiceId: text.practiceId,
              patientId: text.patientId ?? null,
              details: { purpose: text.purpose, channel: text.channel, to: text.to },
            },
            tx,
          );
        }
      });
    },
  };
}
export type TextLimits = ReturnType<typeof createTextLimits>;
