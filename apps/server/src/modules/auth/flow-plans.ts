import type { AuthApp, LoginStep } from '@referwell/contracts';
import type { FlowKind } from './auth.table.js';
import { AppError } from '../../platform/errors.js';

/**
 * Which steps each kind of flow walks through. The server decides the order; clients render
 * whatever `nextStep` says.
 */
export const FLOW_STEPS: Record<FlowKind, LoginStep[]> = {
  PASSWORD: ['EMAIL', 'PASSWORD'],
  PHONE_CODE: ['PHONE', 'PHONE_CODE'],
  PASSWORD_RESET: ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'],
  VERIFY_PHONE: ['PHONE', 'PHONE_CODE'],
  UPDATE_PHONE: ['PHONE', 'PHONE_CODE'],
  UPDATE_EMAIL: ['EMAIL', 'EMAIL_CODE'],
  // Started by the server with the code in an e-mailed link, never by POST /auth/start.
  SET_PASSWORD: ['EMAIL', 'EMAIL_CODE', 'SET_NEW_PASSWORD'],
};

/** Flows that end in a new session; the others change an account and sign nobody in. */
export const SIGN_IN_FLOWS: FlowKind[] = ['PASSWORD', 'PHONE_CODE', 'PASSWORD_RESET', 'VERIFY_PHONE', 'SET_PASSWORD'];

/** Apps whose users have passwords (staff); patients sign in with a texted code. */
const PASSWORD_APPS: AuthApp[] = ['PROVIDER_WEB', 'PROVIDER_MOBILE', 'ADMIN_WEB', 'MOBILE'];

/** The flow a start request leads to, or a 400 explaining why the app cannot do it. */
export function chooseFlow(app: AuthApp, by: 'email' | 'phone', isPasswordReset: boolean): FlowKind {
  if (app === 'UPDATE_PHONE' || app === 'UPDATE_EMAIL') {
    const kind = app === 'UPDATE_PHONE' ? 'phone' : 'email';
    if (by !== kind)
      throw new AppError('BAD_REQUEST', `Send the new ${kind === 'phone' ? 'phone number' : 'e-mail address'}`);
    return app;
  }
  if (isPasswordReset) {
    if (!PASSWORD_APPS.includes(app)) throw new AppError('BAD_REQUEST', 'This app has no password to reset');
    if (by !== 'email') throw new AppError('BAD_REQUEST', 'Reset your password with your e-mail address');
    return 'PASSWORD_RESET';
  }
  if (by === 'phone') {
    if (app === 'ADMIN_WEB') throw new AppError('BAD_REQUEST', 'Administrators sign in with e-mail and password');
    return 'PHONE_CODE';
  }
  if (!PASSWORD_APPS.includes(app)) throw new AppError('BAD_REQUEST', 'Sign in with your phone number');
  return 'PASSWORD';
}

/** The steps of the flow an app starts with by default (POST /auth/config). */
export function defaultSteps(app: AuthApp, isPasswordReset: boolean): LoginStep[] {
  const by = app === 'UPDATE_PHONE' || !(PASSWORD_APPS.includes(app) || app === 'UPDATE_EMAIL') ? 'phone' : 'email';
  return FLOW_STEPS[chooseFlow(app, by, isPasswordReset)];
}

/** Which kind of account may sign in through an app. */
export function appAdmits(app: AuthApp, user: { kind: string; isPlatformAdmin: boolean }): boolean {
  if (app === 'ADMIN_WEB') return user.isPlatformAdmin;
  if (app === 'PATIENT_MOBILE' || app === 'PATIENT_SUBMISSION') return user.kind === 'PATIENT';
  if (app === 'MOBILE') return true;
  return user.kind === 'PROVIDER';
}
