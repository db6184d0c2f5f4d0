/**
 * A field that finds one thing on the server as the person types and keeps the chosen one:
 *
 *   <SearchSelect label="Speciality" value={chosen} onChange={setChosen} queryKey={['specialities']}
 *     search={(query, signal) => findSpecialities(query, signal)} />
 *
 * Typing again drops the choice (onChange(null)); the arrow keys walk the options, Enter picks one,
 * Escape closes them. Used for patients, practices, specialities and insurances.
 */
import { useState, type ReactNode } from 'react';
import { CloseButton, Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../lib/errors';
import type { SearchOption } from '../lib/searchOption';

export const SEARCH_SELECT_DEBOUNCE_MS = 300;

interface SearchSelectProps<T> {
  label: string;
  value: SearchOption<T> | null;
  onChange: (option: SearchOption<T> | null) => void;
  search: (query: string, signal: AbortSignal) => Promise<SearchOption<T>[]>;
  /** Names the cached answers; the typed text is appended. */
  queryKey: readonly unknown[];
  /** Shorter text is not sent. */
  minChars?: number;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  placeholder?: string;
  nothingFound?: string;
  onBlur?: () => void;
}

export function SearchSelect<T>({
  label,
  value,
  onChange,
  search,
  queryKey,
  minChars = 1,
  description,
  error,
  required,
  placeholder,
  nothingFound = 'Nothing found',
  onBlur,
}: SearchSelectProps<T>) {
  const store = useCombobox({ onDropdownClose: () => store.resetSelectedOption() });
  const [text, setText] = useState(value?.label ?? '');
  // A choice made elsewhere (a patient just created, say) shows its name in the box.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (value) setText(value.label);
  }
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_SELECT_DEBOUNCE_MS);
  const query = value ? '' : debounced;
  const results = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => search(query, signal),
    enabled: query.length >= minChars,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const typed = text.trim();
  const tooShort = !value && typed.length > 0 && typed.length < minChars;
  const waiting = !value && typed.length >= minChars && (typed !== debounced || results.isFetching);
  const options = results.data ?? [];

  function choose(id: string) {
    const option = options.find((one) => String(one.id) === id);
    if (!option) return;
    setText(option.label);
    onChange(option);
    store.closeDropdown();
  }

  function clear() {
    setText('');
    onChange(null);
  }

  let body: ReactNode;
  // Nothing to offer until enough is typed, nor while a choice stands.
  if (value || typed.length < minChars) body = null;
  else if (results.isError && !waiting) {
    body = (
      <Combobox.Empty>
        <Text size="sm" c="red.8" role="alert">
          Could not search: {errorMessage(results.error)}
        </Text>
      </Combobox.Empty>
    );
  } else if (options.length === 0) {
    body = (
      <Combobox.Empty>
        {waiting || results.isPending ? 'Searching…' : <span role="status">{nothingFound}</span>}
      </Combobox.Empty>
    );
  } else {
    body = options.map((option) => (
      <Combobox.Option key={option.id} value={String(option.id)}>
        <Text size="sm" fw={500}>
          {option.label}
        </Text>
        {option.description && (
          <Text size="xs" c="dimmed">
            {option.description}
          </Text>
        )}
      </Combobox.Option>
    ));
  }

  return (
    <Combobox store={store} onOptionSubmit={choose}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          label={label}
          required={required}
          placeholder={placeholder}
          autoComplete="off"
          value={text}
          description={tooShort ? `Type at least ${minChars} characters` : description}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (value) onChange(null);
            store.openDropdown();
            store.updateSelectedOptionIndex();
          }}
          onClick={() => store.openDropdown()}
          onFocus={() => store.openDropdown()}
          onBlur={() => {
            store.closeDropdown();
            onBlur?.();
          }}
          rightSection={
            waiting ? (
              <Loader size="xs" aria-label={`Searching ${label.toLowerCase()}`} />
            ) : value ? (
              <CloseButton
                size="sm"
                aria-label={`Clear ${label.toLowerCase()}`}
                onMouseDown={(event) => event.preventDefault()}
                onClick={clear}
              />
            ) : null
          }
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={body === null}>
        <Combobox.Options aria-label={`${label} options`}>{body}</Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
