import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { findPatients, patientKeys, PATIENT_SEARCH_MIN } from '../patients';
import { SearchSelect } from '../../ui/SearchSelect';
import { ACTION_OPTIONS, NO_FILTERS, findPeople, type AuditFilters } from './auditQueries';

interface AuditFiltersFormProps {
  practiceId: number;
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}

/** Narrows the trail by person, patient, action and days; each change applies at once. */
export function AuditFiltersForm({ practiceId, value, onChange }: AuditFiltersFormProps) {
  // The search fields keep what was typed in them; clearing starts them afresh.
  const [cleared, setCleared] = useState(0);
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  const filtered = JSON.stringify(value) !== JSON.stringify(NO_FILTERS);
  return (
    <SimpleGrid
      component="fieldset"
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="sm"
      style={{ border: 0, padding: 0, margin: 0 }}
      aria-label="Filter the audit trail"
    >
      <SearchSelect
        key={`person-${cleared}`}
        label="Person"
        placeholder="Anyone"
        queryKey={['audit', practiceId, 'people']}
        search={(name, signal) => findPeople(practiceId, name, signal)}
        nothingFound="Nobody in the practice has that name"
        value={value.actor}
        onChange={(actor) => set({ actor })}
      />
      <SearchSelect
        key={`patient-${cleared}`}
        label="Patient"
        placeholder="Any patient"
        minChars={PATIENT_SEARCH_MIN}
        queryKey={patientKeys.search(practiceId)}
        search={(query, signal) => findPatients(practiceId, query, signal)}
        nothingFound="No patient matches"
        value={value.patient}
        onChange={(patient) => set({ patient })}
      />
      <Select
        label="Action"
        placeholder="Any action"
        data={ACTION_OPTIONS}
        searchable
        clearable
        nothingFoundMessage="No such action"
        value={value.action}
        onChange={(action) => set({ action })}
      />
      <TextInput
        type="date"
        label="From"
        value={value.from}
        max={value.to || undefined}
        onChange={(e) => set({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label="To"
        value={value.to}
        min={value.from || undefined}
        onChange={(e) => set({ to: e.currentTarget.value })}
      />
      <Group align="flex-end">
        <Button
          variant="default"
          disabled={!filtered}
          onClick={() => {
            setCleared((n) => n + 1);
            onChange(NO_FILTERS);
          }}
        >
          Clear filters
        </Button>
      </Group>
    </SimpleGrid>
  );
}
