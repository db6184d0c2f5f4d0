import { useEffect } from 'react';
import { Anchor, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Id, formatPhone } from '@referwell/contracts';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { personName } from '../../lib/names';
import { usePageTitle } from '../../lib/pageTitle';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { RelativeTime } from '../../ui/RelativeTime';
import { Fact } from '../../ui/Fact';
import { Section } from '../../ui/Section';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { patientPaths } from '../patients';
import { intakePaths } from './intakePaths';
import {
  refreshIntake,
  submissionQuery,
  useIntakeScope,
  type IntakeScope,
  type Submission,
  type SubmissionList,
} from './intakeQueries';
import { answerLabel } from './intakeLabels';
import { SubmissionActions } from './SubmissionActions';
import { SubmissionBadges } from './SubmissionListItem';

/** One submission: what the patient answered, how to reach them, and what the practice does with it. */
export function SubmissionDetailPage() {
  const scope = useIntakeScope();
  const params = useParams();
  const botId = Id.safeParse(params.botId);
  const id = Id.safeParse(params.submissionId);
  if (!scope) return <NoPracticeMessage title="Submission" description="Intake forms belong to a practice." />;
  if (!botId.success || !id.success) return <Missing botId={botId.data} />;
  return <SubmissionView key={`${scope.practiceId}:${id.data}`} scope={scope} botId={botId.data} id={id.data} />;
}

/** The list a submission sits in, for the way back to it. */
const listOf = (submission: Submission): SubmissionList =>
  submission.archived ? 'archived' : (submission.status.toLowerCase() as SubmissionList);

function BackLink({ botId, list }: { botId?: number; list?: SubmissionList }) {
  return (
    <Anchor component={Link} to={botId === undefined ? intakePaths.bots : intakePaths.bot(botId, list)} size="sm">
      Back to submissions
    </Anchor>
  );
}

function Missing({ botId }: { botId?: number }) {
  usePageTitle('Submission');
  return (
    <Stack gap="lg">
      <BackLink botId={botId} />
      <EmptyMessage title="This submission is not available">It may belong to another practice.</EmptyMessage>
    </Stack>
  );
}

function SubmissionView({ scope, botId, id }: { scope: IntakeScope; botId: number; id: number }) {
  const queryClient = useQueryClient();
  const detail = useQuery(submissionQuery(scope.practiceId, id));
  const submission = detail.data;
  usePageTitle(submission ? `Submission from ${personName(submission)}` : 'Submission');

  // Opening it marked it read: the lists and unread counts change with it.
  const loaded = detail.isSuccess;
  useEffect(() => {
    if (loaded) void refreshIntake(queryClient, scope.practiceId);
  }, [loaded, queryClient, scope.practiceId]);

  if (detail.isPending) return <LoadingState label="Loading the submission" />;
  if (detail.isError) {
    if (isApiError(detail.error, 456) || isApiError(detail.error, 404) || isApiError(detail.error, 403))
      return <Missing botId={botId} />;
    return (
      <Stack gap="lg">
        <BackLink botId={botId} />
        <ErrorState
          title="Could not load the submission"
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      </Stack>
    );
  }
  return <SubmissionContent scope={scope} submission={detail.data} />;
}

function SubmissionContent({ scope, submission }: { scope: IntakeScope; submission: Submission }) {
  const name = personName(submission);
  return (
    <Stack gap="lg">
      <BackLink botId={submission.botId} list={listOf(submission)} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <PageHeader
          title={name}
          description={
            <>
              Sent through {submission.botName}, <RelativeTime value={submission.createdAt} addSuffix withTooltip />
            </>
          }
        />
        <Group gap="xs">
          <SubmissionBadges submission={submission} />
        </Group>
      </Group>
      <SubmissionActions scope={scope} submission={submission} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section title="Answers">
            {submission.answers.length === 0 ? (
              <Text c="dimmed">The form asked nothing more.</Text>
            ) : (
              <Stack component="dl" gap="sm" m={0}>
                {submission.answers.map((answer) => (
                  <Fact key={answer.variable} label={answerLabel(answer)}>
                    {(answer.questionType === 'phone' ? formatPhone(answer.value) : answer.value) || '—'}
                  </Fact>
                ))}
              </Stack>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title="Contact">
            <SimpleGrid component="dl" cols={1} spacing="sm" m={0}>
              <Fact label="Phone">
                <Anchor href={`tel:${submission.phoneNumber}`}>{formatPhone(submission.phoneNumber)}</Anchor>
              </Fact>
              {submission.email && (
                <Fact label="E-mail">
                  <Anchor href={`mailto:${submission.email}`}>{submission.email}</Anchor>
                </Fact>
              )}
              {/* The server gives it as MM/DD/YYYY already, as on patient records. */}
              {submission.dateOfBirth && <Fact label="Date of birth">{submission.dateOfBirth}</Fact>}
              <Fact label="Received">{formatDate(submission.createdAt, 'FullSmall')}</Fact>
              {submission.decidedAt !== null && (
                <Fact label={submission.status === 'ACCEPTED' ? 'Accepted' : 'Rejected'}>
                  {formatDate(submission.decidedAt, 'FullSmall')}
                </Fact>
              )}
              {submission.patientId !== null && (
                <Fact label="Patient record">
                  <Anchor component={Link} to={patientPaths.detail(submission.patientId)}>
                    Open in your patients
                  </Anchor>
                </Fact>
              )}
            </SimpleGrid>
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
