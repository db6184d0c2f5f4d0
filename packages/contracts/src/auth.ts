import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { AuthApp, LoginStep } from './enums.js';
import { Email, EpochMs, OkResponse, Password, PhoneText } from './common.js';

const tags = ['Session and sign-in'];
const AppQuery = z.object({ app: AuthApp.default('PROVIDER_WEB') });

export const AuthStatus = z.enum(['PENDING', 'COMPLETE']);

export const csrf = endpoint({
  method: 'GET',
  path: '/api/v1/auth/csrf',
  summary: "Issue a CSRF token bound to the caller's session (or to none) and set the XSRF-TOKEN cookie",
  tags,
  auth: 'optionalUser',
  query: AppQuery,
  response: z.object({ token: z.string() }),
});

export const csrfToken = endpoint({
  method: 'GET',
  path: '/api/v1/csrfToken',
  summary: 'Issue a CSRF token (earlier contract)',
  tags,
  auth: 'optionalUser',
  response: z.object({ _csrf: z.string() }),
});

export const AuthConfigBody = z.object({
  app: AuthApp,
  isPasswordReset: z.boolean().optional(),
  previousToken: z.string().optional(),
});
export const authConfig = endpoint({
  method: 'POST',
  path: '/api/v1/auth/config',
  summary: 'The ordered steps of the default sign-in (or password reset) flow for an app',
  tags,
  auth: 'public',
  body: AuthConfigBody,
  response: z.object({ steps: z.array(LoginStep) }),
});

export const AuthStartBody = z
  .object({
    app: AuthApp,
    email: Email.optional(),
    phone: PhoneText.optional(),
    isPasswordReset: z.boolean().optional(),
    previousToken: z.string().optional(),
    useCallVerification: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.email) !== Boolean(b.phone), {
    message: 'Provide either email or phone',
    path: ['email'],
  });
export const authStart = endpoint({
  method: 'POST',
  path: '/api/v1/auth/start',
  summary: 'Start a sign-in flow with an e-mail or a phone number',
  tags,
  auth: 'optionalUser',
  body: AuthStartBody,
  response: z.object({ uuid: z.string().uuid(), steps: z.array(LoginStep), nextStep: LoginStep }),
});

const FlowParams = z.object({ uuid: z.string().uuid() });

export const AuthStepBody = z.object({
  step: LoginStep,
  key: z.string().optional(),
  value: z.string().min(1, 'Value is required').max(200),
});
export const AuthStepResponse = z.object({
  status: AuthStatus,
  nextStep: LoginStep.optional(),
  accessToken: z.string().optional(),
  refreshToken: z.string().optional(),
});
export const authStep = endpoint({
  method: 'POST',
  path: '/api/v1/auth/:uuid',
  summary: 'Answer the next step of a flow; on COMPLETE a web app gets the session cookie, a mobile app tokens',
  tags,
  auth: 'public',
  params: FlowParams,
  body: AuthStepBody,
  response: AuthStepResponse,
});

export const authFlowStatus = endpoint({
  method: 'GET',
  path: '/api/v1/auth/:uuid',
  summary: 'Where a sign-in flow stands',
  tags,
  auth: 'public',
  params: FlowParams,
  response: z.object({ status: AuthStatus, nextStep: LoginStep.optional() }),
});

export const authResend = endpoint({
  method: 'GET',
  path: '/api/v1/auth/:uuid/resend',
  summary: "Send the current step's code again",
  tags,
  auth: 'public',
  params: FlowParams,
  response: OkResponse,
});

export const TokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const authRefresh = endpoint({
  method: 'POST',
  path: '/api/v1/auth/refresh',
  summary: 'Rotate a refresh token; reusing a rotated token revokes the whole session',
  tags,
  auth: 'public',
  body: z.object({ token: z.string().min(1) }),
  response: TokenPair,
});

export const SessionInfo = z.object({
  uuid: z.string().uuid(),
  app: AuthApp,
  device: z.string(),
  ip: z.string(),
  createdAt: EpochMs,
  lastSeenAt: EpochMs,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const listSessions = endpoint({
  method: 'GET',
  path: '/api/v1/auth/sessions',
  summary: "The signed-in user's active sessions",
  tags,
  auth: 'user',
  response: z.array(SessionInfo),
});

export const endSession = endpoint({
  method: 'DELETE',
  path: '/api/v1/auth/sessions',
  summary: "End one of the user's sessions at once",
  tags,
  auth: 'user',
  body: z.object({ uuid: z.string().uuid() }),
  response: OkResponse,
});

export const logout = endpoint({
  method: 'PUT',
  path: '/api/v1/auth/logout',
  summary: 'End the current session',
  tags,
  auth: 'optionalUser',
  query: AppQuery,
  response: OkResponse,
});

export const logoutLegacy = endpoint({
  method: 'GET',
  path: '/api/v1/logout',
  summary:
    'End the current session (earlier contract). A GET that changes state, so cookie callers must send the X-XSRF-TOKEN header',
  tags,
  auth: 'optionalUser',
  response: OkResponse,
});

export const passwordReset = endpoint({
  method: 'POST',
  path: '/api/v1/passwordReset',
  summary: 'E-mail a password-reset code; answers the same whether or not the address is known',
  tags,
  auth: 'public',
  body: z.object({ email: Email }),
  response: z.object({ uuid: z.string().uuid() }),
});

export const resetPassword = endpoint({
  method: 'PUT',
  path: '/api/v1/resetPassword',
  summary: 'Set a new password with the code from the reset e-mail; ends every session of the user',
  tags,
  auth: 'public',
  body: z.object({ uuid: z.string().uuid(), code: z.string().min(1), password: Password }),
  response: OkResponse,
});

export const updatePassword = endpoint({
  method: 'PUT',
  path: '/api/v1/updatePassword',
  summary: 'Change the password; every other session of the user ends',
  tags,
  auth: 'user',
  body: z.object({ currentPassword: z.string().min(1), newPassword: Password }),
  response: OkResponse,
});

export const region = endpoint({
  method: 'GET',
  path: '/api/v1/auth/region',
  summary: 'Whether a phone or e-mail is valid, and its region',
  tags,
  auth: 'public',
  query: z.object({ app: AuthApp.optional(), phone: z.string().optional(), email: z.string().optional() }),
  response: z.object({ valid: z.boolean(), region: z.string().nullable() }),
});

export const appKey = endpoint({
  method: 'GET',
  path: '/api/v1/auth/key',
  summary: 'The public key (RSA-OAEP, SPKI PEM) clients use to encrypt sensitive answers',
  tags,
  auth: 'public',
  query: AppQuery,
  response: z.object({ key: z.string() }),
});

export const phoneCheck = endpoint({
  method: 'PUT',
  path: '/api/v1/phonecheck',
  summary: 'Whether a phone number is a real number',
  tags,
  auth: 'public',
  body: z.object({ phone: z.string().max(32) }),
  response: z.object({ valid: z.boolean() }),
});
