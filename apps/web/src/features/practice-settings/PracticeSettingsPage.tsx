/** Placeholder while the screen is being built. */
export function PracticeSettingsPage() {
  return null;
}
