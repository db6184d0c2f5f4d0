import { useState } from 'react';
import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { PatientCard } from './PatientCard';
import { PatientForm } from './PatientForm';
import { PatientPhoneLookup } from './PatientPhoneLookup';
import { findPatients, patientKeys, type Patient } from './patientQueries';
import { SearchSelect } from '../../ui/SearchSelect';

/** Spec 1 §5's practice search rule, kept for patients too: one letter matches half the records. */
export const PATIENT_SEARCH_MIN = 2;

interface PatientPickerProps {
  practiceId: number;
  value: Patient | null;
  onChange: (patient: Patient | null) => void;
  error?: string | null;
}

/**
 * Chooses the patient a referral is about: one of the practice's records found by name, phone or
 * e-mail, or looked up by their exact phone number, or a new record added on the spot. Holds its own form, so it sits outside the referral's.
 */
export function PatientPicker({ practiceId, value, onChange, error }: PatientPickerProps) {
  const [creating, setCreating] = useState(false);

  if (value) {
    return (
      <PatientCard
        patient={value}
        actions={
          <Button variant="default" size="xs" onClick={() => onChange(null)}>
            Change patient
          </Button>
        }
      />
    );
  }
  if (creating) {
    return (
      <Paper withBorder radius="md" p="sm">
        <Text fw={600} mb="sm">
          New patient
        </Text>
        <PatientForm
          practiceId={practiceId}
          onCancel={() => setCreating(false)}
          onSaved={(patient) => {
            setCreating(false);
            onChange(patient);
          }}
        />
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 260px' }}>
          <SearchSelect
            label="Find a patient"
            description="Name, phone or e-mail"
            required
            minChars={PATIENT_SEARCH_MIN}
            queryKey={patientKeys.search(practiceId)}
            search={(query, signal) => findPatients(practiceId, query, signal)}
            nothingFound="No patient matches. Add them as a new patient."
            value={null}
            onChange={(option) => option && onChange(option.value)}
            error={error}
          />
        </div>
        <Button variant="light" onClick={() => setCreating(true)}>
          New patient
        </Button>
      </Group>
      <Divider label="or" labelPosition="center" />
      <PatientPhoneLookup practiceId={practiceId} onFound={onChange} />
    </Stack>
  );
}
