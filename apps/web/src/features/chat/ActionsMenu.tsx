import type { ReactNode } from 'react';
import { Menu, Text } from '@mantine/core';
import { ActionsIcon } from './chatIcons';

/** An action offered in the room's footer menu (spec 3 §2), e.g. sending a form or content. */
export interface ChatAction {
  title: string;
  description?: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** The footer's actions button and its menu; the menu closes on Escape and returns focus. */
export function ActionsMenu({ actions }: { actions: ChatAction[] }) {
  return (
    <Menu position="top-start" withinPortal shadow="md" width={280}>
      <Menu.Target>
        <button type="button" className="rw-chat__icon-button" aria-label="Actions">
          <ActionsIcon />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action.title} leftSection={action.icon} onClick={action.onSelect}>
            <Text size="sm" fw={500}>
              {action.title}
            </Text>
            {action.description && <Text size="xs">{action.description}</Text>}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
