import { useQueryClient } from '@tanstack/react-query';
import { usersApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { setSession } from '../../lib/session';
import { currentUserQuery } from '../../lib/currentUser';

/**
 * After joining a practice: make it the current one (the server usually has already; the switch is
 * the PracticeSwitcher's when it has not), refresh the user and their practices, and mark the rest
 * stale since it may belong to the previous practice.
 */
export function useLandInPractice() {
  const queryClient = useQueryClient();
  return async function land(practiceId: number | null) {
    const current = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
    if (practiceId !== null && current.currentPractice?.practice.id !== practiceId) {
      const updated = await call(usersApi.editUser, { params: { id: current.user.id }, body: { practiceId } });
      setSession({ currentUser: updated });
    }
    await queryClient.invalidateQueries({ queryKey: ['currentUser'] });
    void queryClient.invalidateQueries({ refetchType: 'none' });
  };
}
