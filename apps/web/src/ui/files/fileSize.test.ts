import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize';

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [999, '999 B'],
    [1000, '1 kB'],
    [1536, '1.5 kB'],
    [12_345, '12.3 kB'],
    [250_000, '250 kB'],
    [999_999, '1 MB'],
    [1_500_000, '1.5 MB'],
    [100_000_000, '100 MB'],
    [2_340_000_000, '2.3 GB'],
    [5_000_000_000_000, '5 TB'],
    [12_000_000_000_000_000, '12000 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('shows nothing for a size it cannot know', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
