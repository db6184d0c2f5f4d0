import { useEffect } from 'react';
import { Anchor, AppShell, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import type { practicesApi } from '@referwell/contracts';
import { IdleWarning } from '../../features/auth';
import { EventsSocket } from '../../features/events';
import { PracticeSwitcher } from '../../features/practices';
import { GlobalSearch } from '../../features/search';
import { NotificationsBell } from '../../features/notifications';
import { UnreadCount, usePracticeUnread, type PracticeUnread } from '../../features/unread';
import { useGates } from '../../lib/practiceGates';
import { UserMenu } from './UserMenu';

interface NavItem {
  to: string;
  label: string;
  /** Which of the current practice's unread counts shows beside it. */
  unread?: keyof PracticeUnread;
  /** The feature gate it needs: hidden while the practice has it off. */
  gate?: practicesApi.GateName;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/referrals', label: 'Referrals', unread: 'inboxItems', gate: 'referrals' },
  { to: '/patients', label: 'Patients', gate: 'patients' },
  { to: '/chats', label: 'Chats', unread: 'chats', gate: 'chat' },
  { to: '/contacts', label: 'Contacts' },
  { to: '/intake', label: 'Intake', unread: 'submissions', gate: 'forms' },
  { to: '/practice/team', label: 'Team' },
  { to: '/practice/networks', label: 'Networks', gate: 'networks' },
  { to: '/practice/settings', label: 'Practice settings' },
  { to: '/organisations', label: 'Organisations', gate: 'organisations' },
  { to: '/practices/join', label: 'Join a practice' },
  { to: '/settings', label: 'My settings' },
  { to: '/sessions', label: 'Sessions' },
];

export function ProviderLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const unread = usePracticeUnread();
  const gateOn = useGates();

  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
              aria-expanded={opened}
              aria-controls="provider-navbar"
            />
            <Anchor component={Link} to="/" fw={800} c="teal.9" underline="never" visibleFrom="xs">
              Referwell
            </Anchor>
            <PracticeSwitcher />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <GlobalSearch />
            <NotificationsBell />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" id="provider-navbar" aria-label="Main">
        {NAV_ITEMS.filter((item) => !item.gate || gateOn(item.gate)).map((item) => {
          const active = item.to === '/' ? pathname === '/' : pathname.startsWith(item.to);
          return (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={active}
              aria-current={active ? 'page' : undefined}
              rightSection={item.unread ? <UnreadCount count={unread[item.unread]} /> : undefined}
            />
          );
        })}
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <IdleWarning />
      <EventsSocket />
    </AppShell>
  );
}
