import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { invitesApi } from '@referwell/contracts';
import { formatDate } from '../../lib/dates';
import { inviteSentence, inviteSentTo, inviteTargetName } from './describeInvite';

type InviteView = invitesApi.InviteView;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[a-z]/i.test(word))
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

/** Who invited whom to what: the practice, network or organisation with its address. */
export function InviteSummary({ invite, headingOrder = 1 }: { invite: InviteView; headingOrder?: 1 | 2 | 3 }) {
  const practice = invite.network?.practice ?? invite.practice;
  const logo = invite.organisation?.logoUrl ?? practice?.logoUrl ?? null;
  const name = inviteTargetName(invite);
  const sentTo = inviteSentTo(invite);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={logo} alt="" color="teal" radius="md" size="lg">
          {initials(invite.organisation?.name ?? practice?.name ?? '')}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Title order={headingOrder} size="h3">
            {`Invite to ${name}`}
          </Title>
          {practice?.address && invite.target !== 'ORGANISATION' && (
            <Text size="sm" c="dimmed">
              {practice.address}
            </Text>
          )}
        </div>
      </Group>
      <Text>{inviteSentence(invite)}</Text>
      <Paper bg="gray.0" p="sm" radius="sm">
        <Text size="sm">
          {sentTo && (
            <>
              Sent to <strong>{sentTo}</strong>
              {' · '}
            </>
          )}
          Expires {formatDate(invite.expiresAt, 'Relative')}
        </Text>
      </Paper>
    </Stack>
  );
}
