import type { ReactNode } from 'react';
import { Loader, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { intakeApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { intakePaths } from './intakePaths';

export const ENDPOINT_CHECK_DEBOUNCE_MS = 400;
export const ENDPOINT_TAKEN = 'This address is taken';

/** Where patients open a form with this address, as they will see it. */
export const formAddressPrefix = () => `${window.location.origin}${intakePaths.form('')}`;

/**
 * Whether the typed address is free, asked once typing pauses. `taken` is true only once the
 * server said so for the address now typed; a form's own saved address is always its own.
 */
export function useEndpointAvailability(
  endpoint: string,
  botId: number | undefined,
  savedEndpoint: string | undefined,
) {
  const parsed = intakeApi.BotEndpoint.safeParse(endpoint);
  const wanted = parsed.success && parsed.data !== savedEndpoint ? parsed.data : null;
  const [debounced] = useDebouncedValue(wanted, ENDPOINT_CHECK_DEBOUNCE_MS);
  const check = useQuery({
    queryKey: ['intake', 'endpoint', debounced, botId],
    queryFn: ({ signal }) => call(intakeApi.checkBotEndpoint, { query: { endpoint: debounced!, id: botId }, signal }),
    enabled: debounced !== null,
    staleTime: 10_000,
  });
  const current = wanted !== null && wanted === debounced;
  return {
    checking: wanted !== null && (!current || check.isFetching),
    taken: current && check.data?.available === false,
    free: current && check.data?.available === true,
  };
}

interface EndpointFieldProps {
  /** The form's props for the field (value, onChange, error). */
  inputProps: GetInputPropsReturnType;
  availability: ReturnType<typeof useEndpointAvailability>;
}

/** The last part of the form's public address, shown after the part every form shares. */
export function EndpointField({ inputProps, availability }: EndpointFieldProps) {
  const { checking, taken, free } = availability;
  const typed = String(inputProps.value ?? '')
    .trim()
    .toLowerCase();
  return (
    <TextInput
      label="Address"
      required
      autoCapitalize="none"
      spellCheck={false}
      {...inputProps}
      error={(inputProps.error as ReactNode) ?? (taken ? ENDPOINT_TAKEN : undefined)}
      description={
        <>
          <Text span size="xs" style={{ overflowWrap: 'anywhere' }}>
            {`${formAddressPrefix()}${typed || 'your-address'}`}
          </Text>
          {free && (
            <Text span size="xs" c="teal.9" role="status">
              {' '}
              · This address is free
            </Text>
          )}
        </>
      }
      rightSection={checking ? <Loader size="xs" aria-label="Checking the address" /> : null}
    />
  );
}
