import { vi } from 'vitest';
import type { FileView } from '@referwell/contracts';

/** A FileView for tests: a clean PDF unless told otherwise. */
export function fileView(overrides: Partial<FileView> = {}): FileView {
  const id = overrides.id ?? 1;
  const clean = (overrides.scanStatus ?? 'clean') === 'clean' && !overrides.deleted;
  return {
    id,
    name: 'referral.pdf',
    type: 'application/pdf',
    size: 1536,
    scanStatus: 'clean',
    status: 'uploaded',
    downloadUrl: clean ? `/api/v1/files/download/${id}?sig=x` : null,
    deleted: false,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/**
 * Stubs window.open with a tab that records where it was sent: viewers open the tab at once (inside
 * the click) and send it to the file's link once they have a fresh one.
 */
export function fakeTab() {
  const tab = { opener: window as unknown, location: { href: '' }, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}
