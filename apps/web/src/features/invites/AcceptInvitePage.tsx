/** Placeholder while the screen is being built. */
export function AcceptInvitePage() {
  return null;
}
