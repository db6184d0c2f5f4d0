import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { usersApi, type CurrentUserResponse, type User } from '@referwell/contracts';
import { call } from './api';
import { setSession } from './session';

/** Loads who is signed in and keeps the session store in step with the answer. */
export function currentUserQuery() {
  return queryOptions({
    queryKey: ['currentUser'],
    queryFn: async ({ signal }) => {
      const response = await call(usersApi.currentUser, { signal });
      setSession({
        currentUser: response.user,
        currentPractice: response.currentPractice,
        serverSession: response.session,
      });
      return response;
    },
  });
}

/** Puts a user the server just returned (after an edit) in the session and the cache. */
export function applyUpdatedUser(queryClient: QueryClient, user: User) {
  setSession({ currentUser: user });
  queryClient.setQueryData<CurrentUserResponse>(['currentUser'], (previous) => previous && { ...previous, user });
}
