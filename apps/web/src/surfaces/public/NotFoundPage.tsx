import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';
import { PublicCard } from '../../ui/PublicCard';

/** Any address the app does not know: in the public pages' frame, with the way back. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <PublicCard>
      <Stack gap="md">
        <Text c="dimmed" fw={600} fz="sm">
          Error 404
        </Text>
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>
          There is nothing at{' '}
          <Text span ff="monospace">
            {pathname}
          </Text>
          . The link may be mistyped, or what it pointed to may have moved.
        </Text>
        <Group>
          <Button component={Link} to="/">
            Go to the home page
          </Button>
          <Anchor component={Link} to="/login">
            Sign in
          </Anchor>
        </Group>
      </Stack>
    </PublicCard>
  );
}
