import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UNREAD_CHANGED_EVENT } from '../events';
import { refreshIntake } from './intakeQueries';

/**
 * A patient sending a form reaches the practice as an unread change on the events socket
 * (SUBMISSION_RECEIVED with updateUnreads, features/events): while the forms or a form's
 * submissions are on screen, their lists and counts are fetched again. A change of unknown
 * practice (after a reconnection) refreshes them too.
 */
export function useIntakeLiveUpdates(practiceId: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onChange = (event: Event) => {
      const changed = (event as CustomEvent<{ practiceId?: number } | null>).detail?.practiceId;
      if (changed === undefined || changed === practiceId) void refreshIntake(queryClient, practiceId);
    };
    window.addEventListener(UNREAD_CHANGED_EVENT, onChange);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, onChange);
  }, [queryClient, practiceId]);
}
