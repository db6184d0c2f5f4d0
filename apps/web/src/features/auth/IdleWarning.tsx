import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IDLE_WARNING_MS } from '@referwell/contracts';
import { useLastRequestAt } from '../../lib/activity';
import { logout } from '../../lib/logout';
import { useSession } from '../../lib/session';
import { currentUserQuery } from '../../lib/currentUser';

const SECOND = 1000;

/**
 * The server ends a session after `idleTimeoutMs` without requests. A minute before that happens
 * this asks whether the person is still there; any request (from any tab) pushes the moment back.
 */
export function IdleWarning() {
  const serverSession = useSession((session) => session.serverSession);
  const lastRequestAt = useLastRequestAt();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(Date.now);
  const [staying, setStaying] = useState(false);

  const deadline = serverSession && lastRequestAt > 0 ? lastRequestAt + serverSession.idleTimeoutMs : null;

  useEffect(() => {
    if (deadline === null) return;
    const left = deadline - Date.now();
    if (left <= 0) {
      notifications.show({
        id: 'idle-logout',
        title: 'Signed out',
        message: 'You were signed out because you were inactive for a while.',
      });
      void logout();
      return;
    }
    // Sleep until the warning is due, then tick every second through the countdown.
    const delay = left > IDLE_WARNING_MS ? left - IDLE_WARNING_MS : Math.min(SECOND, left);
    const timer = setTimeout(() => setNow(Date.now()), delay);
    return () => clearTimeout(timer);
  }, [deadline, now]);

  const remaining = deadline === null ? null : deadline - now;
  const warning = remaining !== null && remaining > 0 && remaining <= IDLE_WARNING_MS;
  const seconds = Math.ceil((remaining ?? 0) / SECOND);

  async function staySignedIn() {
    setStaying(true);
    try {
      // Any request resets the server's idle clock; this one also refreshes who is signed in.
      await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
    } finally {
      setStaying(false);
    }
  }

  return (
    <Modal opened={warning} onClose={() => void staySignedIn()} title="Are you still there?" centered>
      <Text role="timer">
        You will be signed out in {seconds} {seconds === 1 ? 'second' : 'seconds'}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => void logout()}>
          Sign out now
        </Button>
        <Button onClick={() => void staySignedIn()} loading={staying} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
