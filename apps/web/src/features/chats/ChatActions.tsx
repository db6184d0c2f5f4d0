import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useChatMutations } from './chatMutations';
import { chatPaths } from './chatPaths';
import type { ChatScope, ChatSummary } from './chatQueries';
import { ChatPeopleModal } from './ChatPeopleModal';

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

type Dialog = 'people' | 'close' | 'leave' | null;

/** Spec 3 §4: a closed practice-to-user chat is not read-only; the person may write again. */
function closeExplanation(chat: ChatSummary): string {
  if (chat.type === 'PRACTICE_TO_USER') return 'The chat ends for now; it opens again if the person writes to your practice.';
  return 'Nobody can send messages in it any more. It stays in the list, and everyone can still read it.';
}

/** The open chat's menu: mute, people, close and leave; the last two ask first. */
export function ChatActions({ scope, chat }: { scope: ChatScope; chat: ChatSummary }) {
  const mutations = useChatMutations(scope, chat.id);
  const { mute, close, leave } = mutations;
  const [dialog, setDialog] = useState<Dialog>(null);
  const navigate = useNavigate();
  const active = chat.status === 'ACTIVE';

  function toggleMute() {
    mute.mutate(!chat.muted, {
      onSuccess: (updated) =>
        notifications.show({
          color: 'teal',
          message: updated.muted ? 'Chat muted: no notifications, and it is not counted as unread' : 'Chat unmuted',
        }),
      onError: (error) => notifications.show({ color: 'red', title: 'Could not change the chat', message: errorMessage(error) }),
    });
  }

  function dismiss() {
    close.reset();
    leave.reset();
    setDialog(null);
  }

  return (
    <>
      <Menu position="bottom-end" width={220}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label="Chat actions" loading={mute.isPending}>
            <MoreIcon />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={toggleMute}>{chat.muted ? 'Unmute' : 'Mute'}</Menu.Item>
          {active && <Menu.Item onClick={() => setDialog('people')}>Add or remove people…</Menu.Item>}
          <Menu.Divider />
          {active && (
            <Menu.Item color="red" onClick={() => setDialog('close')}>
              Close chat…
            </Menu.Item>
          )}
          <Menu.Item color="red" onClick={() => setDialog('leave')}>
            Leave chat…
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ChatPeopleModal scope={scope} chat={chat} mutations={mutations} opened={dialog === 'people'} onClose={dismiss} />
      <ConfirmDialog
        opened={dialog === 'close'}
        title="Close this chat?"
        confirmLabel="Close chat"
        loading={close.isPending}
        error={close.error}
        onCancel={dismiss}
        onConfirm={() => close.mutate(undefined, { onSuccess: dismiss })}
      >
        {closeExplanation(chat)}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === 'leave'}
        title="Leave this chat?"
        confirmLabel="Leave chat"
        loading={leave.isPending}
        error={leave.error}
        onCancel={dismiss}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              navigate(chatPaths.list);
              mutations.forget();
              notifications.show({ color: 'teal', message: `You left “${chat.title}”` });
            },
          })
        }
      >
        You will no longer get its messages or notifications, and it leaves your list. Someone in the chat can add you again.
      </ConfirmDialog>
    </>
  );
}
