import './loadingOverlay.css';
import { useEffect, useState } from 'react';
import { RoomState } from './RoomState';

/** Spec 3 §9: the loading spinner overlay is removed 1 s after it is hidden (it fades out meanwhile). */
export const OVERLAY_REMOVE_MS = 1_000;

interface LoadingOverlayProps {
  shown: boolean;
  title: string;
}

/**
 * The room's loading state, laid over the room rather than in its place, so the room appears
 * beneath it as it fades out instead of at a jump. While fading it is hidden from assistive
 * technology and lets clicks through, and it leaves the page 1 s after it was hidden.
 */
export function LoadingOverlay({ shown, title }: LoadingOverlayProps) {
  const [present, setPresent] = useState(shown);
  // Shown again: present at once, in this render, rather than after an effect.
  if (shown && !present) setPresent(true);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setPresent(false), OVERLAY_REMOVE_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown && !present) return null;
  return (
    <div className="rw-chat__overlay" data-overlay data-hiding={!shown || undefined} aria-hidden={!shown || undefined}>
      <RoomState type="LOADING" title={title} />
    </div>
  );
}
