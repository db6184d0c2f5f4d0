import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em, 768 px) dialogs take the whole screen. */
export function useIsPhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)') ?? false;
}
