import type { RouteObject } from 'react-router';
import { DevOutboxPage } from '../../features/dev-outbox';
import { IntakeFormPage } from '../../features/intake';
import { AcceptInvitePage } from '../../features/invites';
import { NotFoundPage } from './NotFoundPage';
import { PublicLayout } from './PublicLayout';

/** Pages anyone may open without signing in; signing in itself belongs to the provider surface. */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Open signed in or out: the page offers sign-up or sign-in before accepting.
    children: [{ path: '/invite/:code', element: <AcceptInvitePage /> }],
  },
  {
    element: <PublicLayout wide />,
    children: [{ path: '/dev/outbox', element: <DevOutboxPage /> }],
  },
  // A practice's public intake form: its own plain page, since host sites put it in a frame.
  { path: '/form/:endpoint', element: <IntakeFormPage /> },
  { path: '*', element: <NotFoundPage /> },
];
