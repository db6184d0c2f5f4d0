import { useState } from 'react';
import { Button, Group, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Id, referralsApi } from '@referwell/contracts';
import { usePageTitle } from '../../lib/pageTitle';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';
import { PageHeader } from '../../ui/PageHeader';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { REFERRAL_TEXT_MIN, ReferralFilters, type FilterText } from './ReferralFilters';
import { ReferralList, ReferralSearchResults } from './ReferralList';
import { LIST_LABELS } from './referralLabels';
import { referralPaths } from './referralPaths';
import { type ReferralListType } from './referralQueries';
import { useReferralsLiveUpdates } from './useReferralsLiveUpdates';

export const FILTER_DEBOUNCE_MS = 300;
const LIST_TYPES = referralsApi.ReferralListType.options;

/** The practice's referrals: inbox, sent and archived, with search and filters. */
export function ReferralsPage() {
  usePageTitle('Referrals');
  useReferralsLiveUpdates();
  const scope = usePracticeScope();
  if (!scope)
    return <NoPracticeMessage title="Referrals" description="Referrals are sent and received by practices." />;
  // Keyed by practice: filters chosen in one practice mean nothing in the next.
  return <ReferralTabs key={scope.practiceId} scope={scope} />;
}

/** Text shorter than the minimum is not sent at all (spec 1 §5). */
const sendable = (text: string) => (text.length >= REFERRAL_TEXT_MIN ? text : undefined);

function ReferralTabs({ scope }: { scope: PracticeScope }) {
  const { type = 'inbox' } = useParams();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<FilterText>({ search: '', provider: '', patientName: '' });
  const [search] = useDebouncedValue(filters.search.trim(), FILTER_DEBOUNCE_MS);
  const [patientName] = useDebouncedValue(filters.patientName.trim(), FILTER_DEBOUNCE_MS);
  const parsed = referralsApi.ReferralListType.safeParse(type);
  if (!parsed.success) {
    // /referrals/{id} is how e-mails link a referral; anything else unknown falls back to the inbox.
    const id = Id.safeParse(type);
    return <Navigate to={id.success ? referralPaths.detail(id.data) : referralPaths.list()} replace />;
  }
  const active = parsed.data;
  const query = sendable(search);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeader title="Referrals" description={`Referrals ${scope.practiceName} received and sent.`} />
        <Button component={Link} to={referralPaths.create}>
          New referral
        </Button>
      </Group>
      <Tabs
        value={active}
        onChange={(value) => value && void navigate(referralPaths.list(value as ReferralListType))}
        keepMounted={false}
      >
        <Tabs.List aria-label="Referral lists">
          {LIST_TYPES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {LIST_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LIST_TYPES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Stack gap="md">
              <ReferralFilters practiceId={scope.practiceId} value={filters} onChange={setFilters} />
              {query ? (
                <ReferralSearchResults key={query} scope={scope} type={value} query={query} />
              ) : (
                <ReferralList
                  scope={scope}
                  type={value}
                  provider={filters.provider ? Number(filters.provider) : undefined}
                  patientName={sendable(patientName)}
                />
              )}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
