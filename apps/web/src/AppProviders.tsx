import type { ReactNode } from 'react';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/queryClient';

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 is the first teal with 4.5:1 contrast against white text and backgrounds.
  primaryShade: 9,
  defaultRadius: 'md',
  focusRing: 'auto',
});

// Mantine's default dimmed grey is 3.3:1 on white, below the 4.5:1 that small text needs.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

export function AppProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
