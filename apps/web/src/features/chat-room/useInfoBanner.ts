import { useCallback, useEffect, useState } from 'react';
import { chatRoomApi } from '@referwell/contracts';

/** A banner in the room's header that goes away after 4 s (spec 3 §9); a newer one replaces it. */
export function useInfoBanner() {
  const [banner, setBanner] = useState<{ text: string; shownAt: number } | null>(null);
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), chatRoomApi.INFO_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const show = useCallback((text: string) => setBanner((shown) => ({ text, shownAt: (shown?.shownAt ?? 0) + 1 })), []);
  return [banner?.text ?? null, show] as const;
}
