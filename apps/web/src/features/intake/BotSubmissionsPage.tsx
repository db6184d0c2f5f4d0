import { useState } from 'react';
import { Anchor, Badge, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Id, intakeApi } from '@referwell/contracts';
import { isApiError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePageTitle } from '../../lib/pageTitle';
import { ListPagination } from '../../ui/ListPagination';
import { NoPracticeMessage } from '../../ui/NoPracticeMessage';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyMessage, ErrorState, LoadingState } from '../../ui/States';
import { intakePaths } from './intakePaths';
import {
  botQuery,
  submissionCountsQuery,
  submissionsQuery,
  useIntakeScope,
  type Bot,
  type IntakeScope,
  type SubmissionList,
} from './intakeQueries';
import { LIST_COUNTS, SUBMISSION_LIST_LABELS, SUBMISSION_LISTS } from './intakeLabels';
import { SubmissionListItem } from './SubmissionListItem';
import { useIntakeLiveUpdates } from './useIntakeLiveUpdates';

/** The list of a bot's submissions named in the address (`?list=`); anything else is the new ones. */
export function useSubmissionList(): SubmissionList {
  const [params] = useSearchParams();
  const list = params.get('list');
  return SUBMISSION_LISTS.find((one) => one === list) ?? 'new';
}

export function BackToForms() {
  return (
    <Anchor component={Link} to={intakePaths.bots} size="sm">
      Back to intake forms
    </Anchor>
  );
}

/** What patients sent through one intake form: new, accepted, rejected and archived. */
export function BotSubmissionsPage() {
  const scope = useIntakeScope();
  const id = Id.safeParse(useParams().botId);
  if (!scope) return <NoPracticeMessage title="Intake" description="Intake forms belong to a practice." />;
  if (!id.success) return <MissingBot />;
  return <BotView key={`${scope.practiceId}:${id.data}`} scope={scope} botId={id.data} />;
}

function MissingBot() {
  usePageTitle('Intake form');
  return (
    <Stack gap="lg">
      <BackToForms />
      <EmptyMessage title="This intake form is not available">
        It does not exist, or it belongs to another practice.
      </EmptyMessage>
    </Stack>
  );
}

function BotView({ scope, botId }: { scope: IntakeScope; botId: number }) {
  const bot = useQuery(botQuery(scope.practiceId, botId));
  usePageTitle(bot.data ? `${bot.data.name} submissions` : 'Intake form');
  if (bot.isPending) return <LoadingState label="Loading the intake form" />;
  if (bot.isError) {
    if (isApiError(bot.error, 456) || isApiError(bot.error, 404) || isApiError(bot.error, 403)) return <MissingBot />;
    return (
      <Stack gap="lg">
        <BackToForms />
        <ErrorState
          title="Could not load the intake form"
          error={bot.error}
          onRetry={() => void bot.refetch()}
          retrying={bot.isFetching}
        />
      </Stack>
    );
  }
  return <BotSubmissions scope={scope} bot={bot.data} />;
}

function BotSubmissions({ scope, bot }: { scope: IntakeScope; bot: Bot }) {
  useIntakeLiveUpdates(scope.practiceId);
  const active = useSubmissionList();
  const [, setParams] = useSearchParams();
  const counts = useQuery(submissionCountsQuery(scope.practiceId, bot.id));

  return (
    <Stack gap="lg">
      <BackToForms />
      <PageHeader
        title={bot.name}
        description={
          bot.takenDownAt === null
            ? `What patients sent through ${bot.formUrl}`
            : `Taken down ${formatDate(bot.takenDownAt, 'Invoice')}: patients can no longer send it. What they sent before stays here.`
        }
      />
      <Tabs
        value={active}
        onChange={(value) => value && setParams(value === 'new' ? {} : { list: value })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Submission lists">
          {SUBMISSION_LISTS.map((list) => {
            const count = counts.data?.[LIST_COUNTS[list]];
            return (
              <Tabs.Tab
                key={list}
                value={list}
                rightSection={
                  count === undefined ? undefined : (
                    <>
                      <Badge size="sm" variant="light" color="gray" aria-hidden>
                        {count}
                      </Badge>
                      <VisuallyHidden> ({count})</VisuallyHidden>
                    </>
                  )
                }
              >
                {SUBMISSION_LIST_LABELS[list]}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {SUBMISSION_LISTS.map((list) => (
          <Tabs.Panel key={list} value={list} pt="md">
            <Submissions scope={scope} botId={bot.id} list={list} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

const EMPTY: Record<SubmissionList, string> = {
  new: 'No new submissions',
  accepted: 'No accepted submissions',
  rejected: 'No rejected submissions',
  archived: 'Nothing archived',
};

function Submissions({ scope, botId, list }: { scope: IntakeScope; botId: number; list: SubmissionList }) {
  const [page, setPage] = useState(0);
  const submissions = useQuery(submissionsQuery(scope.practiceId, botId, list, page));
  // Accepting or archiving the last one of the last page leaves nothing to show there.
  if (submissions.data && !submissions.isPlaceholderData && submissions.data.data.length === 0 && page > 0)
    setPage(page - 1);

  if (submissions.isPending) return <LoadingState label="Loading submissions" />;
  if (submissions.isError) {
    return (
      <ErrorState
        title="Could not load the submissions"
        error={submissions.error}
        onRetry={() => void submissions.refetch()}
        retrying={submissions.isFetching}
      />
    );
  }
  if (submissions.data.count === 0) {
    return (
      <EmptyMessage title={EMPTY[list]}>
        {list === 'new' ? 'Forms patients send show up here.' : undefined}
      </EmptyMessage>
    );
  }
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="xs"
        m={0}
        p={0}
        aria-label={`${SUBMISSION_LIST_LABELS[list]} submissions`}
        style={{ listStyle: 'none' }}
      >
        {submissions.data.data.map((submission) => (
          <SubmissionListItem key={submission.id} submission={submission} />
        ))}
      </Stack>
      <ListPagination
        label={`${SUBMISSION_LIST_LABELS[list]} submission pages`}
        page={page}
        pageSize={intakeApi.SUBMISSIONS_PAGE_SIZE}
        count={submissions.data.count}
        onChange={setPage}
      />
    </Stack>
  );
}
