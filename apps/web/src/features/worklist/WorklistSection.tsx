import { useId, type ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

interface WorklistSectionProps {
  title: string;
  /** The section as the server sent it; undefined while it loads. */
  section: { count: number; items: unknown[] } | undefined;
  /** The full list, and what it holds, for the "See all" link's name. */
  seeAll: { to: string; what: string };
  /** Said when there is nothing. */
  empty: string;
  /** The items, each a list item. */
  children: ReactNode;
}

/**
 * One part of the worklist: a landmark named by its heading, with how many there are in all, the
 * first few as a list and a link to the rest when there are more than it shows.
 */
export function WorklistSection({ title, section, seeAll, empty, children }: WorklistSectionProps) {
  const id = useId();
  const count = section?.count;
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
          {count !== undefined && (
            <>
              {' '}
              {/* The badge is for the eye; screen readers hear "(3)" in the heading instead. */}
              <Badge color={count ? 'blue.8' : 'gray.7'} variant="filled" radius="sm" aria-hidden>
                {count}
              </Badge>
              <VisuallyHidden>({count})</VisuallyHidden>
            </>
          )}
        </Title>
        {section && section.count > section.items.length && (
          <Anchor component={Link} to={seeAll.to} size="sm">
            See all {section.count}
            <VisuallyHidden> {seeAll.what}</VisuallyHidden>
          </Anchor>
        )}
      </Group>
      {!section ? (
        <Stack gap="xs" aria-hidden>
          <Skeleton height={52} radius="md" />
          <Skeleton height={52} radius="md" />
        </Stack>
      ) : section.count === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}
