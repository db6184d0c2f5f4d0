import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatPhone } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { LinkCardItem, NewBadge } from '../../ui/LinkCardItem';
import { RelativeTime } from '../../ui/RelativeTime';
import { intakePaths } from './intakePaths';
import type { Submission } from './intakeQueries';
import { SUBMISSION_STATUS_COLORS, SUBMISSION_STATUS_LABELS } from './intakeLabels';

/** Where a submission stands: its status, and Archived when it is. */
export function SubmissionBadges({ submission }: { submission: Pick<Submission, 'status' | 'archived'> }) {
  return (
    <>
      <Badge color={SUBMISSION_STATUS_COLORS[submission.status]} variant="light" radius="sm">
        {SUBMISSION_STATUS_LABELS[submission.status]}
      </Badge>
      {submission.archived && (
        <Badge color="gray" variant="light" radius="sm">
          Archived
        </Badge>
      )}
    </>
  );
}

/**
 * One submission of a list: a link to it as a card, like a referral's. Unopened ones have a bold
 * name and a "New" badge, whose word is what screen readers hear.
 */
export function SubmissionListItem({ submission }: { submission: Submission }) {
  const unread = !submission.viewed;
  return (
    <LinkCardItem to={intakePaths.submission(submission.botId, submission.id)}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            {unread && <NewBadge />}
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {personName(submission)}
            </Text>
            <SubmissionBadges submission={submission} />
          </Group>
          <Text size="sm" c="dimmed">
            {formatPhone(submission.phoneNumber)}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed">
          Received <RelativeTime value={submission.createdAt} addSuffix />
        </Text>
      </Group>
    </LinkCardItem>
  );
}
