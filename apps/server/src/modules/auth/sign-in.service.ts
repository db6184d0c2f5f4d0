import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  AUTH_FLOW_TTL_MS,
  CODE_TTL_MS,
  MAX_CODE_ATTEMPTS,
  Password,
  type AuthApp,
  type LoginStep,
} from '@referwell/contracts';
import {
  markEmailVerified,
  markPhoneVerified,
  setPasswordHash,
  setVerifiedContact,
  users,
  type AppContext,
  type SessionCaller as Caller,
  type UserRow,
} from '../../core/index.js';
import { hashPassword, randomCode, safeEqual } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { authFlows, type FlowKind } from './auth.table.js';
import { FLOW_STEPS, SIGN_IN_FLOWS, appAdmits, chooseFlow } from './flow-plans.js';
import { validPhone } from '../../platform/phone.js';
import type { AttemptContext, PasswordAttempts, SignInClient } from './password-attempts.js';
import type { AccountNotices } from './account-notices.js';
import { codeText } from '../../platform/delivery/text-limits.js';
import { flowCodeHash } from './password-setup.js';

type Flow = typeof authFlows.$inferSelect;
type StartedSession = Awaited<ReturnType<AppContext['sessions']['create']>>;

export interface StartInput {
  app: AuthApp;
  email?: string;
  phone?: string;
  isPasswordReset?: boolean;
  useCallVerification?: boolean;
}

export interface StepResult {
  status: 'PENDING' | 'COMPLETE';
  nextStep?: LoginStep;
  /** Present when the flow ended in a new session. */
  session?: StartedSession;
  /** The device cookie to set with the new session (device-cookie.ts). */
  deviceCookie?: string;
}

/** A new code may be asked for once this long after the last one. */
const RESEND_COOLDOWN_MS = 30_000;
const CODE_STEPS: LoginStep[] = ['PHONE_CODE', 'EMAIL_CODE'];
const CODES_USED_UP = 'Too many wrong codes: start again to get a new code.';

/**
 * Multi-step sign-in, password reset and contact verification. A flow never reveals whether an
 * e-mail or phone belongs to an account: unknown identifiers walk the same steps, are throttled
 * alike, and fail at the secret with the same answer. Passwords are throttled per account and
 * client (password-attempts.ts); codes are limited per flow (MAX_CODE_ATTEMPTS) and expire, and a
 * right code is never refused for other people's failures. A lock set by an administrator (459)
 * is told only to someone who gave the right secret.
 */
