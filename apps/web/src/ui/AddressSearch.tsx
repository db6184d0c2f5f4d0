import { useRef, useState, type ReactNode } from 'react';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { placesApi } from '@referwell/contracts';
import { call } from '../lib/api';

/** Spec: search while typing, but not on every keystroke. */
export const ADDRESS_SEARCH_DEBOUNCE_MS = 300;

interface AddressSearchProps {
  /** "Address" unless told otherwise. */
  label?: string;
  required?: boolean;
  value: string;
  /** `typed` is false when the text is a chosen suggestion, true when typed by hand. */
  onChange: (text: string, typed: boolean) => void;
  /** A suggestion was chosen and its place details arrived. */
  onPick: (place: placesApi.PlaceDetails) => void;
  error?: ReactNode;
  description?: ReactNode;
  onBlur?: () => void;
}

/**
 * A map-free address field: suggestions from the address search as the person types, and
 * choosing one fills in the full address and its coordinates from the place details. Used by
 * every form that records where someone is (a practice's profile, a patient).
 */
export function AddressSearch({
  label = 'Address',
  required = false,
  value,
  onChange,
  onPick,
  error,
  description,
  onBlur,
}: AddressSearchProps) {
  // Only what the person typed is searched, never the saved address shown on load.
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed.trim(), ADDRESS_SEARCH_DEBOUNCE_MS);
  const pickedLabel = useRef<string | null>(null);

  const predictions = useQuery({
    queryKey: ['addressSearch', debounced],
    queryFn: ({ signal }) => call(placesApi.searchAddress, { query: { q: debounced }, signal }),
    enabled: debounced.length >= 1,
    staleTime: 5 * 60_000,
  });
  const details = useMutation({
    mutationFn: (placeId: string) => call(placesApi.placeDetails, { query: { placeId } }),
    onSuccess: (place) => {
      pickedLabel.current = place.formattedAddress;
      onPick(place);
    },
  });

  const failed = (predictions.isError && debounced.length >= 1) || details.isError;
  const options = (predictions.data ?? []).map((p) => ({ value: p.placeId, label: p.description }));
  const busy = predictions.isFetching || details.isPending;
  const noMatches =
    predictions.isSuccess && predictions.data.length === 0 && debounced === typed.trim() && debounced.length > 0;

  return (
    <Autocomplete
      label={label}
      required={required}
      autoComplete="off"
      value={value}
      data={options}
      // The server already matched; filtering again would hide fuzzy suggestions.
      filter={({ options: all }) => all}
      onOptionSubmit={(placeId) => {
        pickedLabel.current = options.find((o) => o.value === placeId)?.label ?? null;
        details.mutate(placeId);
      }}
      onChange={(text) => {
        // Choosing a suggestion also reports its text as a change; that is not typing.
        if (text === pickedLabel.current) return onChange(text, false);
        pickedLabel.current = null;
        details.reset();
        setTyped(text);
        onChange(text, true);
      }}
      onBlur={onBlur}
      error={error ?? (failed ? placesApi.FAILED_TO_FIND_LOCATION : undefined)}
      description={
        noMatches ? 'No places match this address. You can keep it as typed, or try a ZIP code or city.' : description
      }
      rightSection={busy ? <Loader size="xs" aria-label="Looking up addresses" /> : undefined}
    />
  );
}
