import { Group, Stack, Text } from '@mantine/core';
import type { worklistApi } from '@referwell/contracts';
import { chatPaths } from '../chats';
import { intakePaths } from '../intake';
import { referralPaths } from '../referrals';
import { LinkCardItem, NewBadge } from '../../ui/LinkCardItem';
import { RelativeTime } from '../../ui/RelativeTime';
import { TimeLeft } from './TimeLeft';

const wrap = { overflowWrap: 'anywhere' } as const;

/** The item's first line: who or what it is about, bold. */
function Lead({ children }: { children: React.ReactNode }) {
  return (
    <Text fw={700} style={wrap}>
      {children}
    </Text>
  );
}

function ItemLayout({ main, aside }: { main: React.ReactNode; aside: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
      <Stack gap={2} miw={0} style={{ flex: '1 1 180px' }}>
        {main}
      </Stack>
      {aside}
    </Group>
  );
}

export function WaitingReferralItem({ referral }: { referral: worklistApi.WaitingReferral }) {
  return (
    <LinkCardItem to={referralPaths.detail(referral.id)}>
      <ItemLayout
        main={
          <>
            <Group gap="xs" wrap="wrap">
              {!referral.viewed && <NewBadge />}
              <Lead>{referral.patientName}</Lead>
            </Group>
            <Text size="sm" c="dimmed" style={wrap}>
              From {referral.fromPractice.name}
              {referral.speciality && ` · ${referral.speciality}`}
            </Text>
          </>
        }
        aside={
          referral.answerBy === null ? (
            <Text size="sm" c="dimmed">
              Offered <RelativeTime value={referral.offeredAt} addSuffix />
            </Text>
          ) : (
            <TimeLeft until={referral.answerBy} />
          )
        }
      />
    </LinkCardItem>
  );
}

/** What became of a sent referral, by whom. */
function outcome(news: worklistApi.SentReferralNews): string {
  const by = news.byPractice?.name ?? 'the practice';
  switch (news.status) {
    case 'ACCEPTED':
      return `Accepted by ${by}`;
    case 'RESCHEDULED':
      return `New appointment from ${by}`;
    case 'REJECTED':
      return `Declined by ${by}`;
    case 'EXPIRED':
      return 'No practice accepted it in time';
  }
}

export function SentReferralItem({ news }: { news: worklistApi.SentReferralNews }) {
  const bad = news.status === 'REJECTED' || news.status === 'EXPIRED';
  return (
    <LinkCardItem to={referralPaths.detail(news.id)}>
      <ItemLayout
        main={
          <>
            <Lead>{news.patientName}</Lead>
            <Text size="sm" fw={600} c={bad ? 'red.9' : 'teal.9'} style={wrap}>
              {outcome(news)}
            </Text>
          </>
        }
        aside={
          <Text size="sm" c="dimmed">
            <RelativeTime value={news.changedAt} addSuffix />
          </Text>
        }
      />
    </LinkCardItem>
  );
}

export function UnreadChatItem({ chat }: { chat: worklistApi.UnreadChat }) {
  return (
    <LinkCardItem to={chatPaths.chat(chat.id)}>
      <ItemLayout
        main={
          <>
            <Lead>{chat.title}</Lead>
            <Text size="sm" c="dimmed" style={wrap}>
              {chat.unreadCount} unread message{chat.unreadCount === 1 ? '' : 's'}
              {chat.lastMessageFrom && `, the last from ${chat.lastMessageFrom}`}
            </Text>
          </>
        }
        aside={
          chat.lastMessageAt !== null && (
            <Text size="sm" c="dimmed">
              <RelativeTime value={chat.lastMessageAt} addSuffix />
            </Text>
          )
        }
      />
    </LinkCardItem>
  );
}

export function NewSubmissionItem({ submission }: { submission: worklistApi.NewSubmission }) {
  return (
    <LinkCardItem to={intakePaths.submission(submission.botId, submission.id)}>
      <ItemLayout
        main={
          <>
            <Lead>{submission.patientName}</Lead>
            <Text size="sm" c="dimmed" style={wrap}>
              Form: {submission.botName}
            </Text>
          </>
        }
        aside={
          <Text size="sm" c="dimmed">
            <RelativeTime value={submission.receivedAt} addSuffix />
          </Text>
        }
      />
    </LinkCardItem>
  );
}
