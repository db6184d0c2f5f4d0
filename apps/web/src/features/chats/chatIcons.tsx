import { LineIcon } from '../../ui/LineIcon';

// Line icons in the style of ui/files/icons.tsx; decorative, so whatever carries them has a label.

export function MutedIcon({ size = 16 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <path d="M9 5.3A6 6 0 0 1 18 10v3l2 3H8M6 10v3l-2 3h4M10 20a2 2 0 0 0 4 0M3 3l18 18" />
    </LineIcon>
  );
}
