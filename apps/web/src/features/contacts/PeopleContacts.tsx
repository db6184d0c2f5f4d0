import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { directoryApi } from '@referwell/contracts';
import { call } from '../../lib/api';
import { personName, titledName } from '../../lib/names';
import type { PracticeScope } from '../../lib/practiceScope';
import { OpenChatButton } from '../chats';
import { AddContactPanel, CONTACT_SEARCH_DEBOUNCE_MS } from './AddContactPanel';
import { ContactCard, ContactList, ContactSearchBar, RemoveContactButton } from './ContactList';
import { peopleContactsQuery, usePersonContactChange, type ContactUser } from './contactQueries';
import { RemoveContactDialog } from './RemoveContactDialog';

type Named = { id: number; name: string };

/** The people in the signed-in person's own address book (theirs, whichever practice they work in). */
export function PeopleContacts({ scope }: { scope: PracticeScope }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Named | null>(null);
  const add = usePersonContactChange(scope.userId, 'add');
  const remove = usePersonContactChange(scope.userId, 'remove');

  return (
    <Stack gap="lg">
      <ContactSearchBar
        label="Search people"
        placeholder="Name or e-mail"
        value={text}
        onChange={setText}
        addLabel="Add a person"
        adding={adding}
        onAdd={() => setAdding(true)}
      />
      {adding && (
        <AddContactPanel<directoryApi.UserProfile>
          title="Add a person"
          searchLabel="Find a provider by name"
          queryKey={['contacts', 'peopleSearch']}
          search={async (q, page, signal) => {
            const found = await call(directoryApi.searchUsers, { query: { query: q, suggest: 'true', page }, signal });
            // Only providers can be contacts, and not oneself.
            const people = found.data.filter((person) => person.kind === 'PROVIDER' && person.id !== scope.userId);
            return { ...found, data: people };
          }}
          pageSize={directoryApi.DIRECTORY_PAGE_SIZE}
          name={personName}
          detail={(person) => person.practices.map((practice) => practice.name).join(', ') || null}
          texts={{
            loading: 'Searching people',
            failed: 'Could not search people',
            empty: 'No one found',
            label: 'People found',
          }}
          add={add}
          onClose={() => setAdding(false)}
        />
      )}
      <PeoplePages key={query} scope={scope} query={query} onRemove={setRemoving} />
      <RemoveContactDialog contact={removing} whose="your" remove={remove} onClose={() => setRemoving(null)} />
    </Stack>
  );
}

function PeoplePages({
  scope,
  query,
  onRemove,
}: {
  scope: PracticeScope;
  query: string;
  onRemove: (person: Named) => void;
}) {
  const [page, setPage] = useState(0);
  const list = useQuery(peopleContactsQuery(query, page));
  return (
    <ContactList
      list={list}
      page={page}
      onPage={setPage}
      query={query}
      texts={{
        label: 'People',
        loading: 'Loading people',
        failed: 'Could not load your contacts',
        empty: 'No people in your contacts yet',
        emptyHint: 'Add the providers you work with to chat with them in one click.',
      }}
      row={(person: ContactUser) => {
        const name = personName(person);
        return (
          <ContactCard
            name={titledName(person)}
            details={[person.practices.map((practice) => practice.name).join(', '), person.email ?? ''].filter(Boolean)}
            actions={
              <>
                <OpenChatButton scope={scope} partner={{ userId: person.id, name }} />
                <RemoveContactButton name={name} onClick={() => onRemove({ id: person.id, name })} />
              </>
            }
          />
        );
      }}
    />
  );
}
