import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py="xl">
      <main>
        <Stack>
          <Title order={1}>Page not found</Title>
          <Text>There is nothing at this address.</Text>
          <Anchor component={Link} to="/">
            Go to the home page
          </Anchor>
        </Stack>
      </main>
    </Container>
  );
}
