/** Signing in, resetting a password, and the idle warning; invites and settings reuse the sign-in steps. */
export { IdleWarning } from './IdleWarning';
export { SignInFlow } from './SignInFlow';
export { signInPath } from './safeNext';
export { incorrectCodeMessage } from './signInErrors';
