import type { RouteObject } from 'react-router';
import { DevOutboxPage } from '../../features/dev-outbox/DevOutboxPage';
import { PasswordResetPage } from '../../features/auth/PasswordResetPage';
import { SignInPage } from '../../features/auth/SignInPage';
import { SessionsPage } from '../../features/sessions/SessionsPage';
import { SettingsPage } from '../../features/settings/SettingsPage';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { ProviderLayout } from './ProviderLayout';
import { PublicLayout } from './PublicLayout';
import { RequireAuth } from './RequireAuth';

export const providerRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <SignInPage /> },
      { path: '/reset-password', element: <PasswordResetPage /> },
    ],
  },
  {
    element: <PublicLayout wide />,
    children: [{ path: '/dev/outbox', element: <DevOutboxPage /> }],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <ProviderLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/sessions', element: <SessionsPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
