import type { ReactNode } from 'react';
import { useState } from 'react';
import { Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListPagination } from '../../ui/ListPagination';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { usePaged } from '../../ui/usePaged';
import { ReferralListItem } from './ReferralListItem';
import { LIST_LABELS } from './referralLabels';
import { referralPaths } from './referralPaths';
import {
  referralListQuery,
  referralSearchQuery,
  REFERRALS_PAGE_SIZE,
  type ReferralListType,
  type ReferralSummary,
} from './referralQueries';
import type { PracticeScope } from '../../lib/practiceScope';

function Items({ label, referrals, practiceId }: { label: string; referrals: ReferralSummary[]; practiceId: number }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {referrals.map((referral) => (
        <ReferralListItem key={referral.id} referral={referral} practiceId={practiceId} />
      ))}
    </Stack>
  );
}

const EMPTY: Record<ReferralListType, { title: string; body?: ReactNode }> = {
  inbox: {
    title: 'No referrals in your inbox',
    body: 'Referrals offered to your practice show up here as they arrive.',
  },
  sent: {
    title: 'You have not sent any referrals yet',
    body: (
      <Anchor component={Link} to={referralPaths.create}>
        Send a referral
      </Anchor>
    ),
  },
  archived: { title: 'Nothing archived', body: 'Referrals you archive are kept here.' },
};

interface ReferralListProps {
  scope: PracticeScope;
  type: ReferralListType;
  provider?: number;
  patientName?: string;
}

/** One page of a referral list at a time, newest change first. */
export function ReferralList({ scope, type, provider, patientName }: ReferralListProps) {
  // The page belongs to the filters it was chosen under; new filters start at the first page.
  const filterKey = `${provider ?? ''}|${patientName ?? ''}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const list = useQuery(referralListQuery(scope.practiceId, type, { page, provider, patientName }));
  // Archiving the last referral of the last page leaves nothing to show there.
  if (list.data && !list.isPlaceholderData && list.data.data.length === 0 && page > 0)
    setPaging({ filterKey, page: page - 1 });

  if (list.isPending) return <LoadingState label="Loading referrals" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Could not load the referrals"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  if (list.data.data.length === 0) {
    if (provider !== undefined || patientName) return <EmptyMessage title="No referrals match these filters" />;
    return <EmptyMessage title={EMPTY[type].title}>{EMPTY[type].body}</EmptyMessage>;
  }
  return (
    <Stack gap="sm">
      <Items label={`${LIST_LABELS[type]} referrals`} referrals={list.data.data} practiceId={scope.practiceId} />
      <ListPagination
        label={`${LIST_LABELS[type]} pages`}
        page={page}
        pageSize={REFERRALS_PAGE_SIZE}
        count={list.data.count}
        onChange={(next) => setPaging({ filterKey, page: next })}
      />
    </Stack>
  );
}

/** What GET /referrals/search found; the answer comes whole, so it is paged here. */
export function ReferralSearchResults({
  scope,
  type,
  query,
}: {
  scope: PracticeScope;
  type: ReferralListType;
  query: string;
}) {
  const search = useQuery(referralSearchQuery(scope.practiceId, type, query));
  const paged = usePaged(search.data ?? [], REFERRALS_PAGE_SIZE);

  if (search.isPending) return <LoadingState label="Searching referrals" />;
  if (search.isError) {
    return (
      <ErrorState
        title="Could not search the referrals"
        error={search.error}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  }
  if (search.data.length === 0) return <EmptyMessage title={`No referrals match “${query}”`} />;
  return (
    <Stack gap="sm">
      <Items label="Referrals found" referrals={paged.items} practiceId={scope.practiceId} />
      <ListPagination label="Referrals found pages" {...paged.pagination} />
    </Stack>
  );
}
