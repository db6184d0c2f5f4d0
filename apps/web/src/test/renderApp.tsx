import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../AppProviders';
import { api } from '../lib/api';
import { handleUnauthorized, setLogoutNavigator } from '../lib/logout';
import { appRoutes } from '../routes';

/** The whole provider app at `path`, wired like the real one but in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  setLogoutNavigator((to) => router.navigate(to, { replace: true }));
  api.configure({ onUnauthorized: handleUnauthorized });
  const user = userEvent.setup();
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders env="test">{ui}</AppProviders>);
}
