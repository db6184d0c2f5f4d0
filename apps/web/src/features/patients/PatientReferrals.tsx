import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { patientsApi } from '@referwell/contracts';
import { ListPagination } from '../../ui/ListPagination';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ReferralListItem } from '../referrals';
import { patientReferralsQuery } from './patientQueries';

/** The patient's referrals, newest first, ten to a page, each opening the referral. */
export function PatientReferrals({ practiceId, patientId }: { practiceId: number; patientId: number }) {
  const [page, setPage] = useState(0);
  const referrals = useQuery(patientReferralsQuery(practiceId, patientId, page));

  let content;
  if (referrals.isPending) content = <LoadingState label="Loading the patient's referrals" />;
  else if (referrals.isError) {
    content = (
      <ErrorState
        title="Could not load the patient's referrals"
        error={referrals.error}
        onRetry={() => void referrals.refetch()}
        retrying={referrals.isFetching}
      />
    );
  } else if (referrals.data.data.length === 0) content = <EmptyMessage title="No referrals for this patient yet" />;
  else {
    content = (
      <Stack gap="sm">
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="The patient's referrals" style={{ listStyle: 'none' }}>
          {referrals.data.data.map((referral) => (
            <ReferralListItem key={referral.id} referral={referral} practiceId={practiceId} />
          ))}
        </Stack>
        <ListPagination
          label="Referral pages"
          page={page}
          pageSize={patientsApi.PATIENT_REFERRALS_PAGE_SIZE}
          count={referrals.data.count}
          onChange={setPage}
        />
      </Stack>
    );
  }
  return <Section title="Referrals">{content}</Section>;
}
