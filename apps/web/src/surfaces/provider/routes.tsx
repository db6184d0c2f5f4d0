import type { RouteObject } from 'react-router';
import { currentUserQuery } from '../../lib/currentUser';
import { queryClient } from '../../lib/queryClient';
import { PublicLayout } from '../public/PublicLayout';
import { RequireAuth } from './RequireAuth';

/**
 * The provider's screens behind sign-in, and the sign-in pages that lead there (in the public
 * pages' layout). Each screen, and the signed-in shell itself, is loaded when first opened, so the
 * sign-in page does not wait for the inbox's code, nor the inbox for the team page's.
 */
export const providerRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../../features/auth/SignInPage')).SignInPage }),
      },
      {
        path: '/signup',
        lazy: async () => ({ Component: (await import('../../features/signup/SignupPage')).SignupPage }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({ Component: (await import('../../features/auth/PasswordResetPage')).PasswordResetPage }),
      },
      {
        path: '/set-password',
        lazy: async () => ({ Component: (await import('../../features/auth/SetPasswordPage')).SetPasswordPage }),
      },
    ],
  },
  {
    element: <RequireAuth />,
    // Who is signed in is asked while the screen's code loads rather than after it: the router
    // runs loaders beside the routes' lazy imports, and RequireAuth's query takes this answer.
    loader: () => {
      void queryClient.prefetchQuery(currentUserQuery());
      return null;
    },
    children: [
      {
        lazy: async () => ({ Component: (await import('./ProviderLayout')).ProviderLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./HomePage')).HomePage }) },
          {
            path: '/settings',
            lazy: async () => ({ Component: (await import('../../features/settings/SettingsPage')).SettingsPage }),
          },
          {
            path: '/sessions',
            lazy: async () => ({ Component: (await import('../../features/sessions/SessionsPage')).SessionsPage }),
          },
          {
            path: '/practice/settings/:tab?',
            lazy: async () => ({
              Component: (await import('../../features/practice-settings/PracticeSettingsPage')).PracticeSettingsPage,
            }),
          },
          {
            path: '/practice/team/:tab?',
            lazy: async () => ({ Component: (await import('../../features/team/TeamPage')).TeamPage }),
          },
          {
            path: '/practice/networks',
            lazy: async () => ({ Component: (await import('../../features/networks/NetworksPage')).NetworksPage }),
          },
          {
            path: '/organisations/:organisationId?',
            lazy: async () => ({
              Component: (await import('../../features/organisations/OrganisationsPage')).OrganisationsPage,
            }),
          },
          {
            path: '/start',
            lazy: async () => ({ Component: (await import('../../features/practices/StartPage')).StartPage }),
          },
          {
            path: '/practices/new',
            lazy: async () => ({
              Component: (await import('../../features/practices/CreatePracticePage')).CreatePracticePage,
            }),
          },
          {
            path: '/practices/join',
            lazy: async () => ({ Component: (await import('../../features/join/JoinPracticePage')).JoinPracticePage }),
          },
          {
            path: '/referrals/new',
            lazy: async () => ({
              Component: (await import('../../features/referrals/NewReferralPage')).NewReferralPage,
            }),
          },
          {
            path: '/referrals/view/:referralId',
            lazy: async () => ({
              Component: (await import('../../features/referrals/ReferralDetailPage')).ReferralDetailPage,
            }),
          },
          {
            path: '/referrals/:type?',
            lazy: async () => ({ Component: (await import('../../features/referrals/ReferralsPage')).ReferralsPage }),
          },
          {
            path: '/patients',
            lazy: async () => ({ Component: (await import('../../features/patients/PatientsPage')).PatientsPage }),
          },
          {
            path: '/patients/:patientId',
            lazy: async () => ({
              Component: (await import('../../features/patients/PatientDetailPage')).PatientDetailPage,
            }),
          },
          {
            path: '/contacts',
            lazy: async () => ({ Component: (await import('../../features/contacts/ContactsPage')).ContactsPage }),
          },
          // One route for the list and an open chat, so the list (its search and page) stays put between chats.
          {
            path: '/chats/:chatId?',
            lazy: async () => ({ Component: (await import('../../features/chats/ChatsPage')).ChatsPage }),
          },
          {
            path: '/intake',
            lazy: async () => ({ Component: (await import('../../features/intake/IntakePage')).IntakePage }),
          },
          {
            path: '/intake/:botId',
            lazy: async () => ({
              Component: (await import('../../features/intake/BotSubmissionsPage')).BotSubmissionsPage,
            }),
          },
          {
            path: '/intake/:botId/submissions/:submissionId',
            lazy: async () => ({
              Component: (await import('../../features/intake/SubmissionDetailPage')).SubmissionDetailPage,
            }),
          },
        ],
      },
    ],
  },
];
