import { useEffect, type ReactNode } from 'react';
import { Button, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { PracticeMembership, practicesApi } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { AuditTrailTab, canReadAudit } from '../audit';
import { ApiKeysTab } from './ApiKeysTab';
import { BillingTab } from './BillingTab';
import { CustomPropertiesTab } from './CustomPropertiesTab';
import { OpeningHoursTab } from './OpeningHoursTab';
import { ProfileTab } from './ProfileTab';
import { practiceQuery } from './queries';
import { TagsTab } from './TagsTab';

const BASE_PATH = '/practice/settings';

type TabValue = 'profile' | 'opening-hours' | 'tags' | 'custom-properties' | 'api-keys' | 'billing' | 'audit';

const TABS: { value: TabValue; label: string; gate?: practicesApi.GateName; adminsOnly?: boolean }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'opening-hours', label: 'Opening hours' },
  { value: 'tags', label: 'Tags' },
  { value: 'custom-properties', label: 'Custom properties', gate: 'customProperties' },
  { value: 'api-keys', label: 'API keys', gate: 'apiKeys' },
  // Who is billed and where invoices go belong to every practice (spec 1); the `billing` gate is
  // for the subscription and card screens of spec 2, which will sit behind it in this tab.
  { value: 'billing', label: 'Billing' },
  { value: 'audit', label: 'Audit trail', adminsOnly: true },
];
const DEFAULT_TAB = 'profile';

export function PracticeSettingsPage() {
  const membership = useSession((session) => session.currentPractice);
  if (!membership) return <NoPractice />;
  // A new practice starts with fresh forms rather than the previous practice's edits.
  return <PracticeSettings key={membership.practice.id} membership={membership} />;
}

function NoPractice() {
  usePageTitle('Practice settings');
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="Practice settings" description="Your practice's profile, hours, tags and integrations." />
      <EmptyMessage title="You are not working in a practice yet">
        <Stack align="center" gap="sm">
          Join a practice to see and change its settings.
          <Button component={Link} to="/practices/join">
            Join a practice
          </Button>
        </Stack>
      </EmptyMessage>
    </Stack>
  );
}

function PracticeSettings({ membership }: { membership: PracticeMembership }) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const practiceId = membership.practice.id;
  const practice = useQuery(practiceQuery(practiceId));

  const visible = TABS.filter(
    (t) => (!t.gate || practice.data?.gates[t.gate] !== false) && (!t.adminsOnly || canReadAudit(membership.roles)),
  );
  const active = visible.find((t) => t.value === tab) ?? visible.find((t) => t.value === DEFAULT_TAB)!;
  usePageTitle(`${active.label} · Practice settings`);

  const unknownTab = practice.isSuccess && tab !== undefined && tab !== active.value;
  useEffect(() => {
    if (unknownTab) void navigate(BASE_PATH, { replace: true });
  }, [unknownTab, navigate]);

  let content;
  if (practice.isPending) content = <LoadingState label="Loading the practice" />;
  else if (practice.isError) {
    content = (
      <ErrorState
        title="Could not load the practice"
        error={practice.error}
        onRetry={() => void practice.refetch()}
        retrying={practice.isFetching}
      />
    );
  } else {
    const roles = membership.roles;
    const data = practice.data;
    const panels: Record<TabValue, ReactNode> = {
      profile: <ProfileTab practice={data} roles={roles} />,
      'opening-hours': <OpeningHoursTab practice={data} roles={roles} />,
      tags: <TagsTab practiceId={practiceId} roles={roles} />,
      'custom-properties': <CustomPropertiesTab practiceId={practiceId} roles={roles} />,
      'api-keys': <ApiKeysTab practiceId={practiceId} roles={roles} />,
      billing: <BillingTab practice={data} roles={roles} />,
      audit: <AuditTrailTab practiceId={practiceId} roles={roles} />,
    };
    content = (
      <Tabs
        value={active.value}
        onChange={(value) => value && void navigate(value === DEFAULT_TAB ? BASE_PATH : `${BASE_PATH}/${value}`)}
        keepMounted={false}
      >
        <Tabs.List aria-label="Practice settings sections">
          {visible.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="lg">
            {panels[t.value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title="Practice settings"
        description={`The profile, hours, tags and integrations of ${membership.practice.name}.`}
      />
      {content}
    </Stack>
  );
}
