import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE, usersApi, type CurrentUserResponse, type User } from '@referwell/contracts';
import { ApiError, call, isApiError } from './api';
import { deleteCookie, readCookie } from './cookies';
import { getSession, setSession } from './session';

/**
 * Whether asking the server is worth it: the session cookie is out of scripts' reach, so the server
 * sets a readable hint beside it. A browser without one never signed in here, or signed out; it is
 * answered the server's 401 without the request (Chromium logs every refused request as an error).
 * A tab that holds a user still asks, so that a session ended elsewhere signs it out as any 401 does.
 */
function maybeSignedIn(): boolean {
  return readCookie(SESSION_HINT_COOKIE) !== null || getSession().currentUser !== null;
}

/** Loads who is signed in and keeps the session store in step with the answer. */
export function currentUserQuery() {
  return queryOptions({
    queryKey: ['currentUser'],
    queryFn: async ({ signal }) => {
      if (!maybeSignedIn()) throw new ApiError(401, 'UNAUTHORIZED', 'Not signed in');
      let response: CurrentUserResponse;
      try {
        response = await call(usersApi.currentUser, { signal });
      } catch (error) {
        // The session ended while the browser kept the hint (it expired, or ended elsewhere).
        if (isApiError(error, 401)) deleteCookie(SESSION_HINT_COOKIE);
        throw error;
      }
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
