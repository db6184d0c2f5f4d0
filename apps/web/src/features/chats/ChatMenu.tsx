import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  ContextMenu,
  type ContextMenuItem,
  type ContextMenuProps,
  type ContextMenuSection,
} from '../../ui/ContextMenu';
import type { MenuAnchor } from '../../ui/ContextMenuTrigger';
import { useChatMutations } from './chatMutations';
import type { ChatSummary } from './chatQueries';
import { ChatPeopleModal } from './ChatPeopleModal';
import { PatientLinkDialogs, type PatientLinkDialog } from './PatientLinkDialogs';

type Dialog = 'people' | 'close' | 'leave' | PatientLinkDialog | null;

/** Spec 3 §4: a closed practice-to-user chat is not read-only; the person may write again. */
function closeExplanation(chat: ChatSummary): string {
  if (chat.type === 'PRACTICE_TO_USER')
    return 'The chat ends for now; it opens again if the person writes to your practice.';
  return 'Nobody can send messages in it any more. It stays in the list, and everyone can still read it.';
}

interface ChatMenuProps {
  scope: PracticeScope;
  chat: ChatSummary;
  /** The menu shows while there is an anchor; the dialogs its items open outlive it. */
  anchor: MenuAnchor | null;
  onCloseMenu: () => void;
  /** After leaving the chat, which is then no longer the caller's to show. */
  onLeft: () => void;
  /** For the button that opens the menu (its aria-controls). */
  menuId?: string;
  placement?: ContextMenuProps['placement'];
}

/**
 * What a participant does to a chat, from the open chat's actions button or the chat list's
 * context menu: mute (a toggle that stays open while the server answers), people, a patient
 * chat's texted link (revoke it, send a new one), close and leave; all but mute open dialogs,
 * and those that change more than the menu shows ask first.
 */
export function ChatMenu({ scope, chat, anchor, onCloseMenu, onLeft, menuId, placement }: ChatMenuProps) {
  const mutations = useChatMutations(scope, chat.id);
  const { mute, close, leave } = mutations;
  const [dialog, setDialog] = useState<Dialog>(null);
  const active = chat.status === 'ACTIVE';

  const opens = (label: string, which: Exclude<Dialog, null>, danger = false): ContextMenuItem => ({
    label,
    danger,
    noWait: true,
    onSelect: () => setDialog(which),
  });
  const sections: ContextMenuSection[] = [
    {
      key: 'settings',
      items: [
        {
          label: 'Mute',
          checked: chat.muted,
          keepOpen: true,
          onSelect: (muted) =>
            mute.mutateAsync(Boolean(muted), {
              onSuccess: (updated) =>
                notifications.show({
                  color: 'teal',
                  message: updated.muted
                    ? 'Chat muted: no notifications, and it is not counted as unread'
                    : 'Chat unmuted',
                }),
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Could not change the chat', message: errorMessage(error) }),
            }),
        },
        ...(active ? [opens('Add or remove people…', 'people')] : []),
      ],
    },
    ...(chat.type === 'PATIENT'
      ? [
          {
            key: 'link',
            items: [
              ...(active ? [opens('Send a new link…', 'sendLink')] : []),
              opens('Revoke link…', 'revokeLink', true),
            ],
          },
        ]
      : []),
    {
      key: 'ending',
      items: [...(active ? [opens('Close chat…', 'close', true)] : []), opens('Leave chat…', 'leave', true)],
    },
  ];

  function dismiss() {
    close.reset();
    leave.reset();
    setDialog(null);
  }

  return (
    <>
      {anchor && (
        <ContextMenu
          id={menuId}
          anchor={anchor}
          placement={placement}
          label={`Actions for ${chat.title}`}
          sections={sections}
          onClose={onCloseMenu}
        />
      )}
      <ChatPeopleModal scope={scope} chat={chat} mutations={mutations} opened={dialog === 'people'} onClose={dismiss} />
      <PatientLinkDialogs
        chat={chat}
        mutations={mutations}
        opened={dialog === 'revokeLink' || dialog === 'sendLink' ? dialog : null}
        onClose={dismiss}
      />
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
              dismiss();
              onLeft();
              mutations.forget();
              notifications.show({ color: 'teal', message: `You left “${chat.title}”` });
            },
          })
        }
      >
        You will no longer get its messages or notifications, and it leaves your list. Someone in the chat can add you
        again.
      </ConfirmDialog>
    </>
  );
}
