import { useEffect, useLayoutEffect, useRef, useState } from 'react';

const isVisible = () => document.visibilityState !== 'hidden';

/** Whether the page is in the foreground; `onChange` hears each switch. */
export function usePageVisible(onChange?: (visible: boolean) => void): boolean {
  const [visible, setVisible] = useState(isVisible);
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    const update = () => {
      setVisible(isVisible());
      latest.current?.(isVisible());
    };
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}
