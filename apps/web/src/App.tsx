import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { api } from './lib/api';
import { handleUnauthorized, setLogoutNavigator } from './lib/logout';
import { appRoutes } from './routes';

// One router for the page's lifetime; sign-out and expired sessions navigate through it.
const router = createBrowserRouter(appRoutes);
setLogoutNavigator((path) => router.navigate(path, { replace: true }));
api.configure({ onUnauthorized: handleUnauthorized });

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
