import type { FocusEvent } from 'react';
import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { cataloguesApi } from '@referwell/contracts';
import { call, isApiError } from '../../lib/api';
import type { ProfileValues } from './profileValues';

const INVALID_NPI = 'Invalid NPI';

function describe(result: cataloguesApi.NpiLookupResponse, practiceId: number): string | null {
  const others = result.practices.filter((p) => p.id !== practiceId).map((p) => p.name);
  const parts = [
    result.registry ? `Registered to ${result.registry.name}.` : null,
    others.length ? `Also used by ${others.join(', ')}.` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'This NPI is valid.';
}

/** The practice's NPI, checked with the NPI endpoint when the field is left. */
export function NpiField({ form, practiceId }: { form: UseFormReturnType<ProfileValues>; practiceId: number }) {
  const check = useMutation({
    mutationFn: (npi: string) => call(cataloguesApi.npiLookup, { query: { npiIdentifier: npi } }),
    onError: (error, npi) => {
      // The person may have changed the number while the check ran.
      if (isApiError(error, 400) && form.getValues().npiIdentifier.trim() === npi)
        form.setFieldError('npiIdentifier', INVALID_NPI);
    },
  });
  const value = form.values.npiIdentifier.trim();
  const result = check.data && check.data.npi === value ? check.data : null;
  const input = form.getInputProps('npiIdentifier');

  return (
    <TextInput
      label="NPI"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...input}
      description={
        result ? describe(result, practiceId) : 'The 10-digit National Provider Identifier, if the practice has one.'
      }
      onBlur={(event) => {
        (input.onBlur as ((event: FocusEvent<HTMLInputElement>) => void) | undefined)?.(event);
        if (value) check.mutate(value);
      }}
    />
  );
}
