import { Box, SimpleGrid, Stack } from '@mantine/core';
import { formatDate } from '../../lib/dates';
import { personName } from '../../lib/names';
import { Fact } from '../../ui/Fact';
import { FileViewer } from '../../ui/files';
import { RelativeTime } from '../../ui/RelativeTime';
import { Section } from '../../ui/Section';
import {
  DAY_LABELS,
  DISTANCE_LABELS,
  LOCATION_LABELS,
  SCHEDULE_LABELS,
  TIME_OF_DAY_LABELS,
  TYPE_LABELS,
} from './referralLabels';
import type { ReferralDetail } from './referralQueries';

function appointmentText(appointment: NonNullable<ReferralDetail['appointment']>): string {
  const when = `${formatDate(appointment.start, 'FullSmall')} – ${formatDate(appointment.end, 'Time')}`;
  const where = appointment.appointmentLocation ? LOCATION_LABELS[appointment.appointmentLocation] : null;
  return [when, where, appointment.addressOverride].filter(Boolean).join(' · ');
}

/** What the referral asks for: who sent it where, the speciality and preferences, the appointment, notes and files. */
export function ReferralFacts({ referral }: { referral: ReferralDetail }) {
  const { appointment } = referral;
  const preferences = referral.schedulePreferences
    .map((p) => `${DAY_LABELS[p.day]} (${TIME_OF_DAY_LABELS[p.timeOfDay]})`)
    .join(', ');
  return (
    <Section title="Referral">
      <Stack gap="md">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
          <Fact label="Kind">{TYPE_LABELS[referral.type]}</Fact>
          <Fact label="From">
            {referral.practice.name} · {personName(referral.fromUser)}
          </Fact>
          <Fact label="To">
            {referral.receivingPractice?.name ?? 'Matching practices'}
            {referral.receivingUser && ` · ${personName(referral.receivingUser)}`}
          </Fact>
          {referral.speciality && <Fact label="Speciality">{referral.speciality.name}</Fact>}
          {referral.insurance && <Fact label="Insurance">{referral.insurance.name}</Fact>}
          {referral.scheduleType && (
            <Fact label="When">
              {SCHEDULE_LABELS[referral.scheduleType]}
              {preferences && `: ${preferences}`}
            </Fact>
          )}
          {referral.matchingDistance && <Fact label="Distance">{DISTANCE_LABELS[referral.matchingDistance]}</Fact>}
          {/* Only a specialty referral moves through tiers with deadlines; a BASIC one waits for its practice. */}
          {referral.type === 'SPECIALTY' && referral.tier !== null && referral.tierExpiresAt !== null && (
            <Fact label="Current offer">
              Tier {referral.tier + 1}, until {formatDate(referral.tierExpiresAt, 'FullSmallNoDay')}
            </Fact>
          )}
          {appointment && <Fact label="Appointment">{appointmentText(appointment)}</Fact>}
          {appointment?.virtualLink && <Fact label="Virtual link">{appointment.virtualLink}</Fact>}
          <Fact label="Sent">
            <RelativeTime value={referral.createdAt} addSuffix withTooltip />
          </Fact>
        </SimpleGrid>
        <Box component="dl" m={0}>
          <Fact label="Notes">
            {referral.notes ? <span style={{ whiteSpace: 'pre-wrap' }}>{referral.notes}</span> : 'No notes'}
          </Fact>
        </Box>
        {referral.files.length > 0 && <FileViewer files={referral.files} label="Attachments" />}
      </Stack>
    </Section>
  );
}
