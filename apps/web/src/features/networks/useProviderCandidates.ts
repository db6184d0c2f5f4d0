import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directoryApi, PAGE_SIZE, PRACTICE_USER_SEARCH_MIN, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';

export interface Candidate {
  id: number;
  firstName: string;
  lastName: string;
  title: string | null;
}

/**
 * Providers of one practice to pick from. In a practice the person works in, its provider list
 * (paged, filtered by name from 2 characters); elsewhere that list is closed to them, so providers
 * are found by name in the directory and kept when they work in the chosen practice.
 */
interface Candidates {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The directory needs at least one character before it looks anyone up. */
  waitingForName: boolean;
  candidates: Candidate[];
  count: number;
  pageSize: number;
}

export function useProviderCandidates(
  practiceId: number | null,
  ownPractice: boolean,
  name: string,
  page: number,
): Candidates {
  const team = useQuery({
    queryKey: ['networks', 'providers', practiceId, name, page],
    queryFn: ({ signal }) =>
      call(practicesApi.providers, {
        params: { id: practiceId! },
        query: { page, name: name.length >= PRACTICE_USER_SEARCH_MIN ? name : undefined },
        signal,
      }),
    enabled: practiceId !== null && ownPractice,
    placeholderData: keepPreviousData,
  });
  const directory = useQuery({
    queryKey: ['networks', 'directory', name, page],
    queryFn: ({ signal }) => call(directoryApi.searchUsers, { query: { query: name, suggest: 'true', page }, signal }),
    enabled: practiceId !== null && !ownPractice && name.length >= 1,
    placeholderData: keepPreviousData,
  });

  if (ownPractice) {
    return {
      query: team,
      waitingForName: false,
      candidates: team.data?.data ?? [],
      count: team.data?.count ?? 0,
      pageSize: PAGE_SIZE.practiceProviders,
    };
  }
  return {
    query: directory,
    waitingForName: name.length === 0,
    candidates: (directory.data?.data ?? []).filter((person) => person.practices.some((p) => p.id === practiceId)),
    // The directory counts everyone with the name; the page is narrowed to the practice here.
    count: directory.data?.count ?? 0,
    pageSize: directoryApi.DIRECTORY_PAGE_SIZE,
  };
}