export function createSignInService(ctx: AppContext, attempts: PasswordAttempts, notify: AccountNotices) {
  const { db, audit, delivery, sessions, secrets } = ctx;
  const now = () => ctx.clock.now();
  const hashCode = (flowUuid: string, code: string) => flowCodeHash(secrets.sessionSecret, flowUuid, code);

  async function userBy(by: 'email' | 'phone', identifier: string) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(by === 'email' ? users.email : users.phone, identifier))
      .limit(1);
    return user ?? null;
  }

  async function sendCode(flow: Pick<Flow, 'id' | 'uuid' | 'kind' | 'identifier'>, channel: 'email' | 'sms' | 'voice') {
    const code = randomCode();
    await db
      .update(authFlows)
      .set({
        codeHash: hashCode(flow.uuid, code),
        codeExpiresAt: new Date(now().getTime() + CODE_TTL_MS),
        codeSentAt: now(),
        delivery: channel,
      })
      .where(eq(authFlows.id, flow.id));
    const purpose =
      flow.kind === 'PASSWORD_RESET'
        ? 'password reset'
        : flow.kind.startsWith('UPDATE') || flow.kind === 'VERIFY_PHONE'
          ? 'verification'
          : 'sign-in';
    const text = `Your Referwell ${purpose} code is ${code}. It expires in 10 minutes. Never share it with anyone.`;
    try {
      if (channel === 'email') {
        const page =
          flow.kind === 'PASSWORD_RESET' ? '/reset-password' : flow.kind === 'UPDATE_EMAIL' ? '/settings' : '/login';
        await delivery.email(
          flow.identifier,
          `Your Referwell ${purpose} code`,
          `${text}\n\nEnter it on the page where you asked for it, or start again at ${ctx.config.publicUrl}${page}\n`,
        );
      } else if (channel === 'voice') await delivery.voice(flow.identifier, text);
      else await delivery.sms(flow.identifier, text);
    } catch (err) {
      ctx.log.error({ err, channel }, 'could not deliver a code');
      throw new AppError('INTERNAL', 'We could not send the code. Try again in a moment.');
    }
  }

  async function createFlow(values: {
    app: AuthApp;
    kind: FlowKind;
    identifier: string;
    userId: number | null;
    stepIndex: number;
  }) {
    const [flow] = await db
      .insert(authFlows)
      .values({ ...values, steps: FLOW_STEPS[values.kind], expiresAt: new Date(now().getTime() + AUTH_FLOW_TTL_MS) })
      .returning();
    return flow;
  }

  async function loadFlow(uuid: string): Promise<Flow> {
    const [flow] = await db.select().from(authFlows).where(eq(authFlows.uuid, uuid)).limit(1);
    if (!flow || flow.expiresAt.getTime() <= now().getTime()) {
      throw new AppError('OBJECT_NOT_FOUND', 'This sign-in has expired. Start again.');
    }
    if (flow.status === 'FAILED') throw new AppError('OBJECT_NOT_FOUND', CODES_USED_UP);
    return flow;
  }

  const attemptAt = (flow: Flow, reason: AttemptContext['reason']): AttemptContext => ({
    app: flow.app,
    flow: flow.kind,
    reason,
  });

  /** 459 for an account an administrator locked, once the caller has shown its secret; audited. */
  async function assertNotLocked(flow: Flow, user: UserRow, client: SignInClient, reason: AttemptContext['reason']) {
    if (!user.lockedAt) return;
    await attempts.record(user, client, attemptAt(flow, reason), { kind: 'right' });
    throw new AppError('LOCKED_ACCOUNT');
  }

  /** Moves the flow past `flow.stepIndex`, atomically: a step is answered once. */
  async function advance(flow: Flow, extra: Partial<Flow> = {}) {
    const next = flow.stepIndex + 1;
    const done = next >= flow.steps.length;
    const [row] = await db
      .update(authFlows)
      .set({ ...extra, stepIndex: next, codeHash: null, status: done ? 'COMPLETE' : 'PENDING' })
      .where(and(eq(authFlows.id, flow.id), eq(authFlows.stepIndex, flow.stepIndex), eq(authFlows.status, 'PENDING')))
      .returning({ id: authFlows.id });
    if (!row) throw new AppError('BAD_REQUEST', 'This step was already answered');
    return done ? null : flow.steps[next];
  }

  /**
   * A try is taken from the flow before the code is compared, atomically, so parallel guesses
   * cannot get past MAX_CODE_ATTEMPTS; the last wrong one ends the flow. No account-wide or
   * per-client count applies: a right code always goes through.
   */
  async function checkCode(flow: Flow, user: UserRow | null, value: string, client: SignInClient) {
    const [taken] = await db
      .update(authFlows)
      .set({ codeAttempts: sql`${authFlows.codeAttempts} + 1` })
      .where(
        and(eq(authFlows.id, flow.id), eq(authFlows.status, 'PENDING'), lt(authFlows.codeAttempts, MAX_CODE_ATTEMPTS)),
      )
      .returning({ codeAttempts: authFlows.codeAttempts });
    if (!taken) throw new AppError('OBJECT_NOT_FOUND', CODES_USED_UP);
    const fresh = (flow.codeExpiresAt?.getTime() ?? 0) > now().getTime();
    if (user && flow.codeHash && fresh && safeEqual(flow.codeHash, hashCode(flow.uuid, value.trim()))) {
      await assertNotLocked(flow, user, client, 'code');
      return;
    }
    await attempts.record(user, client, attemptAt(flow, 'code'), { kind: 'wrong' });
    if (taken.codeAttempts >= MAX_CODE_ATTEMPTS) {
      await db.update(authFlows).set({ status: 'FAILED', codeHash: null }).where(eq(authFlows.id, flow.id));
      throw new AppError(
        'OBJECT_NOT_FOUND',
        'That code is not right, and that was the last try: start again to get a new code.',
      );
    }
    throw new AppError(
      'INCORRECT_CODE',
      flow.codeHash && !fresh ? 'This code has expired. Ask for a new one.' : undefined,
    );
  }

  /** What a completed flow changes on the account; the owner hears of a new phone or e-mail. */
  async function applyCompletion(flow: Flow, user: UserRow, client: SignInClient) {
    const at = now();
    if (flow.kind === 'UPDATE_PHONE' || flow.kind === 'UPDATE_EMAIL') {
      const change =
        flow.kind === 'UPDATE_PHONE'
          ? { phone: flow.identifier, phoneVerifiedAt: at }
          : { email: flow.identifier, emailVerifiedAt: at };
      try {
        await setVerifiedContact(db, user.id, change, at);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('ERROR_OBJECT_EXISTS', 'Another account already uses this');
        throw err;
      }
      await audit.record({
        action: 'user.contact_changed',
        actorUserId: user.id,
        subjectUserId: user.id,
        details: { kind: flow.kind },
      });
      // To the address the account had: an e-mail change is told to the mailbox it leaves.
      await notify(user.email, flow.kind === 'UPDATE_PHONE' ? 'phone-changed' : 'email-changed', client);
    } else if (flow.kind === 'PHONE_CODE' || flow.kind === 'VERIFY_PHONE') {
      if (!user.phoneVerifiedAt) await markPhoneVerified(db, user.id, at);
    }
  }

  return {
    async start(
      input: StartInput,
      caller: Caller | null,
    ): Promise<{ uuid: string; steps: LoginStep[]; nextStep: LoginStep }> {
      const by = input.email ? 'email' : 'phone';
      const kind = chooseFlow(input.app, by, Boolean(input.isPasswordReset));
      let identifier = input.email ?? '';
      if (by === 'phone') {
        identifier = validPhone(input.phone!, 'phone');
      }

      let user: UserRow | null;
      if (kind === 'UPDATE_PHONE' || kind === 'UPDATE_EMAIL') {
        if (!caller) throw new AppError('UNAUTHORIZED');
        const owner = await userBy(by, identifier);
        if (owner && owner.id !== caller.user.id)
          throw new AppError('ERROR_OBJECT_EXISTS', 'Another account already uses this');
        user = caller.user;
      } else {
        const found = await userBy(by, identifier);
        user = found && appAdmits(input.app, found) ? found : null;
      }

      if (by === 'phone')
        await ctx.texts.reserve(
          db,
          codeText(identifier, input.useCallVerification ? 'voice' : 'sms', user?.id ?? null),
        );
      const flow = await createFlow({ app: input.app, kind, identifier, userId: user?.id ?? null, stepIndex: 1 });
      const nextStep = flow.steps[1];
      if (user && CODE_STEPS.includes(nextStep)) {
        await sendCode(flow, by === 'email' ? 'email' : input.useCallVerification ? 'voice' : 'sms');
      }
      return { uuid: flow.uuid, steps: flow.steps, nextStep };
    },

    /** Starts the phone verification of a new account, already waiting for the texted code. */
    async startVerification(user: UserRow, app: AuthApp) {
      await ctx.texts.reserve(db, codeText(user.phone!, 'sms', user.id));
      const flow = await createFlow({
        app,
        kind: 'VERIFY_PHONE',
        identifier: user.phone!,
        userId: user.id,
        stepIndex: 1,
      });
      await sendCode(flow, 'sms');
      return { uuid: flow.uuid, nextStep: 'PHONE_CODE' as const };
    },

    async answer(
      uuid: string,
      input: { step: LoginStep; value: string },
      client: SignInClient,
      opts: { signIn?: boolean } = {},
    ): Promise<StepResult> {
      const flow = await loadFlow(uuid);
      if (flow.status === 'COMPLETE') throw new AppError('BAD_REQUEST', 'This sign-in is already complete');
      const expected = flow.steps[flow.stepIndex];
      if (input.step !== expected) throw new AppError('BAD_REQUEST', `Expected step ${expected}`);
      const user = flow.userId ? ((await db.select().from(users).where(eq(users.id, flow.userId)))[0] ?? null) : null;

      if (expected === 'PASSWORD') {
        await attempts.verify(user, flow.identifier, input.value, client, attemptAt(flow, 'password'));
        await assertNotLocked(flow, user!, client, 'password');
        if (!user!.phoneVerifiedAt) {
          throw new AppError(
            'USER_NEEDS_VERIFICATION',
            'Verify your phone number first: sign in with your phone number to get a code.',
          );
        }
      } else if (CODE_STEPS.includes(expected)) {
        await checkCode(flow, user, input.value, client);
        if (expected === 'EMAIL_CODE' && user && !user.emailVerifiedAt) {
          await markEmailVerified(db, user.id, now());
        }
      } else if (expected === 'SET_NEW_PASSWORD') {
        await assertNotLocked(flow, user!, client, 'new-password');
        const parsed = Password.safeParse(input.value);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: ['value'], message: i.message }));
          throw new AppError('BAD_REQUEST', issues[0].message, issues);
        }
        await setPasswordHash(db, user!.id, await hashPassword(parsed.data), now());
        await sessions.revokeAllExcept(user!.id, null, 'password-reset');
        const first = flow.kind === 'SET_PASSWORD';
        await audit.record({
          action: first ? 'auth.password_set' : 'auth.password_reset',
          actorUserId: user!.id,
          subjectUserId: user!.id,
          ip: client.ip,
          userAgent: client.userAgent,
        });
        if (!first) await notify(user!.email, 'password-reset', client);
      } else {
        throw new AppError('BAD_REQUEST', `Step ${expected} is answered when the flow starts`);
      }

      const nextStep = await advance(flow);
      if (nextStep) return { status: 'PENDING', nextStep };
      await applyCompletion(flow, user!, client);
      if (!SIGN_IN_FLOWS.includes(flow.kind) || opts.signIn === false) return { status: 'COMPLETE' };
      const session = await sessions.create(user!.id, flow.app, client);
      await audit.record({
        action: 'auth.sign_in',
        actorUserId: user!.id,
        subjectUserId: user!.id,
        ip: client.ip,
        userAgent: client.userAgent,
        targetType: 'session',
        targetId: session.session.uuid,
        details: { app: flow.app, flow: flow.kind },
      });
      // Whatever way they got in, the owner's own earlier mistakes from this client are forgiven.
      const device = attempts.devices.deviceOf(client.device, user!.id);
      const subject = attempts.throttle.subjectOf({ userId: user!.id });
      await attempts.throttle.succeed(subject, { ip: client.ip, device });
      // A new device while passwords are being guessed may be the guesser: the owner is told.
      if (
        !device &&
        (flow.kind === 'PASSWORD' || flow.kind === 'PHONE_CODE') &&
        (await attempts.throttle.recentFailures(subject))
      ) {
        await notify(user!.email, 'risky-sign-in', client);
      }
      return { status: 'COMPLETE', session, deviceCookie: attempts.devices.remembered(client.device, user!.id) };
    },

    async status(uuid: string) {
      const flow = await loadFlow(uuid);
      return flow.status === 'PENDING'
        ? { status: 'PENDING' as const, nextStep: flow.steps[flow.stepIndex] }
        : { status: 'COMPLETE' as const };
    },

    async resend(uuid: string) {
      const flow = await loadFlow(uuid);
      const step = flow.steps[flow.stepIndex];
      // A set-password link carries its code: a new one would only break the link.
      if (flow.status !== 'PENDING' || !step || !CODE_STEPS.includes(step) || flow.kind === 'SET_PASSWORD') {
        throw new AppError('BAD_REQUEST', 'There is no code to send for this step');
      }
      if (flow.codeSentAt && now().getTime() - flow.codeSentAt.getTime() < RESEND_COOLDOWN_MS) {
        throw new AppError('TOO_MANY_REQUESTS', 'Wait 30 seconds before asking for another code');
      }
      if (step === 'PHONE_CODE')
        await ctx.texts.reserve(
          db,
          codeText(flow.identifier, flow.delivery === 'voice' ? 'voice' : 'sms', flow.userId),
        );
      if (flow.userId) await sendCode(flow, flow.delivery ?? (step === 'EMAIL_CODE' ? 'email' : 'sms'));
      else await db.update(authFlows).set({ codeSentAt: now() }).where(eq(authFlows.id, flow.id));
    },

    /** The newest pending flow of a kind for a user (the phone change started from settings). */
    async pendingFlowFor(userId: number, kind: FlowKind) {
      const [flow] = await db
        .select({ uuid: authFlows.uuid })
        .from(authFlows)
        .where(
          and(
            eq(authFlows.userId, userId),
            eq(authFlows.kind, kind),
            eq(authFlows.status, 'PENDING'),
            gt(authFlows.expiresAt, now()),
          ),
        )
        .orderBy(desc(authFlows.id))
        .limit(1);
      return flow?.uuid ?? null;
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
