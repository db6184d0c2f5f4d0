import type { RouteObject } from 'react-router';
import { ChatsPage } from '../../features/chats';
import { PasswordResetPage, SignInPage } from '../../features/auth';
import { SessionsPage } from '../../features/sessions';
import { SettingsPage } from '../../features/settings';
import { JoinPracticePage } from '../../features/join';
import { NetworksPage } from '../../features/networks';
import { OrganisationsPage } from '../../features/organisations';
import { PracticeSettingsPage } from '../../features/practice-settings';
import { TeamPage } from '../../features/team';
import { NewReferralPage, ReferralDetailPage, ReferralsPage } from '../../features/referrals';
import { PatientDetailPage, PatientsPage } from '../../features/patients';
import { BotSubmissionsPage, IntakePage, SubmissionDetailPage } from '../../features/intake';
import { PublicLayout } from '../public/PublicLayout';
import { HomePage } from './HomePage';
import { ProviderLayout } from './ProviderLayout';
import { RequireAuth } from './RequireAuth';

/** The provider's screens behind sign-in, and the sign-in pages that lead there (in the public pages' layout). */
export const providerRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <SignInPage /> },
      { path: '/reset-password', element: <PasswordResetPage /> },
    ],
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
          { path: '/practice/settings/:tab?', element: <PracticeSettingsPage /> },
          { path: '/practice/team/:tab?', element: <TeamPage /> },
          { path: '/practice/networks', element: <NetworksPage /> },
          { path: '/organisations/:organisationId?', element: <OrganisationsPage /> },
          { path: '/practices/join', element: <JoinPracticePage /> },
          { path: '/referrals/new', element: <NewReferralPage /> },
          { path: '/referrals/view/:referralId', element: <ReferralDetailPage /> },
          { path: '/referrals/:type?', element: <ReferralsPage /> },
          { path: '/patients', element: <PatientsPage /> },
          { path: '/patients/:patientId', element: <PatientDetailPage /> },
          // One route for the list and an open chat, so the list (its search and page) stays put between chats.
          { path: '/chats/:chatId?', element: <ChatsPage /> },
          { path: '/intake', element: <IntakePage /> },
          { path: '/intake/:botId', element: <BotSubmissionsPage /> },
          { path: '/intake/:botId/submissions/:submissionId', element: <SubmissionDetailPage /> },
        ],
      },
    ],
  },
];
