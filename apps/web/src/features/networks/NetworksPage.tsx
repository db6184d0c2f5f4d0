/** Placeholder while the screen is being built. */
export function NetworksPage() {
  return null;
}
