import type { QueryClient } from '@tanstack/react-query';

/** Every query of the team screens sits under ['team', practiceId] so one change can refresh them all. */
export const teamKeys = {
  all: (practiceId: number) => ['team', practiceId] as const,
  members: (practiceId: number) => ['team', practiceId, 'members'] as const,
  invites: (practiceId: number) => ['team', practiceId, 'invites'] as const,
  joinRequests: (practiceId: number) => ['team', practiceId, 'joinRequests'] as const,
  departments: (practiceId: number) => ['team', practiceId, 'departments'] as const,
};

/**
 * Membership changes ripple: a removed member leaves departments, an approved request adds a
 * member. Refreshing the practice's whole team view keeps every tab true.
 */
export function refreshTeam(queryClient: QueryClient, practiceId: number) {
  return queryClient.invalidateQueries({ queryKey: teamKeys.all(practiceId) });
}
