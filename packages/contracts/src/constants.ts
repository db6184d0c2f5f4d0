/** Business constants and limits (spec 1 §9, spec 2 §9). */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 70;
export const PHONE_MIN = 8;
/**
 * An account whose phone was never verified holds its e-mail and phone this long; after it, a new
 * signup with either takes them and the unverified account is removed.
 */
export const UNVERIFIED_SIGNUP_HOLD_MS = 24 * 60 * 60_000;

export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 10 * 60_000;
/** A sign-in flow is abandoned after this long. */
export const AUTH_FLOW_TTL_MS = 15 * 60_000;
/** Wrong passwords one client may try on one account before it has to wait (458, growing delays). */
export const MAX_FAILED_LOGINS = 5;
/** Wrong codes a sign-in flow takes, whatever the resends; then it ends and a new one is needed. */
export const MAX_CODE_ATTEMPTS = 5;

export const DEFAULT_SESSION_IDLE_MINUTES = 30;
export const DEFAULT_SESSION_MAX_HOURS = 12;
/** The web app warns this long before an idle logout. */
export const IDLE_WARNING_MS = 60_000;

export const ACCESS_TOKEN_TTL_MS = 15 * 60_000;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export const HTTP_RETRIES = 3;
export const HTTP_RETRY_BASE_MS = 100;
export const HTTP_RETRY_JITTER = 0.2;

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
export const SESSION_COOKIE = 'rw_session';
/**
 * Set beside the session cookie, which scripts cannot read, and cleared with it: "a session may
 * exist". It holds nothing secret; the web app skips asking who is signed in when it is absent.
 */
export const SESSION_HINT_COOKIE = 'rw_signed_in';

export const PAGE_SIZE = {
  referrals: 30,
  practiceSubmissions: 20,
  providerAnalytics: 10,
  practiceProviders: 10,
  organisationPractices: 20,
  organisationMembers: 30,
  roles: 10,
  admin: 30,
} as const;

export const TRUNCATE_DEFAULT = 30;
export const PRACTICE_USER_SEARCH_MIN = 2;
export const GATES_VERSION = '4.3.0';
