import { Badge, Group } from '@mantine/core';
import type { practicesApi, referralsApi } from '@referwell/contracts';
import { STATUS_COLORS, STATUS_LABELS } from './referralLabels';

export function StatusBadge({ status }: { status: referralsApi.ReferralStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** A practice's tags in their own colours; dark text keeps light colours readable. */
export function TagBadges({ tags }: { tags: readonly practicesApi.PracticeTag[] }) {
  if (tags.length === 0) return null;
  return (
    <Group component="ul" gap={4} m={0} p={0} aria-label="Tags" style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <Badge
            variant="outline"
            radius="sm"
            size="sm"
            c="dark.7"
            leftSection={
              <span
                aria-hidden
                style={{ width: 8, height: 8, borderRadius: 4, background: tag.color, display: 'inline-block' }}
              />
            }
            style={{ borderColor: tag.color, textTransform: 'none' }}
          >
            {tag.name}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
