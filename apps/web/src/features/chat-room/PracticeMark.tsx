import { useState } from 'react';
import { initials } from '../../ui/avatarPalette';

interface PracticeMarkProps {
  name: string;
  logoUrl: string | null;
  /** The header's mark, or the smaller one beside the practice's welcome. */
  size: 'header' | 'message';
}

/** Beside a message the mark is a 32 px square: a logo much wider than tall (a wordmark) would be a smudge in it. */
const MESSAGE_LOGO_MAX_ASPECT = 1.25;

/**
 * A practice's logo, or its initials on the room's accent (the practice's colour on its own page)
 * when it has none, the logo does not load, or it is a wordmark too wide to read beside a message.
 * Decorative: the practice's name is always beside it.
 */
export function PracticeMark({ name, logoUrl, size }: PracticeMarkProps) {
  const [unusable, setUnusable] = useState(false);
  if (logoUrl && !unusable)
    return (
      <img
        className="rw-chat__logo"
        data-size={size}
        src={logoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setUnusable(true)}
        onLoad={({ currentTarget: logo }) => {
          if (size === 'message' && logo.naturalWidth > MESSAGE_LOGO_MAX_ASPECT * logo.naturalHeight) setUnusable(true);
        }}
      />
    );
  return (
    <span className="rw-chat__monogram" data-size={size} aria-hidden>
      {initials(name)}
    </span>
  );
}
