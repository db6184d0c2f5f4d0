/** Placeholder while the screen is being built. */
export function GlobalSearch() {
  return null;
}
