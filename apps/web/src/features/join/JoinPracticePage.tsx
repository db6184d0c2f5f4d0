import type { ReactNode } from 'react';
import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { JoinRequestForm } from './JoinRequestForm';
import { MyInvites } from './MyInvites';
import { MyJoinRequests } from './MyJoinRequests';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Practices never numbered below 1; anything else in the address bar is ignored. */
function practiceIdFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 ? id : null;
}

export function JoinPracticePage() {
  usePageTitle('Join a practice');
  const [params] = useSearchParams();

  return (
    <Stack gap="xl" maw={820}>
      <PageHeader
        title="Join a practice"
        description="Ask to join a practice, answer invites sent to you, and follow your requests."
      />
      <Section id="join-find" title="Find a practice">
        <JoinRequestForm initialPracticeId={practiceIdFrom(params.get('practiceId'))} />
      </Section>
      <Section id="join-invites" title="Invites for you">
        <MyInvites />
      </Section>
      <Section id="join-requests" title="Your join requests">
        <MyJoinRequests />
      </Section>
    </Stack>
  );
}
