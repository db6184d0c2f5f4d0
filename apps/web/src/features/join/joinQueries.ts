import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { joinRequestsApi, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';

/** Practices the user was invited to or asked to join, with the pending invite or request. */
export function availablePracticesQuery() {
  return queryOptions({
    queryKey: ['joinRequests', 'available'],
    queryFn: ({ signal }) => call(joinRequestsApi.availablePractices, { signal }),
  });
}

/** Practices by name, a page at a time. */
export function practiceSearchQuery(query: string) {
  return infiniteQueryOptions({
    queryKey: ['practices', 'search', query],
    queryFn: ({ pageParam, signal }) =>
      call(practicesApi.searchPractices, { query: { query, page: pageParam }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
      return loaded < last.count && last.data.length > 0 ? pages.length : undefined;
    },
    enabled: query.length > 0,
  });
}

export function practiceSummaryQuery(id: number | null) {
  return queryOptions({
    queryKey: ['practices', 'summary', id],
    queryFn: ({ signal }) => call(practicesApi.practiceSummary, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}
