import { useState, type ReactNode } from 'react';
import { Combobox, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { directoryApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { personName } from '../../lib/names';

const PEOPLE_SEARCH_DEBOUNCE_MS = 300;

/** Someone chosen for a chat: who they are and, for telling namesakes apart, where they work. */
export interface PickedPerson {
  id: number;
  name: string;
  detail?: string;
}

function picked(person: directoryApi.UserProfile): PickedPerson {
  return {
    id: person.id,
    name: personName(person),
    detail: person.practices.map((practice) => practice.name).join(', '),
  };
}

interface PeoplePickerProps {
  label: string;
  value: PickedPerson[];
  onChange: (people: PickedPerson[]) => void;
  /** People who may not be chosen here (the caller, say). */
  excludeIds?: readonly number[];
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}

/**
 * Chooses several people from the directory by name: colleagues in the caller's practices and
 * providers anywhere (suggest=true). Each choice shows as a pill with its own remove button;
 * Backspace in the empty box removes the last one.
 */
export function PeoplePicker({
  label,
  value,
  onChange,
  excludeIds = [],
  description,
  error,
  required,
}: PeoplePickerProps) {
  const store = useCombobox({ onDropdownClose: () => store.resetSelectedOption() });
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), PEOPLE_SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['directory', 'people', query],
    queryFn: ({ signal }) => call(directoryApi.searchUsers, { query: { query, suggest: 'true' }, signal }),
    enabled: query.length >= 1,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const taken = new Set([...excludeIds, ...value.map((person) => person.id)]);
  const options = (found.data?.data ?? []).filter((person) => !taken.has(person.id));
  const typed = text.trim();
  const waiting = typed.length > 0 && (typed !== query || found.isFetching);

  function choose(id: string) {
    const person = options.find((one) => String(one.id) === id);
    if (!person) return;
    onChange([...value, picked(person)]);
    setText('');
    store.closeDropdown();
  }

  const remove = (id: number) => onChange(value.filter((person) => person.id !== id));

  let body: ReactNode;
  if (typed.length === 0) body = null;
  else if (found.isError && !waiting) {
    body = (
      <Combobox.Empty>
        <Text size="sm" c="red.8" role="alert">
          Could not search: {errorMessage(found.error)}
        </Text>
      </Combobox.Empty>
    );
  } else if (options.length === 0) {
    body = (
      <Combobox.Empty>
        {waiting || found.isPending ? 'Searching…' : <span role="status">Nobody found</span>}
      </Combobox.Empty>
    );
  } else {
    body = options.map((person) => (
      <Combobox.Option key={person.id} value={String(person.id)}>
        <Text size="sm" fw={500}>
          {personName(person)}
        </Text>
        {person.practices.length > 0 && (
          <Text size="xs" c="dimmed">
            {person.practices.map((practice) => practice.name).join(', ')}
          </Text>
        )}
      </Combobox.Option>
    ));
  }

  return (
    <Combobox store={store} onOptionSubmit={choose}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          error={error}
          required={required}
          onClick={() => store.openDropdown()}
          rightSection={waiting ? <Loader size="xs" aria-label={`Searching ${label.toLowerCase()}`} /> : null}
        >
          <Pill.Group>
            {value.map((person) => (
              <Pill
                key={person.id}
                withRemoveButton
                onRemove={() => remove(person.id)}
                // Mantine hides these from the keyboard and screen readers; Backspace alone is not discoverable.
                removeButtonProps={{ 'aria-label': `Remove ${person.name}`, 'aria-hidden': false, tabIndex: 0 }}
                title={person.detail || undefined}
              >
                {person.name}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                value={text}
                placeholder={value.length === 0 ? 'Type a name' : undefined}
                autoComplete="off"
                onFocus={() => store.openDropdown()}
                onBlur={() => store.closeDropdown()}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  store.openDropdown();
                  store.updateSelectedOptionIndex();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && text.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value.at(-1)!.id);
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={body === null}>
        <Combobox.Options aria-label={`${label} options`}>{body}</Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
