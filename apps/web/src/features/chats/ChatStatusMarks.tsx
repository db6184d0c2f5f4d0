import { Badge, Text, VisuallyHidden } from '@mantine/core';
import type { chatsApi } from '@referwell/contracts';
import { MutedIcon } from './chatIcons';

/** A chat's "Closed" badge and muted mark, as the list and the open chat's header show them. */
export function ChatStatusMarks({ chat }: { chat: Pick<chatsApi.ChatSummary, 'status' | 'muted'> }) {
  return (
    <>
      {chat.status === 'INACTIVE' && (
        <Badge size="sm" variant="outline" color="gray.8">
          Closed
        </Badge>
      )}
      {chat.muted && (
        <Text span c="dimmed" lh={0}>
          <MutedIcon />
          <VisuallyHidden>Muted</VisuallyHidden>
        </Text>
      )}
    </>
  );
}
