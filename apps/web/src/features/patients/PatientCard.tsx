import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatPhone } from '@referwell/contracts';
import { genderLabel, type PatientSummary } from './patientQueries';

interface PatientCardProps {
  patient: PatientSummary & { email?: string | null; insuranceName?: string | null; address?: string | null };
  /** Buttons beside the name (Change, say). */
  actions?: ReactNode;
}

/** Who the patient is at a glance: name, date of birth, gender, how to reach them and where they live. */
export function PatientCard({ patient, actions }: PatientCardProps) {
  const facts: [string, string | null | undefined][] = [
    ['Date of birth', patient.dateOfBirth],
    ['Gender', patient.gender && genderLabel(patient.gender)],
    ['Phone', patient.phoneNumber && formatPhone(patient.phoneNumber)],
    ['E-mail', patient.email],
    ['Address', patient.address],
    ['Insurance', patient.insuranceName],
  ];
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {patient.firstName} {patient.lastName}
          </Text>
          <Stack component="dl" gap={2} m={0}>
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <Group key={label} gap={6} wrap="nowrap">
                  <Text component="dt" size="sm" c="dimmed">
                    {label}:
                  </Text>
                  <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Text>
                </Group>
              ))}
          </Stack>
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}
