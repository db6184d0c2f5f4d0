import type { ReactNode } from 'react';
import { Loader } from '@mantine/core';

/** Spec 3 §2 Empty state. */
export type RoomStateType = 'LOADING' | 'LOADING_MINI' | 'ERROR';

interface RoomStateProps {
  type: RoomStateType;
  title?: string;
  /** Null hides it. */
  subtitle?: string | null;
  /** What the person can do about it (a button), under the words. */
  children?: ReactNode;
}

/**
 * What the room shows instead of (or above) its messages: a loading state, a slim one for
 * reconnecting, or an error that replaces the room. Colours follow the room's theme.
 */
export function RoomState({ type, title = 'Loading', subtitle = 'One moment...', children }: RoomStateProps) {
  const mini = type === 'LOADING_MINI';
  return (
    <div
      className={mini ? 'rw-chat-state rw-chat-state--mini' : 'rw-chat-state'}
      role={type === 'ERROR' ? 'alert' : 'status'}
      data-state={type}
    >
      {type !== 'ERROR' && <Loader size={mini ? 14 : 28} color="var(--chat-accent)" aria-hidden />}
      <p className="rw-chat-state__title">{title}</p>
      {!mini && subtitle && <p className="rw-chat-state__subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
