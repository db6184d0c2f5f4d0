import type { RouteObject } from 'react-router';
import { NotFoundPage } from './NotFoundPage';
import { PublicLayout } from './PublicLayout';

/** Pages anyone may open without signing in; signing in itself belongs to the provider surface. Each loads when opened. */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Open signed in or out: the page offers sign-up or sign-in before accepting.
    children: [
      {
        path: '/invite/:code',
        lazy: async () => ({ Component: (await import('../../features/invites/AcceptInvitePage')).AcceptInvitePage }),
      },
    ],
  },
  {
    element: <PublicLayout wide />,
    children: [
      {
        path: '/dev/outbox',
        lazy: async () => ({ Component: (await import('../../features/dev-outbox/DevOutboxPage')).DevOutboxPage }),
      },
    ],
  },
  // A practice's public intake form: its own plain page, since host sites put it in a frame.
  {
    path: '/form/:endpoint',
    lazy: async () => ({ Component: (await import('../../features/intake/IntakeFormPage')).IntakeFormPage }),
  },
  { element: <PublicLayout />, children: [{ path: '*', element: <NotFoundPage /> }] },
];
