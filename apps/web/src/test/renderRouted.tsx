import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';

/**
 * One part of a screen at `path`, inside a router (for its links and navigation) but without the
 * app's layout and routes. It stays on screen wherever it navigates; `router` tells where that was.
 */
export function renderRouted(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
