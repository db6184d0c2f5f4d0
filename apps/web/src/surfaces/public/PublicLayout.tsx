import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';

/** Pages for people who are not signed in: a narrow column for forms, a wide one for tools. */
export function PublicLayout({ wide = false }: { wide?: boolean }) {
  return (
    <Box mih="100dvh" bg="gray.0">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <Container size={wide ? 'md' : 460} px="md" py={{ base: 'lg', sm: 48 }}>
        <Group component="header" justify="center" mb="lg">
          <Anchor component={Link} to="/login" fw={800} fz="xl" c="teal.9" underline="never">
            Referwell
          </Anchor>
        </Group>
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </Container>
    </Box>
  );
}
