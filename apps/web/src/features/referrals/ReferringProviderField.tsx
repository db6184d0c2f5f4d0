import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { personName } from '../../lib/names';
import { practiceProvidersQuery } from './referralQueries';

interface ReferringProviderFieldProps {
  practiceId: number;
  /** The provider's id as text; '' until one is chosen. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/**
 * Only a provider refers a patient: someone who is not one (staff, an admin) sends the referral on
 * behalf of one of the practice's providers, chosen here.
 */
export function ReferringProviderField({ practiceId, value, onChange, error }: ReferringProviderFieldProps) {
  const providers = useQuery(practiceProvidersQuery(practiceId));
  const options = [
    { value: '', label: providers.isPending ? 'Loading providers…' : 'Choose a provider' },
    ...(providers.data?.data ?? []).map((person) => ({ value: String(person.id), label: personName(person) })),
  ];
  return (
    <NativeSelect
      label="Referring provider"
      required
      description={
        providers.isError
          ? 'Could not load the providers. Reload the page to try again.'
          : 'You send the referral on this provider’s behalf'
      }
      data={options}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
