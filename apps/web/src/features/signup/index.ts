/** Making a provider-side account; invites reuse the steps with the invite's e-mail, role and code. */
export { SignupFlow } from './SignupFlow';
export type { SignupRole } from './SignupForm';
