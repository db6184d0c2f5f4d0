import { eq, or } from 'drizzle-orm';
import { parseDob, type AuthApp } from '@referwell/contracts';
import type { z } from 'zod';
import type { signupApi } from '@referwell/contracts';
import { createUser, deleteUser, releaseUnverifiedHolders, users, type AppContext } from '../../core/index.js';
import type { ClientInfo } from '../../platform/http.js';
import { hashPassword } from '../../platform/auth/crypto.js';
import { AppError } from '../../platform/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SignInService } from '../auth/index.js';
import type { InviteResponses } from '../invites/index.js';
import { validPhone } from '../../platform/phone.js';

type ProviderSignup = z.output<typeof signupApi.ProviderSignupBody>;
type PatientSignup = z.output<typeof signupApi.PatientSignupBody>;

const TAKEN = 'An account with this e-mail or phone number already exists';

type SignupInvite = Awaited<ReturnType<InviteResponses['checkForSignup']>>;

/**
 * New accounts start unverified. Each signup starts a phone verification flow (a code is texted);
 * answering it verifies the phone and signs the new user in.
 *
 * A signup from an invite accepts it with the new account, as soon as the verification flow is
 * under way: the code proves the person holds the invited address, and the account cannot be used
 * before the phone is verified, so the user lands in the practice when verification completes.
 */
export function createSignupService(ctx: AppContext, signIn: SignInService, invites: InviteResponses) {
  const { db, audit } = ctx;

  /**
   * Refuses (450) an e-mail or phone another account holds, naming each on its field. An account
   * that never verified its phone holds them for UNVERIFIED_SIGNUP_HOLD_MS only: after that it is
   * removed here (or, if it proved its e-mail, only loses the phone), so the real owner can sign up
   * (see docs/decisions.md, Sign-up and starting a practice).
   */
  async function assertFree(email: string | undefined, phone: string, client: ClientInfo) {
    const released = await releaseUnverifiedHolders(db, { email, phone }, ctx.clock.now());
    const freed = [
      ...released.removed.map((u) => ({ id: u.id, details: { removed: true, email: u.email, phone: u.phone } })),
      ...released.phoneFreed.map((u) => ({ id: u.id, details: { removed: false, phone: u.phone } })),
    ];
    for (const account of freed) {
      await audit.record({
        action: 'user.unverified_released',
        subjectUserId: account.id,
        ip: client.ip,
        userAgent: client.userAgent,
        details: account.details,
      });
    }
    const clash = await db
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(email ? or(eq(users.email, email), eq(users.phone, phone)) : eq(users.phone, phone));
    if (clash.length === 0) return;
    const issues = [];
    if (email && clash.some((u) => u.email === email))
      issues.push({ path: ['body', 'email'], message: 'An account with this e-mail already exists' });
    if (clash.some((u) => u.phone === phone))
      issues.push({ path: ['body', 'phone'], message: 'An account with this phone number already exists' });
    throw new AppError('ERROR_OBJECT_EXISTS', TAKEN, issues);
  }

  async function create(
    values: typeof users.$inferInsert,
    app: AuthApp,
    client: ClientInfo,
    invite: SignupInvite | null,
  ) {
    if (invite?.emailMatched) values.emailVerifiedAt = new Date();
    let user;
    try {
      user = await createUser(db, values);
    } catch (err) {
      // Two signups racing for the same address: the second loses here.
      if (isUniqueViolation(err)) throw new AppError('ERROR_OBJECT_EXISTS', TAKEN);
      throw err;
    }
    let verification;
    try {
      verification = await signIn.startVerification(user, app);
    } catch (err) {
      // The code could not be sent: remove the account again so a retry is not refused as taken.
      await deleteUser(db, user.id);
      throw err;
    }
    await audit.record({
      action: 'user.signed_up',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: client.ip,
      userAgent: client.userAgent,
      details: { kind: values.kind, app, ...(invite ? { inviteId: invite.invite.id } : {}) },
    });
    if (invite) await invites.acceptAtSignup(invite.invite, user);
    return { userId: user.id, verification };
  }

  return {
    async provider(body: ProviderSignup, client: ClientInfo) {
      const phone = validPhone(body.phone, 'phone');
      const invite = body.inviteCode
        ? await invites.checkForSignup(body.inviteCode, { kind: 'PROVIDER', email: body.email, phone })
        : null;
      await assertFree(body.email, phone, client);
      return create(
        {
          kind: 'PROVIDER',
          email: body.email,
          phone,
          firstName: body.firstName,
          lastName: body.lastName,
          passwordHash: await hashPassword(body.password),
          signupRole: body.role,
        },
        body.app,
        client,
        invite,
      );
    },

    async patient(body: PatientSignup, client: ClientInfo) {
      const phone = validPhone(body.phone, 'phone');
      const invite = body.inviteCode
        ? await invites.checkForSignup(body.inviteCode, { kind: 'PATIENT', email: body.email, phone })
        : null;
      await assertFree(body.email, phone, client);
      const dob = parseDob(body.dateOfBirth)!;
      return create(
        {
          kind: 'PATIENT',
          email: body.email ?? null,
          phone,
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: `${dob.year}-${String(dob.month).padStart(2, '0')}-${String(dob.day).padStart(2, '0')}`,
          gender: body.gender ?? null,
          addressPlaceId: body.addressPlaceId,
        },
        'PATIENT_MOBILE',
        client,
        invite,
      );
    },
  };
}
export type SignupService = ReturnType<typeof createSignupService>;
