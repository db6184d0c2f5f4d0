import type { ReactNode } from 'react';
import {
  Anchor,
  AppShell,
  createTheme,
  getDefaultZIndex,
  MantineProvider,
  Menu,
  Modal,
  Table,
  type CSSVariablesResolver,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './lib/queryClient';

const theme = createTheme({
  primaryColor: 'teal',
  // Shade 9 is the first teal with 4.5:1 contrast against white text and backgrounds.
  primaryShade: 9,
  defaultRadius: 'md',
  focusRing: 'auto',
  components: {
    // A link inside text must not be told apart by its colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // The header's menus open inside it (to stay in its landmark), so it is drawn above the navbar
    // (which Mantine puts one above the app's z-index).
    AppShellHeader: AppShell.Header.extend({ defaultProps: { zIndex: getDefaultZIndex('app') + 2 } }),
    // Mantine's focus placeholder is a focusable role=presentation div inside role=menu, which a
    // menu may not hold (ARIA's required children); without it the menu opens on the dropdown and
    // the arrow keys reach its items.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // Mantine's close button has only an icon; screen readers need its name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A table wider than a phone scrolls sideways in its box, which keyboard users reach only if it takes focus.
    TableScrollContainer: Table.ScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});

// Mantine's default dimmed grey is 3.3:1 on white, below the 4.5:1 that small text needs; its
// light variant puts teal 9 on teal 1 (4.3:1): on teal 0 it is 4.7:1; and orange 9 on its own
// light tint is 3.8:1, where a darker orange (a warning's title and badges) is 5:1.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
    '--mantine-color-orange-light-color': '#b83b0a',
  },
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
