import { useState } from 'react';
import { initials } from '../../ui/avatarPalette';

interface PracticeMarkProps {
  name: string;
  logoUrl: string | null;
  /** The header's mark, or the smaller one beside the practice's welcome. */
  size: 'header' | 'message';
}

/**
 * A practice's logo, or its initials on the room's accent (the practice's colour on its own page)
 * when it has none or the logo does not load. Decorative: the practice's name is always beside it.
 */
export function PracticeMark({ name, logoUrl, size }: PracticeMarkProps) {
  const [failed, setFailed] = useState(false);
  if (logoUrl && !failed)
    return (
      <img
        className="rw-chat__logo"
        data-size={size}
        src={logoUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
      />
    );
  return (
    <span className="rw-chat__monogram" data-size={size} aria-hidden>
      {initials(name)}
    </span>
  );
}
