import { useId, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { MenuAnchor } from '../../ui/ContextMenuTrigger';
import { ChatMenu } from './ChatMenu';
import { chatPaths } from './chatPaths';
import type { ChatSummary } from './chatQueries';
import type { PracticeScope } from '../../lib/practiceScope';

function MoreIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/** The open chat's actions button: the chat's menu below it. Leaving goes back to the list. */
export function ChatActions({ scope, chat }: { scope: PracticeScope; chat: ChatSummary }) {
  const [anchor, setAnchor] = useState<MenuAnchor | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        size="lg"
        aria-label="Chat actions"
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => {
          const button = event.currentTarget;
          setAnchor((open) => (open ? null : { target: button }));
        }}
      >
        <MoreIcon />
      </ActionIcon>
      <ChatMenu
        scope={scope}
        chat={chat}
        anchor={anchor}
        menuId={menuId}
        placement="bottom-end"
        onCloseMenu={() => setAnchor(null)}
        onLeft={() => void navigate(chatPaths.list)}
      />
    </>
  );
}
