import { useState } from 'react';
import { avatarColor, initials } from './avatarPalette';

export interface PersonAvatarProps {
  /** Chooses the colour of the initials. */
  id: number;
  name: string;
  image?: string | null;
  /** Diameter in px. */
  size?: number;
  /** Shows the online dot when true; leave undefined where presence is unknown. */
  online?: boolean;
  /** Hidden from screen readers, for avatars next to the name they stand for. */
  decorative?: boolean;
}

/**
 * A person's picture, or their initials on their colour (spec 3 §2 Avatar), with an online dot.
 * The dot's ring takes `--avatar-ring` (the background it sits on; white by default).
 */
export function PersonAvatar({ id, name, image, size = 32, online, decorative }: PersonAvatarProps) {
  const [imageFailed, setImageFailed] = useState(false);
  const showImage = Boolean(image) && !imageFailed;
  const label = online ? `${name}, online` : name;
  const dot = Math.max(8, Math.round(size / 4));
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
      title={decorative ? undefined : label}
      style={{ position: 'relative', display: 'inline-flex', flex: 'none', width: size, height: size }}
    >
      {showImage ? (
        <img
          src={image!}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
          style={{ width: size, height: size, borderRadius: '50%', objectFit: 'cover' }}
        />
      ) : (
        <span
          aria-hidden
          style={{
            width: size,
            height: size,
            borderRadius: '50%',
            background: avatarColor(id),
            color: '#ffffff',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: Math.round(size * 0.4),
            fontWeight: 600,
            lineHeight: 1,
            userSelect: 'none',
          }}
        >
          {initials(name)}
        </span>
      )}
      {online && (
        <span
          aria-hidden
          data-online-dot
          style={{
            position: 'absolute',
            right: -1,
            bottom: -1,
            width: dot,
            height: dot,
            borderRadius: '50%',
            background: 'var(--avatar-online, #1e8e4a)',
            boxShadow: '0 0 0 2px var(--avatar-ring, #ffffff)',
          }}
        />
      )}
    </span>
  );
}
