import { Text, Timeline } from '@mantine/core';
import { personName } from '../../lib/names';
import { RelativeTime } from '../../ui/RelativeTime';
import { Section } from '../../ui/Section';
import { EVENT_LABELS } from './referralLabels';
import type { ReferralDetail } from './referralQueries';

type ReferralEvent = ReferralDetail['timeline'][number];

function who(event: ReferralEvent): string {
  const actor = event.actor ? personName(event.actor) : 'Referwell';
  return event.practice ? `${actor}, ${event.practice.name}` : actor;
}

/** Every step of the referral: what happened, who did it from which practice, and when. */
export function ReferralTimeline({ events }: { events: ReferralEvent[] }) {
  return (
    <Section title="Timeline">
      {/* An ordered list for its meaning; its own numbers off, since they sat on the timeline's dots. */}
      <Timeline
        active={events.length - 1}
        bulletSize={14}
        lineWidth={2}
        component="ol"
        style={{ listStyleType: 'none' }}
      >
        {events.map((event) => {
          const reason = typeof event.details.reason === 'string' && event.details.reason ? event.details.reason : null;
          return (
            <Timeline.Item key={event.id} component="li" title={EVENT_LABELS[event.kind]}>
              <Text size="sm">{who(event)}</Text>
              {reason && <Text size="sm">Reason: {reason}</Text>}
              <Text size="xs" c="dimmed">
                <RelativeTime value={event.at} addSuffix withTooltip />
              </Text>
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Section>
  );
}
