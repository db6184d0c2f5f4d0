import { useState } from 'react';
import { CloseButton, Group, Input, Pill, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { cataloguesApi, intakeApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { findSpecialities } from '../../lib/catalogueSearch';
import { SearchSelect } from '../../ui/SearchSelect';

interface SpecialitiesFieldProps {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
}

/**
 * The specialities a form offers: found one at a time with the speciality search of the referral
 * form, kept as removable pills. A saved form knows only their ids, so their names are read once.
 */
export function SpecialitiesField({ value, onChange, error }: SpecialitiesFieldProps) {
  const [chosenNames, setChosenNames] = useState<Record<number, string>>({});
  // Each pick empties the search box for the next one.
  const [round, setRound] = useState(0);
  const saved = useQueries({
    queries: value
      .filter((id) => chosenNames[id] === undefined)
      .map((id) => ({
        queryKey: ['specialities', 'one', id],
        queryFn: ({ signal }: { signal: AbortSignal }) => call(cataloguesApi.getSpeciality, { params: { id }, signal }),
        staleTime: Infinity,
      })),
  });
  const names: Record<number, string> = { ...chosenNames };
  for (const found of saved) if (found.data) names[found.data.id] = found.data.name;
  const full = value.length >= intakeApi.MAX_BOT_SPECIALITIES;

  return (
    <Stack gap={6}>
      {full ? (
        <Text size="sm">The form offers as many specialities as it can ({intakeApi.MAX_BOT_SPECIALITIES}).</Text>
      ) : (
        <SearchSelect
          key={round}
          label="Specialities the form offers"
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
      {value.length > 0 && (
        <Group component="ul" gap={6} m={0} p={0} aria-label="Chosen specialities" style={{ listStyle: 'none' }}>
          {value.map((id) => {
            const name = names[id] ?? `Speciality #${id}`;
            return (
              <li key={id}>
                <Pill size="md">
                  <Group gap={4} wrap="nowrap">
                    {name}
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${name}`}
                      onClick={() => onChange(value.filter((one) => one !== id))}
                    />
                  </Group>
                </Pill>
              </li>
            );
          })}
        </Group>
      )}
    </Stack>
  );
}
