import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { roleLabel } from '../../lib/roles';
import { CreateOrganisationForm } from './CreateOrganisationForm';
import { myOrganisationsQuery } from './organisationQueries';

/** The organisations the person holds a role in, and starting a new one. */
export function OrganisationList() {
  usePageTitle('Organisations');
  const user = useSession((s) => s.currentUser);
  const organisations = useQuery({ ...myOrganisationsQuery(user?.id ?? 0), enabled: user !== null });

  let content;
  if (organisations.isPending) content = <LoadingState label="Loading your organisations" />;
  else if (organisations.isError) {
    content = (
      <ErrorState
        title="Could not load your organisations"
        error={organisations.error}
        onRetry={() => void organisations.refetch()}
        retrying={organisations.isFetching}
      />
    );
  } else if (organisations.data.length === 0) {
    content = (
      <EmptyMessage title="You are not in any organisation">
        Create one below, or ask an organisation’s admin to invite you.
      </EmptyMessage>
    );
  } else {
    content = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your organisations">
        {organisations.data.map((organisation) => (
          <Paper component="li" key={organisation.id} withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4} miw={0} style={{ flex: 1 }}>
                <Anchor component={Link} to={`/organisations/${organisation.id}`} fw={600}>
                  {organisation.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {organisation.practiceCount === 1 ? '1 practice' : `${organisation.practiceCount} practices`}
                  {organisation.address ? ` · ${organisation.address}` : ''}
                </Text>
              </Stack>
              <Group gap={6}>
                <VisuallyHidden>Your roles:</VisuallyHidden>
                {organisation.roles.map((role) => (
                  <Badge key={role} variant="light">
                    {roleLabel(role)}
                  </Badge>
                ))}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={880}>
      <PageHeader
        title="Organisations"
        description="Groups of practices managed and billed together. You see every organisation you hold a role in; admins manage it."
      />
      {content}
      <Paper
        component="section"
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        aria-labelledby="organisations-create"
      >
        <Title order={2} size="h3" id="organisations-create" mb="md">
          Create an organisation
        </Title>
        <CreateOrganisationForm />
      </Paper>
    </Stack>
  );
}
