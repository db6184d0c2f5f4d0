import { useState } from 'react';
import { Input, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { cataloguesApi } from '@referwell/contracts';
import { call } from '../lib/api';
import { findSpecialities } from '../lib/catalogueSearch';
import { RemovablePills } from './RemovablePills';
import { SearchSelect } from './SearchSelect';

interface SpecialitiesFieldProps {
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
  /** How many may be chosen, and what is said in place of the search once that many are. */
  max: number;
  fullMessage: string;
  error?: string;
}

/** The query that names a saved speciality; seeding it spares a lookup of names already known. */
export const specialityQueryKey = (id: number) => ['specialities', 'one', id] as const;

/**
 * Specialities found one at a time with the speciality search of the referral form, kept as
 * removable pills (an intake form's offer, a provider's own). A saved list knows only their ids, so
 * their names are read once.
 */
export function SpecialitiesField({ label, value, onChange, max, fullMessage, error }: SpecialitiesFieldProps) {
  const [chosenNames, setChosenNames] = useState<Record<number, string>>({});
  // Each pick empties the search box for the next one.
  const [round, setRound] = useState(0);
  const saved = useQueries({
    queries: value
      .filter((id) => chosenNames[id] === undefined)
      .map((id) => ({
        queryKey: specialityQueryKey(id),
        queryFn: ({ signal }: { signal: AbortSignal }) => call(cataloguesApi.getSpeciality, { params: { id }, signal }),
        staleTime: Infinity,
      })),
  });
  const names: Record<number, string> = { ...chosenNames };
  for (const found of saved) if (found.data) names[found.data.id] = found.data.name;
  const full = value.length >= max;

  return (
    <Stack gap={6}>
      {full ? (
        <Text size="sm">{fullMessage}</Text>
      ) : (
        <SearchSelect
          key={round}
          label={label}
          placeholder="Search specialities"
          nothingFound="No speciality matches"
          queryKey={['specialities', 'search']}
          search={findSpecialities}
          value={null}
          error={error}
          onChange={(option) => {
            if (!option) return;
            setChosenNames((known) => ({ ...known, [option.id]: option.value.name }));
            if (!value.includes(option.id)) onChange([...value, option.id]);
            setRound((n) => n + 1);
          }}
        />
      )}
      {full && error && <Input.Error>{error}</Input.Error>}
      <RemovablePills
        label="Chosen specialities"
        items={value.map((id) => ({ id, name: names[id] ?? `Speciality #${id}` }))}
        onRemove={(id) => onChange(value.filter((one) => one !== id))}
      />
    </Stack>
  );
}
