import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { practicesApi, referralsApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { unreadKeys } from '../unread';

export type ReferralSummary = referralsApi.ReferralSummary;
export type ReferralDetail = referralsApi.ReferralDetail;
export type ReferralListType = referralsApi.ReferralListType;

export const REFERRALS_PAGE_SIZE = 30;

export interface ListFilters {
  page: number;
  provider?: number;
  patientName?: string;
}

/** Every referral query sits under ['referrals', practiceId], so a change can refresh them together. */
export const referralKeys = {
  all: ['referrals'] as const,
  lists: (practiceId: number) => ['referrals', practiceId, 'list'] as const,
  list: (practiceId: number, type: ReferralListType, filters: ListFilters) =>
    ['referrals', practiceId, 'list', type, filters] as const,
  search: (practiceId: number, type: ReferralListType, query: string) =>
    ['referrals', practiceId, 'list', 'search', type, query] as const,
  detail: (practiceId: number, id: number) => ['referrals', practiceId, 'detail', id] as const,
  comments: (practiceId: number, id: number) => ['referrals', practiceId, 'comments', id] as const,
  notes: (practiceId: number, id: number) => ['referrals', practiceId, 'notes', id] as const,
  mentions: (practiceId: number, id: number) => ['referrals', practiceId, 'mentions', id] as const,
  providers: (practiceId: number) => ['referrals', practiceId, 'providers'] as const,
  tags: (practiceId: number) => ['referrals', practiceId, 'tags'] as const,
};

export function referralListQuery(practiceId: number, type: ReferralListType, filters: ListFilters) {
  return queryOptions({
    queryKey: referralKeys.list(practiceId, type, filters),
    queryFn: ({ signal }) =>
      call(referralsApi.listReferrals, {
        params: { type },
        query: { practiceId, pageSize: REFERRALS_PAGE_SIZE, ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A referral arriving while the person was in another tab shows as soon as they come back.
    refetchOnWindowFocus: 'always',
  });
}

/** Search covers the tab's direction: the inbox, the sent list, or both for the archive. */
const SEARCH_DIRECTION: Record<ReferralListType, 'true' | 'false' | undefined> = {
  inbox: 'true',
  sent: 'false',
  archived: undefined,
};

export function referralSearchQuery(practiceId: number, type: ReferralListType, query: string) {
  return queryOptions({
    queryKey: referralKeys.search(practiceId, type, query),
    queryFn: ({ signal }) =>
      call(referralsApi.searchReferrals, { query: { practiceId, query, inbox: SEARCH_DIRECTION[type] }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function referralDetailQuery(practiceId: number, id: number) {
  return queryOptions({
    queryKey: referralKeys.detail(practiceId, id),
    queryFn: ({ signal }) => call(referralsApi.getReferral, { params: { id }, query: { practiceId }, signal }),
    refetchOnWindowFocus: 'always',
  });
}

/** The provider filter offers the practice's providers; more than this is beyond a drop-down. */
const PROVIDER_FILTER_LIMIT = 100;

export function practiceProvidersQuery(practiceId: number) {
  return queryOptions({
    queryKey: referralKeys.providers(practiceId),
    queryFn: ({ signal }) =>
      call(practicesApi.providers, { params: { id: practiceId }, query: { pageSize: PROVIDER_FILTER_LIMIT }, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Referrals carry the practice's REFERRAL and GENERAL tags (docs/decisions.md, Referrals). */
export function referralTagsQuery(practiceId: number) {
  return queryOptions({
    queryKey: referralKeys.tags(practiceId),
    queryFn: async ({ signal }) => {
      const tags = await call(practicesApi.listTags, { params: { id: practiceId }, signal });
      return tags.filter((tag) => tag.context === 'REFERRAL' || tag.context === 'GENERAL');
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * After a change: the lists (status, tags, unread marks), the practice's unread count (reading,
 * archiving or answering a referral can take it out of the inbox's unread ones) and, when given,
 * the referral itself.
 */
export function refreshReferrals(queryClient: QueryClient, practiceId: number, detail?: ReferralDetail) {
  if (detail) queryClient.setQueryData(referralKeys.detail(practiceId, detail.id), detail);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: referralKeys.lists(practiceId) }),
    queryClient.invalidateQueries({ queryKey: unreadKeys.practice(practiceId) }),
  ]);
}
