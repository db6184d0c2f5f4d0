import { Anchor, Badge, Button, Card, ColorSwatch, CopyButton, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates';
import { intakePaths } from './intakePaths';
import type { Bot } from './intakeQueries';

interface BotCardProps {
  bot: Bot;
  /** Edit and Delete, for those who manage the practice's forms. */
  onEdit?: () => void;
  onDelete?: () => void;
}

/**
 * One intake form: its name (opening its submissions), colour, public link and unopened count. A
 * form taken down has no public link left, only the day it was taken down.
 */
export function BotCard({ bot, onEdit, onDelete }: BotCardProps) {
  return (
    <li>
      <Card withBorder radius="md" padding="sm">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <ColorSwatch color={bot.colorScheme} size={18} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor component={Link} to={intakePaths.bot(bot.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {bot.name}
              </Anchor>
              {bot.unread > 0 && (
                <Badge color="blue" variant="filled" radius="sm" size="sm" style={{ flexShrink: 0 }}>
                  {bot.unread} new
                </Badge>
              )}
            </Group>
            {(onEdit || onDelete) && (
              <Group gap="xs" wrap="nowrap">
                {onEdit && (
                  <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${bot.name}`}>
                    Edit
                  </Button>
                )}
                {onDelete && (
                  <Button size="xs" variant="light" color="red" onClick={onDelete} aria-label={`Delete ${bot.name}`}>
                    Delete
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {bot.takenDownAt !== null ? (
            <Text size="sm" c="dimmed">
              Taken down {formatDate(bot.takenDownAt, 'Invoice')}
            </Text>
          ) : (
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} miw={0}>
                {bot.formUrl}
              </Text>
              <CopyButton value={bot.formUrl}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={copy}
                    aria-label={copied ? 'Link copied' : `Copy the link to ${bot.name}`}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="compact-xs"
                variant="subtle"
                component="a"
                href={bot.formUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open ${bot.name} in a new tab`}
              >
                Open
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </li>
  );
}
