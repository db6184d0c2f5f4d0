/** Placeholder while the screen is being built. */
export function JoinPracticePage() {
  return null;
}
