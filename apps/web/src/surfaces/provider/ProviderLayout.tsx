import { useEffect } from 'react';
import { Anchor, AppShell, Burger, Group, NavLink } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { IdleWarning } from '../../features/auth';
import { EventsSocket } from '../../features/events';
import { PracticeSwitcher } from '../../features/practices';
import { GlobalSearch } from '../../features/search';
import { NotificationsBell } from '../../features/notifications';
import { UnreadCount, usePracticeUnread, type PracticeUnread } from '../../features/unread';
import { useGates } from '../../lib/practiceGates';
import { useSession } from '../../lib/session';
import { AreaOffMessage } from './AreaOffMessage';
import { gatedAreaOf } from './gatedAreas';
import { UserMenu } from './UserMenu';

interface NavItem {
  to: string;
  label: string;
  /** Which of the current practice's unread counts shows beside it. */
  unread?: keyof PracticeUnread;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/referrals', label: 'Referrals', unread: 'inboxItems' },
  { to: '/patients', label: 'Patients' },
  { to: '/chats', label: 'Chats', unread: 'chats' },
  { to: '/contacts', label: 'Contacts' },
  { to: '/intake', label: 'Intake', unread: 'submissions' },
  { to: '/practice/team', label: 'Team' },
  { to: '/practice/networks', label: 'Networks' },
  { to: '/practice/settings', label: 'Practice settings' },
  { to: '/organisations', label: 'Organisations' },
  { to: '/practices/join', label: 'Join a practice' },
  { to: '/settings', label: 'My settings' },
  { to: '/sessions', label: 'Sessions' },
];

export function ProviderLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const unread = usePracticeUnread();
  const gateOn = useGates();
  const practiceName = useSession((session) => session.currentPractice?.practice.name);
  // Nav items and screens of an area the practice has off are hidden. Gates count as on while
  // they load (lib/practiceGates), so a screen is not held back by them; the server does not
  // enforce gates, so one shown for that moment exposes nothing.
  const offered = (path: string) => {
    const area = gatedAreaOf(path);
    return !area || gateOn(area.gate);
  };
  const area = gatedAreaOf(pathname);

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
        {NAV_ITEMS.filter((item) => offered(item.to)).map((item) => {
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
        {area && practiceName && !gateOn(area.gate) ? (
          <AreaOffMessage area={area} practiceName={practiceName} />
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
      <IdleWarning />
      <EventsSocket />
    </AppShell>
  );
}
