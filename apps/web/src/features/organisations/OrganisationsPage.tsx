/** Placeholder while the screen is being built. */
export function OrganisationsPage() {
  return null;
}
