import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PracticeMembership } from '@referwell/contracts';
import { PhoneLink } from '../../ui/PhoneLink';
import { EmptyMessage } from '../../ui/States';
import { roleLabel } from '../../lib/roles';

const TYPE_LABELS: Record<PracticeMembership['practice']['type'], string> = {
  INDIVIDUAL: 'Individual practice',
  PRACTICE: 'Practice',
  PAYOR: 'Payor',
  THIRD_PARTY: 'Third party',
  ORGANISATION: 'Organisation',
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function CurrentPracticeCard({ membership }: { membership: PracticeMembership | null }) {
  if (!membership) {
    return (
      <EmptyMessage title="You are not working in a practice yet">
        Ask a practice administrator to invite you, or switch to one of your practices from the header.
      </EmptyMessage>
    );
  }
  const { practice, roles } = membership;
  return (
    <Paper withBorder p="md" radius="md">
      <Group align="flex-start" wrap="nowrap">
        <Avatar src={practice.logoUrl} alt="" radius="md" size="lg" color="teal">
          {initials(practice.name)}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3">
            {practice.name}
          </Title>
          <Text size="sm" c="dimmed">
            {TYPE_LABELS[practice.type]}
          </Text>
          {practice.address && <Text size="sm">{practice.address}</Text>}
          {practice.phoneNumber && (
            <Text size="sm">
              Phone: <PhoneLink phone={practice.phoneNumber} />
            </Text>
          )}
          <Group gap="xs" mt="xs">
            <Text size="sm">Your roles:</Text>
            {roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                none in this practice
              </Text>
            ) : (
              roles.map((role) => (
                <Badge key={role} variant="light">
                  {roleLabel(role)}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}
