import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { personName, titledName } from '../../lib/names';
import { FileViewer } from '../../ui/files';
import { RelativeTime } from '../../ui/RelativeTime';

interface Authored {
  author: { firstName: string; lastName: string; title: string | null };
  message: string;
  files: Parameters<typeof FileViewer>[0]['files'];
  createdAt: number;
}

interface CommentItemProps {
  item: Authored;
  /** Said after the author: their practice, say. */
  byline?: string;
  badges?: ReactNode;
  /** Reply, Edit, Delete… */
  actions?: ReactNode;
  children?: ReactNode;
}

/** One comment or note: who wrote it and when, the text, its files, then what can be done with it. */
export function CommentItem({ item, byline, badges, actions, children }: CommentItemProps) {
  const author = titledName(item.author);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      aria-label={`${personName(item.author)}, ${byline ?? ''}`.replace(/, $/, '')}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {author}
          </Text>
          {byline && (
            <Text size="sm" c="dimmed">
              {byline}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            <RelativeTime value={item.createdAt} addSuffix withTooltip />
          </Text>
          {badges}
        </Group>
        {item.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.message}
          </Text>
        )}
        <FileViewer files={item.files} mode="minimal" label={`Files from ${personName(item.author)}`} />
        {actions && <Group gap="xs">{actions}</Group>}
        {children}
      </Stack>
    </Paper>
  );
}

export function NeedsResponseBadge() {
  return (
    <Badge color="orange" variant="light" radius="sm" size="sm">
      Needs a response
    </Badge>
  );
}
