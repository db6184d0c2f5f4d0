import { queryOptions } from '@tanstack/react-query';
import { directoryApi } from '@referwell/contracts';
import { call } from '../../lib/api';

/** A person's profile with their professional details; My settings reads one's own through it too. */
export function userProfileQuery(userId: number | null) {
  return queryOptions({
    queryKey: ['users', 'profile', userId],
    queryFn: ({ signal }) => call(directoryApi.userProfile, { params: { id: userId! }, signal }),
    enabled: userId !== null,
  });
}
