import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import type { practicesApi } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { PageHeader } from '../../ui/PageHeader';
import { useLandInPractice } from '../invites';
import { CreatePracticeForm } from './CreatePracticeForm';

/** Setting up a new practice; its creator becomes its admin and lands on its home page. */
export function CreatePracticePage() {
  usePageTitle('Create a practice');
  const land = useLandInPractice();
  const navigate = useNavigate();

  async function onCreated(practice: practicesApi.Practice) {
    try {
      await land(practice.id);
    } catch {
      // The practice exists either way; the home page loads the account and its practices itself.
    }
    notifications.show({
      color: 'teal',
      title: `${practice.name} is ready`,
      message: 'You are its administrator. Invite your team from the Team page.',
    });
    await navigate('/', { replace: true });
  }

  return (
    <Stack gap="lg" maw={640}>
      <PageHeader
        title="Create a practice"
        description="Set up your practice so other practices can send you referrals. You become its administrator."
      />
      <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
        <CreatePracticeForm onCreated={onCreated} />
      </Paper>
      <Text size="sm">
        Is your practice already on Referwell?{' '}
        <Anchor component={Link} to="/practices/join">
          Ask to join it
        </Anchor>{' '}
        instead.
      </Text>
    </Stack>
  );
}
