import { queryOptions } from '@tanstack/react-query';
import { usersApi } from '@referwell/contracts';
import { call } from './api';
import { setSession } from './session';

export function practicesQuery() {
  return queryOptions({
    queryKey: ['currentUser', 'practices'],
    queryFn: async ({ signal }) => {
      const practices = await call(usersApi.currentUserPractices, { signal });
      setSession({ practices });
      return practices;
    },
  });
}
