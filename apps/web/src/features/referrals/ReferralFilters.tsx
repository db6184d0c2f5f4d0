import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PRACTICE_USER_SEARCH_MIN } from '@referwell/contracts';
import { personName } from '../../lib/names';
import { practiceProvidersQuery } from './referralQueries';

/** Spec 1 §5's practice search minimum, used for every text filter of the referral lists. */
export const REFERRAL_TEXT_MIN = PRACTICE_USER_SEARCH_MIN;

export interface FilterText {
  search: string;
  provider: string;
  patientName: string;
}

interface ReferralFiltersProps {
  practiceId: number;
  value: FilterText;
  onChange: (value: FilterText) => void;
}

const shortHint = (text: string) => {
  const typed = text.trim();
  return typed.length > 0 && typed.length < REFERRAL_TEXT_MIN
    ? `Type at least ${REFERRAL_TEXT_MIN} characters`
    : undefined;
};

/** Search, and the list filters of GET /referrals/{type}: the practice's provider and the patient's name. */
export function ReferralFilters({ practiceId, value, onChange }: ReferralFiltersProps) {
  const providers = useQuery(practiceProvidersQuery(practiceId));
  const searching = value.search.trim().length >= REFERRAL_TEXT_MIN;
  const options = [
    { value: '', label: 'All providers' },
    ...(providers.data?.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) })),
  ];
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        label="Search referrals"
        type="search"
        description={shortHint(value.search) ?? 'Patient, provider, practice or speciality'}
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.currentTarget.value })}
        style={{ flex: '2 1 240px' }}
      />
      <NativeSelect
        label="Provider"
        data={options}
        value={value.provider}
        disabled={searching}
        description={
          providers.isError ? 'Could not load the providers' : searching ? 'Not used while searching' : undefined
        }
        onChange={(event) => onChange({ ...value, provider: event.currentTarget.value })}
        style={{ flex: '1 1 180px' }}
      />
      <TextInput
        label="Patient name"
        type="search"
        value={value.patientName}
        disabled={searching}
        description={shortHint(value.patientName) ?? (searching ? 'Not used while searching' : undefined)}
        onChange={(event) => onChange({ ...value, patientName: event.currentTarget.value })}
        style={{ flex: '1 1 180px' }}
      />
    </Group>
  );
}
