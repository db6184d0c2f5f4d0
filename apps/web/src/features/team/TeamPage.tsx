/** Placeholder while the screen is being built. */
export function TeamPage() {
  return null;
}
