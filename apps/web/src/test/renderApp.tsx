import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { beforeAll } from 'vitest';
import { AppProviders } from '../AppProviders';
import { api } from '../lib/api';
import { handleUnauthorized, setLogoutNavigator } from '../lib/logout';
import { appRoutes } from '../routes';

/**
 * Screens load when their route is first opened. In the browser that is a cached chunk; here it is
 * seconds of transforming and evaluating a feature inside the test's own time, so every file that
 * renders the app loads them all first, as the build's static imports once did.
 */
async function preload(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      await preload(route.children ?? []);
    }),
  );
}
beforeAll(() => preload(appRoutes), 60_000);

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
