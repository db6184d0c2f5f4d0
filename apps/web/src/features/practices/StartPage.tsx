import type { ReactNode } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { myInvitesQuery } from '../invites';

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

function WaitingInvites() {
  const invites = useQuery(myInvitesQuery());
  const count = invites.data?.length ?? 0;
  if (count === 0) return null;
  return (
    <Text size="sm" fw={600}>
      {count === 1 ? 'An invite is waiting for you.' : `${count} invites are waiting for you.`}{' '}
      <Anchor component={Link} to="/practices/join">
        See {count === 1 ? 'it' : 'them'}
      </Anchor>
    </Text>
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
      <WaitingInvites />
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
