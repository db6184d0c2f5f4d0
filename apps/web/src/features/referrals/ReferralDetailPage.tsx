import { useEffect, useRef } from 'react';
import { Anchor, Grid, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Id } from '@referwell/contracts';
import { isApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/pageTitle';
import { usePracticeScope, type PracticeScope } from '../../lib/practiceScope';
import { PageHeader } from '../../ui/PageHeader';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { ChatWithPatientButton } from '../chats';
import { PatientCard } from '../patients';
import { CommentsSection } from './CommentsSection';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { NotesSection } from './NotesSection';
import { ReferralActions } from './ReferralActions';
import { StatusBadge } from './ReferralBadges';
import { ReferralFacts } from './ReferralFacts';
import { referralRoute } from './ReferralListItem';
import { useReferralMutations } from './referralMutations';
import { referralPaths } from './referralPaths';
import { referralDetailQuery, type ReferralDetail } from './referralQueries';
import { ReferralTagsEditor } from './ReferralTagsEditor';
import { ReferralTimeline } from './ReferralTimeline';
import { useReferralsLiveUpdates } from './useReferralsLiveUpdates';

/** One referral: the patient, status and timeline, the answers allowed, comments and notes. */
export function ReferralDetailPage() {
  useReferralsLiveUpdates();
  const scope = usePracticeScope();
  const id = Id.safeParse(useParams().referralId);
  if (!scope) return <NoPracticeMessage title="Referral" description="Referrals are sent and received by practices." />;
  if (!id.success) return <Missing />;
  return <ReferralView key={`${scope.practiceId}:${id.data}`} scope={scope} id={id.data} />;
}

function BackLink() {
  return (
    <Anchor component={Link} to={referralPaths.list()} size="sm">
      Back to referrals
    </Anchor>
  );
}

function Missing() {
  usePageTitle('Referral');
  return (
    <Stack gap="lg">
      <BackLink />
      <EmptyMessage title="This referral is not available">
        It may have gone to another practice, or it was never offered to yours.
      </EmptyMessage>
    </Stack>
  );
}

function ReferralView({ scope, id }: { scope: PracticeScope; id: number }) {
  const detail = useQuery(referralDetailQuery(scope.practiceId, id));
  const patient = detail.data?.patient;
  usePageTitle(patient ? `Referral for ${patient.firstName} ${patient.lastName}` : 'Referral');

  if (detail.isPending) return <LoadingState label="Loading the referral" />;
  if (detail.isError) {
    // 456: the practice does not (or no longer) see it; 404: it does not exist.
    if (isApiError(detail.error, 456) || isApiError(detail.error, 404)) return <Missing />;
    return (
      <Stack gap="lg">
        <BackLink />
        <ErrorState
          title="Could not load the referral"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </Stack>
    );
  }
  return <ReferralContent scope={scope} referral={detail.data} />;
}

function ReferralContent({ scope, referral }: { scope: PracticeScope; referral: ReferralDetail }) {
  const mutations = useReferralMutations(scope, referral.id);
  const patient = `${referral.patient.firstName} ${referral.patient.lastName}`;

  // Opening a referral reads it, once: "Mark as unread" must not be undone by the next render.
  const opened = useRef(false);
  const { view } = mutations;
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!referral.viewed) view.mutate();
  }, [referral.viewed, view]);

  return (
    <Stack gap="lg">
      <BackLink />
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeader title={`Referral for ${patient}`} description={referralRoute(referral, scope.practiceId)} />
        <StatusBadge status={referral.status} />
      </Group>
      <ReferralActions scope={scope} referral={referral} />
      <ReferralTagsEditor practiceId={scope.practiceId} referral={referral} mutations={mutations} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <ReferralFacts referral={referral} />
            <CommentsSection scope={scope} referralId={referral.id} canComment={referral.actions.includes('comment')} />
            <NotesSection scope={scope} referralId={referral.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Section title="Patient">
              <PatientCard
                patient={referral.patient}
                // Each practice chats from its own record of the patient; one only offered the referral has none.
                actions={
                  referral.practicePatientId !== null ? (
                    <ChatWithPatientButton scope={scope} patientId={referral.practicePatientId} />
                  ) : undefined
                }
              />
            </Section>
            <ReferralTimeline events={referral.timeline} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
