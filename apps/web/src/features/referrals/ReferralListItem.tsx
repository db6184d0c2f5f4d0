import { Group, Stack, Text } from '@mantine/core';
import { personName } from '../../lib/names';
import { LinkCardItem, NewBadge } from '../../ui/LinkCardItem';
import { RelativeTime } from '../../ui/RelativeTime';
import { StatusBadge, TagBadges } from './ReferralBadges';
import { TYPE_LABELS } from './referralLabels';
import { referralPaths } from './referralPaths';
import type { ReferralSummary } from './referralQueries';

/** Where a referral goes or comes from, seen from the caller's practice. */
export function referralRoute(referral: ReferralSummary, practiceId: number): string {
  if (referral.practice.id !== practiceId) return `From ${referral.practice.name} · ${personName(referral.fromUser)}`;
  const to =
    referral.receivingPractice?.name ??
    (referral.speciality ? `${referral.speciality.name} practices` : 'matching practices');
  return `To ${to}`;
}

/**
 * One referral of a list: a link to it as a card that wraps onto more lines on a phone. Unread
 * ones have a bold patient name and a "New" badge.
 */
export function ReferralListItem({ referral, practiceId }: { referral: ReferralSummary; practiceId: number }) {
  const unread = !referral.viewed;
  const kind = referral.speciality
    ? `${TYPE_LABELS[referral.type]} · ${referral.speciality.name}`
    : TYPE_LABELS[referral.type];
  return (
    <LinkCardItem to={referralPaths.detail(referral.id)}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            {unread && <NewBadge />}
            <Text fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
              {referral.patient.firstName} {referral.patient.lastName}
            </Text>
            <StatusBadge status={referral.status} />
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {referralRoute(referral, practiceId)}
          </Text>
          <Text size="sm">{kind}</Text>
          <TagBadges tags={referral.tags} />
        </Stack>
        <Text size="sm" c="dimmed">
          Updated <RelativeTime value={referral.updatedAt} addSuffix />
        </Text>
      </Group>
    </LinkCardItem>
  );
}
