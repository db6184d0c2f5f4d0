import { Anchor, ColorSwatch, Group } from '@mantine/core';
import { PhoneLink } from '../../ui/PhoneLink';
import { TYPE_LABELS } from './profileValues';
import { ReadOnlyFields } from './ReadOnlyFields';
import type { Practice } from './types';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const link = (href: string | null) =>
  href && (
    <Anchor href={href} target="_blank" rel="noreferrer">
      {href}
    </Anchor>
  );

/** The profile as members who may not edit it see it. */
export function ProfileSummary({ practice: p }: { practice: Practice }) {
  return (
    <ReadOnlyFields
      items={[
        { label: 'Name', value: p.name },
        { label: 'Type', value: TYPE_LABELS[p.type] },
        { label: 'Address', value: [p.address, p.building].filter(Boolean).join(', ') || null },
        { label: 'Phone', value: p.phoneNumber && <PhoneLink phone={p.phoneNumber} /> },
        { label: 'NPI', value: p.npiIdentifier },
        { label: 'Time zone', value: p.timezone },
        { label: 'About', value: p.about },
        {
          label: 'Colour scheme',
          value: p.colorScheme && (
            <Group gap="xs" component="span">
              <ColorSwatch color={p.colorScheme} size={16} aria-hidden />
              {p.colorScheme}
            </Group>
          ),
        },
        { label: 'Welcome message while open', value: p.welcomeMessageOpen },
        { label: 'Welcome message while closed', value: p.welcomeMessageClosed },
        { label: 'Alternative scheduling link', value: link(p.alternativeScheduleLink) },
        { label: 'Appointment request redirect link', value: link(p.appointmentRequestRedirectLink) },
        { label: 'Liaison e-mails', value: p.liaisonEmails.join(', ') || null },
        { label: 'Tier timeout', value: `${p.tierTimeout} minutes` },
        { label: 'Match radius', value: `${p.maxReferralMatchRadius} miles` },
        { label: 'Match outside our networks', value: yesNo(p.allowOuterNetworkMatching) },
        { label: 'Archive finished referrals automatically', value: yesNo(p.autoArchiveEnabled) },
      ]}
    />
  );
}
