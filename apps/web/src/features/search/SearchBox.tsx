import { useState, type Ref } from 'react';
import { Combobox, Kbd, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { groupResults, optionValue } from './searchGroups';

type SearchResult = searchApi.SearchResult;

export const SEARCH_DEBOUNCE_MS = 250;

interface SearchBoxProps {
  inputRef?: Ref<HTMLInputElement>;
  onSelect: (result: SearchResult) => void;
  /** Inside the phone's full-screen dialog: results show under the box instead of floating. */
  inDialog?: boolean;
}

/** The search field and its grouped results, walked with the arrow keys. */
export function SearchBox({ inputRef, onSelect, inDialog = false }: SearchBoxProps) {
  const store = useCombobox({ onDropdownClose: () => store.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => call(searchApi.globalSearch, { query: { query }, signal }),
    enabled: query.length > 0,
    // Results of the previous query stay while the next one loads, so the list does not flicker.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const typed = text.trim();
  const waiting = typed !== '' && (typed !== query || search.isFetching);
  const results = search.data?.results ?? [];
  const groups = groupResults(results);

  function openIfTyped() {
    if (text.trim()) store.openDropdown();
  }

  function choose(value: string) {
    const result = results.find((r) => optionValue(r) === value);
    if (!result) return;
    store.closeDropdown();
    onSelect(result);
  }

  let body;
  if (search.isError && !waiting) {
    body = (
      <Combobox.Empty>
        <Text size="sm" c="red.8" role="alert">
          Could not search: {errorMessage(search.error)}
        </Text>
      </Combobox.Empty>
    );
  } else if (groups.length === 0) {
    body = (
      <Combobox.Empty>
        {waiting || search.isPending ? 'Searching…' : <span role="status">No results for “{query}”</span>}
      </Combobox.Empty>
    );
  } else {
    body = groups.map((group) => (
      <Combobox.Group key={group.type} label={group.label}>
        {group.results.map((result) => (
          <Combobox.Option key={optionValue(result)} value={optionValue(result)}>
            <Text size="sm" fw={500} truncate>
              {result.title}
            </Text>
            {result.subtitle && (
              <Text size="xs" c="dimmed" truncate>
                {result.subtitle}
              </Text>
            )}
          </Combobox.Option>
        ))}
      </Combobox.Group>
    ));
  }

  return (
    <Combobox
      store={store}
      onOptionSubmit={choose}
      withinPortal={!inDialog}
      position="bottom-end"
      width={inDialog ? undefined : 380}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          aria-label="Search"
          placeholder="Search people, practices…"
          type="search"
          value={text}
          data-autofocus={inDialog || undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setText(value);
            store.resetSelectedOption();
            if (value.trim()) store.openDropdown();
            else store.closeDropdown();
          }}
          // An open list, even an empty one, takes Escape from the dialog around it.
          onClick={openIfTyped}
          onFocus={openIfTyped}
          onBlur={() => store.closeDropdown()}
          rightSection={
            waiting ? (
              <Loader size="xs" role="status" aria-label="Searching" />
            ) : inDialog ? null : (
              <Kbd size="xs" aria-hidden>
                /
              </Kbd>
            )
          }
          rightSectionPointerEvents="none"
          w={inDialog ? '100%' : { xs: 200, md: 280 }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed === ''}>
        <Combobox.Options mah={inDialog ? undefined : 420} style={{ overflowY: 'auto' }} aria-label="Search results">
          {body}
        </Combobox.Options>
        {results.length > 0 && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              Arrow keys to move, Enter to open, Escape to close
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}
