import type { ReactNode } from 'react';
import { Stack, Tabs } from '@mantine/core';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { PracticeMembership, User } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { useGates } from '../../lib/practiceGates';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { AddStaffForm } from './AddStaffForm';
import { DepartmentsTab } from './DepartmentsTab';
import { InviteForm } from './InviteForm';
import { JoinRequestsTab } from './JoinRequestsTab';
import { MembersTab } from './MembersTab';
import { PendingInvitesTab } from './PendingInvitesTab';
import { TEAM_TABS, teamPath, type TeamScope, type TeamTab } from './teamAccess';

/** The people of the current practice: members and roles, invites, join requests and departments. */
export function TeamPage() {
  usePageTitle('Team');
  const membership = useSession((session) => session.currentPractice);
  const user = useSession((session) => session.currentUser);

  if (!membership || !user) return <NoPracticeMessage title="Team" description="The people of your practice." />;
  // Keyed by practice: filters and pages chosen in one practice mean nothing in the next.
  return <TeamTabs key={membership.practice.id} membership={membership} user={user} />;
}

function TeamTabs({ membership, user }: { membership: PracticeMembership; user: User }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const scope: TeamScope = {
    practiceId: membership.practice.id,
    practiceName: membership.practice.name,
    roles: membership.roles,
    userId: user.id,
  };
  const gateOn = useGates();
  const tabs = TEAM_TABS.filter((item) => item.visible(scope.roles) && (!item.gate || gateOn(item.gate)));
  const active = tabs.find((item) => item.value === (tab ?? 'members'));
  // An unknown tab, or one this role may not open, falls back to the members list.
  if (!active) return <Navigate to={teamPath('members')} replace />;

  const panels: Record<TeamTab, ReactNode> = {
    members: <MembersTab scope={scope} />,
    invite: <InviteForm scope={scope} />,
    'add-staff': <AddStaffForm scope={scope} />,
    'pending-invites': <PendingInvitesTab scope={scope} />,
    'join-requests': <JoinRequestsTab scope={scope} />,
    departments: <DepartmentsTab scope={scope} />,
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Team" description={`The people of ${scope.practiceName}, their roles and departments.`} />
      <Tabs
        value={active.value}
        onChange={(value) => value && void navigate(teamPath(value as TeamTab))}
        keepMounted={false}
      >
        <Tabs.List aria-label="Team sections">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((item) => (
          <Tabs.Panel key={item.value} value={item.value} pt="md">
            {panels[item.value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
