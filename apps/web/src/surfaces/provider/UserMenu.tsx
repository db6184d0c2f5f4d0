import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { logout } from '../../lib/logout';
import { useSession } from '../../lib/session';
import { PersonAvatar } from '../../ui/Avatar';

export function UserMenu() {
  const user = useSession((session) => session.currentUser);
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`;

  return (
    // Its list stays in the header (the banner landmark), not in a portal outside every landmark.
    <Menu position="bottom-end" width={220} withinPortal={false}>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`} p={4}>
          <Group gap="xs" wrap="nowrap">
            <PersonAvatar id={user.id} name={name} image={user.photoUrl} size={26} decorative />
            <Text size="sm" visibleFrom="sm" truncate maw={180}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.email && <Menu.Label>{user.email}</Menu.Label>}
        <Menu.Item component={Link} to="/settings">
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/sessions">
          Sessions
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" onClick={() => void logout()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
