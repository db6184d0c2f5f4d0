import { lazy, Suspense } from 'react';
import { ActionIcon, Indicator, Modal } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { setSession, useSession } from '../../lib/session';
import { useIsPhone } from '../../lib/useIsPhone';
import { LineIcon } from '../../ui/LineIcon';
import { LoadingState } from '../../ui/States';
import { notificationCountQuery, useNotificationsLiveUpdates } from './notificationQueries';

/** Past this the badge stops counting; the button's name still says the exact number. */
const SHOWN_MAX = 99;

function BellIcon() {
  return (
    <LineIcon>
      <path d="M6 10a6 6 0 0 1 12 0v3l2 3H4l2-3zM10 20a2 2 0 0 0 4 0" />
    </LineIcon>
  );
}

// The list loads when the bell is first opened: most pages never open it.
const NotificationList = lazy(() => import('./NotificationList').then((m) => ({ default: m.NotificationList })));

const setOpened = (notificationsModalOpen: boolean) => setSession({ notificationsModalOpen });

/**
 * The header's bell: how many notifications wait, and the list of them in a dialog (whole-screen
 * on a phone). Whether it is open is the session's notifications-modal flag (spec 1 §1), so
 * signing out closes it.
 */
export function NotificationsBell() {
  useNotificationsLiveUpdates();
  const count = useQuery(notificationCountQuery()).data?.count ?? 0;
  const opened = useSession((session) => session.notificationsModalOpen);
  const isPhone = useIsPhone();

  return (
    <>
      <Indicator
        label={<span aria-hidden>{count > SHOWN_MAX ? `${SHOWN_MAX}+` : count}</span>}
        disabled={count === 0}
        color="red.9"
        size={18}
        offset={6}
      >
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={count > 0 ? `Notifications (${count} new)` : 'Notifications'}
          aria-haspopup="dialog"
          onClick={() => setOpened(true)}
        >
          <BellIcon />
        </ActionIcon>
      </Indicator>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Notifications" fullScreen={isPhone} size="lg">
        {opened && (
          <Suspense fallback={<LoadingState label="Loading notifications" />}>
            <NotificationList onOpen={() => setOpened(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
