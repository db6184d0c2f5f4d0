import type { FastifyInstance } from 'fastify';
import { eq, or } from 'drizzle-orm';
import { staffAccountsApi } from '@referwell/contracts';
import type { z } from 'zod';
import {
  addPracticeMember,
  authorizePractice,
  createUser,
  deleteUser,
  practices,
  setCurrentPractice,
  users,
  type AppContext,
  type SessionCaller,
} from '../../core/index.js';
import { route } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { validPhone } from '../../platform/phone.js';
import { startPasswordSetup } from '../auth/index.js';

/**
 * POST /users: a practice admin makes a staff member's account in the practice, for people who
 * will not accept an invite themselves. The account has no password; its owner gets an e-mailed
 * link to choose one (auth's SET_PASSWORD flow), which proves the e-mail and signs them in.
 * Someone who already has an account is invited instead, so nobody is put in a practice unasked.
 */

type AddStaffBody = z.output<typeof staffAccountsApi.AddStaffBody>;

const TAKEN = 'This person already has a Referwell account: send them an invite instead';
const LINK_DAYS = Math.round(staffAccountsApi.SET_PASSWORD_LINK_TTL_MS / 86_400_000);

const ROLE_WORDS: Record<staffAccountsApi.StaffRole, string> = {
  PROVIDER: 'a provider',
  STAFF: 'staff',
  THIRD_PARTY_STAFF: 'third-party staff',
};

export function createStaffAccounts(ctx: AppContext) {
  const { db, audit } = ctx;

  /** 450 naming each field whose address an account already has. */
  async function assertFree(email: string, phone: string) {
    const clash = await db
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(or(eq(users.email, email), eq(users.phone, phone)));
    if (clash.length === 0) return;
    const issues = [];
    if (clash.some((u) => u.email === email))
      issues.push({
        path: ['body', 'email'],
        message: 'An account already uses this e-mail address. Send an invite instead.',
      });
    if (clash.some((u) => u.phone === phone))
      issues.push({
        path: ['body', 'phoneNumber'],
        message: 'An account already uses this phone number. Send an invite instead.',
      });
    throw new AppError('ERROR_OBJECT_EXISTS', TAKEN, issues);
  }

  async function sendLink(
    to: string,
    firstName: string,
    practiceName: string,
    inviter: string,
    role: string,
    link: string,
  ) {
    const text = [
      `Hi ${firstName},`,
      '',
      `${inviter} added you to ${practiceName} on Referwell as ${role}.`,
      '',
      `Choose your password to sign in: ${link}`,
      '',
      `The link works for ${LINK_DAYS} days. After that, ask for a password reset at the sign-in page with this e-mail address.`,
      'If you did not expect this, you can ignore this message.',
      '',
    ].join('\n');
    await ctx.delivery.email(to, `Set your password for ${practiceName} on Referwell`, text);
  }

  return {
    async add(
      caller: SessionCaller,
      practiceId: number,
      body: AddStaffBody,
    ): Promise<staffAccountsApi.AddStaffResponse> {
      // Making an account in the practice hands out a role and a way in: only its ADMINs may.
      await authorizePractice(db, caller, practiceId, 'team.admins');
      const phone = validPhone(body.phoneNumber, 'phoneNumber');
      await assertFree(body.email, phone);
      const [practice] = await db.select({ name: practices.name }).from(practices).where(eq(practices.id, practiceId));
      if (!practice) throw new AppError('OBJECT_NOT_FOUND', 'Practice not found');

      let user;
      try {
        user = await db.transaction(async (tx) => {
          const created = await createUser(tx, {
            kind: 'PROVIDER',
            email: body.email,
            phone,
            firstName: body.firstName,
            lastName: body.lastName,
          });
          await addPracticeMember(tx, practiceId, created.id, body.role);
          await setCurrentPractice(tx, created.id, practiceId);
          return created;
        });
      } catch (err) {
        // Someone else took the address between the check and the insert.
        if (isUniqueViolation(err)) throw new AppError('ERROR_OBJECT_EXISTS', TAKEN);
        throw err;
      }

      const setup = await startPasswordSetup(ctx, user, staffAccountsApi.SET_PASSWORD_LINK_TTL_MS);
      const link = `${ctx.config.publicUrl}${staffAccountsApi.SET_PASSWORD_PATH}?flow=${setup.uuid}&code=${setup.code}`;
      try {
        const inviter = `${caller.user.firstName} ${caller.user.lastName}`.trim();
        await sendLink(body.email, body.firstName, practice.name, inviter, ROLE_WORDS[body.role], link);
      } catch (err) {
        // Without the link nobody could use the account: remove it, so a retry is not refused as taken.
        ctx.log.error({ err, userId: user.id }, 'could not send a set-password link');
        await deleteUser(db, user.id);
        throw new AppError('INTERNAL', 'We could not send the e-mail. Try again in a moment.');
      }

      await audit.record({
        action: 'user.created_by_admin',
        actorUserId: caller.user.id,
        subjectUserId: user.id,
        targetType: 'user',
        targetId: user.id,
        practiceId,
        details: { role: body.role, linkExpiresAt: setup.expiresAt.toISOString() },
      });
      return {
        user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: body.email, phone },
        role: body.role,
        linkExpiresAt: setup.expiresAt.getTime(),
      };
    },
  };
}

export function registerStaffAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const accounts = createStaffAccounts(ctx);
  // It creates an account and sends an e-mail: limited like the other calls that do (signup).
  route(
    app,
    ctx,
    staffAccountsApi.addStaffMember,
    ({ caller, query, body }) => accounts.add(caller, query.practiceId, body),
    {
      rateLimitPerMinute: ctx.config.authRateLimitPerMinute,
    },
  );
}
