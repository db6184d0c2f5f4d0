const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

// One decimal while it still tells something ("1.5 MB", "12.3 MB"); whole numbers from 100 up.
function round(value: number): number {
  return value < 100 ? Math.round(value * 10) / 10 : Math.round(value);
}

/** A byte count for people, in base 1000 like the spec's kB/MB/GB/TB: 1536 → "1.5 kB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  // Compare the rounded value so 999,999 bytes reads "1 MB", never "1000 kB".
  while (unit < UNITS.length - 1 && round(value) >= 1000) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? Math.round(value) : round(value)} ${UNITS[unit]}`;
}
