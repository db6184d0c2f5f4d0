import type { ReactNode } from 'react';
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import type { joinRequestsApi } from '@referwell/contracts';
import { formatDate } from '../../lib/dates';
import { roleLabel } from '../../lib/roles';
import { PageHeader } from '../../ui/PageHeader';
import { ErrorState, LoadingState } from '../../ui/States';
import { availablePracticesQuery } from '../join';

/** An invite's code, from its whole link or the code alone; null when neither is there. */
function inviteCodeFrom(text: string): string | null {
  const value = text.trim();
  const inLink = value.match(/\/invite\/([A-Za-z0-9_-]+)/);
  if (inLink) return inLink[1];
  return /^[A-Za-z0-9_-]{20,}$/.test(value) ? value : null;
}

function Choice({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** One thing waiting for the user at a practice: an invite to accept, or their own request to join. */
function Waiting({ item }: { item: joinRequestsApi.AvailablePractice }) {
  const { practice, invite, joinRequest } = item;
  if (invite) {
    return (
      <List.Item>
        <Text size="sm" span>
          <Text span fw={600} inherit>
            {practice.name}
          </Text>{' '}
          invited you to join{invite.role ? ` as ${roleLabel(invite.role).toLowerCase()}` : ''}.{' '}
          <Anchor component={Link} to="/practices/join" inherit>
            Accept or decline the invite
          </Anchor>
        </Text>
      </List.Item>
    );
  }
  return (
    <List.Item>
      <Text size="sm" span>
        Waiting for{' '}
        <Text span fw={600} inherit>
          {practice.name}
        </Text>{' '}
        to approve your request, sent {formatDate(joinRequest!.createdAt, 'Invoice')}.
      </Text>
    </List.Item>
  );
}

/**
 * Invites to accept and the user's own join requests still waiting: someone who asked to join or
 * was invited sees that here rather than starting again. Nothing waiting shows nothing, the three
 * choices below being the way on.
 */
function WaitingForYou() {
  const available = useQuery(availablePracticesQuery());
  if (available.isPending) return <LoadingState label="Checking for invites and join requests" />;
  if (available.isError) {
    return (
      <ErrorState
        title="Could not check for invites and join requests"
        error={available.error}
        onRetry={() => void available.refetch()}
        retrying={available.isFetching}
      />
    );
  }
  if (available.data.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="start-waiting" withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="start-waiting">
          Waiting for you
        </Title>
        <List spacing="xs">
          {available.data.map((item) => (
            <Waiting key={item.practice.id} item={item} />
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

function OpenInvite() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { link: '' },
    validate: { link: (value) => (inviteCodeFrom(value) ? null : 'Paste the whole link from your invite') },
  });
  return (
    <form onSubmit={form.onSubmit(({ link }) => void navigate(`/invite/${inviteCodeFrom(link)}`))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Invite link"
          placeholder="https://…/invite/…"
          autoComplete="off"
          {...form.getInputProps('link')}
        />
        <Group>
          <Button type="submit" variant="light">
            Open invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Where someone in no practice starts: create one, ask to join one, or open an invite they were
 * sent. The home page sends people without a practice here.
 */
export function StartPage() {
  usePageTitle('Get started');
  const user = useSession((session) => session.currentUser);

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={user ? `Welcome, ${user.firstName} ${user.lastName}` : 'Get started'}
        description="Referrals, chats and patients all belong to a practice. Start one, or join the one you work at."
      />
      <WaitingForYou />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        <Choice id="start-create" title="Create a practice">
          <Text size="sm">Set up your clinic on Referwell. You become its administrator and can invite your team.</Text>
          <Group mt="auto">
            <Button component={Link} to="/practices/new">
              Create a practice
            </Button>
          </Group>
        </Choice>
        <Choice id="start-join" title="Join your practice">
          <Text size="sm">
            Find your practice by name and ask to join, with a message for its administrators. You are in once one of
            them approves.
          </Text>
          <Group mt="auto">
            <Button component={Link} to="/practices/join" variant="light">
              Find a practice
            </Button>
          </Group>
        </Choice>
        <Choice id="start-invite" title="I was invited">
          <Text size="sm">Invites come by e-mail or text message with a link. Open it, or paste it here.</Text>
          <OpenInvite />
        </Choice>
      </SimpleGrid>
    </Stack>
  );
}
