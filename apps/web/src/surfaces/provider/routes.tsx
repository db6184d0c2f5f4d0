import type { RouteObject } from 'react-router';
import { ChatsPage } from '../../features/chats';
import { DevOutboxPage } from '../../features/dev-outbox';
import { PasswordResetPage, SignInPage } from '../../features/auth';
import { SessionsPage } from '../../features/sessions';
import { SettingsPage } from '../../features/settings';
import { AcceptInvitePage } from '../../features/invites';
import { JoinPracticePage } from '../../features/join';
import { NetworksPage } from '../../features/networks';
import { OrganisationsPage } from '../../features/organisations';
import { PracticeSettingsPage } from '../../features/practice-settings';
import { TeamPage } from '../../features/team';
import { NewReferralPage, ReferralDetailPage, ReferralsPage } from '../../features/referrals';
import { PatientDetailPage, PatientsPage } from '../../features/patients';
import { BotSubmissionsPage, IntakeFormPage, IntakePage, SubmissionDetailPage } from '../../features/intake';
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
      // Open signed in or out: the page offers sign-up or sign-in before accepting.
      { path: '/invite/:code', element: <AcceptInvitePage /> },
    ],
  },
  {
    element: <PublicLayout wide />,
    children: [{ path: '/dev/outbox', element: <DevOutboxPage /> }],
  },
  // A practice's public intake form: its own plain page, since host sites put it in a frame.
  { path: '/form/:endpoint', element: <IntakeFormPage /> },
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
  { path: '*', element: <NotFoundPage /> },
];
