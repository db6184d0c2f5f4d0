import { useState, type ReactNode } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { formatPhone, practicesApi, type PracticeSummary } from '@referwell/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import type { PracticeScope } from '../../lib/practiceScope';
import { Section } from '../../ui/Section';
import { ErrorState, LoadingState } from '../../ui/States';
import { OpenChatButton } from '../chats';
import { ReferToPracticeButton } from '../referrals';
import { AddContactPanel, CONTACT_SEARCH_DEBOUNCE_MS } from './AddContactPanel';
import { ContactCard, ContactList, ContactSearchBar, RemoveContactButton } from './ContactList';
import { practiceContactsQuery, recentPracticesQuery, usePracticeContactChange } from './contactQueries';
import { RemoveContactDialog } from './RemoveContactDialog';

/** The practices the current practice keeps as contacts, the ones it dealt with lately, and adding more. */
export function PracticeContacts({ scope }: { scope: PracticeScope }) {
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PracticeSummary | null>(null);
  const add = usePracticeContactChange(scope.practiceId, 'add');
  // A recent practice is added from its own row, out of the search panel that shows add's errors.
  const addRecent = usePracticeContactChange(scope.practiceId, 'add');
  const remove = usePracticeContactChange(scope.practiceId, 'remove');

  const card = (practice: PracticeSummary, extra: 'remove' | 'add') => (
    <ContactCard
      name={practice.name}
      details={[practice.address, practice.phoneNumber && formatPhone(practice.phoneNumber)].filter(
        (line): line is string => Boolean(line),
      )}
      actions={
        <>
          <ReferToPracticeButton practice={practice} />
          <OpenChatButton scope={scope} partner={{ practiceId: practice.id, name: practice.name }} />
          {extra === 'remove' ? (
            <RemoveContactButton name={practice.name} onClick={() => setRemoving(practice)} />
          ) : (
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Add ${practice.name} to contacts`}
              loading={addRecent.isPending && addRecent.variables?.id === practice.id}
              onClick={() =>
                addRecent.mutate(practice, {
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: `Could not add ${practice.name} to contacts`,
                      message: errorMessage(error),
                    }),
                })
              }
            >
              Add
            </Button>
          )}
        </>
      }
    />
  );

  return (
    <Stack gap="lg">
      <ContactSearchBar
        label="Search practice contacts"
        placeholder="Practice name"
        value={text}
        onChange={setText}
        addLabel="Add a practice"
        adding={adding}
        onAdd={() => setAdding(true)}
      />
      {adding && (
        <AddContactPanel<PracticeSummary>
          title="Add a practice"
          searchLabel="Find a practice by name"
          queryKey={['contacts', 'practiceSearch', scope.practiceId]}
          search={async (q, page, signal) => {
            const found = await call(practicesApi.searchPractices, { query: { query: q, page }, signal });
            return { ...found, data: found.data.filter((practice) => practice.id !== scope.practiceId) };
          }}
          pageSize={practicesApi.PRACTICE_SEARCH_PAGE_SIZE}
          name={(practice) => practice.name}
          detail={(practice) => practice.address}
          texts={{
            loading: 'Searching practices',
            failed: 'Could not search practices',
            empty: 'No practices found',
            label: 'Practices found',
          }}
          add={add}
          onClose={() => setAdding(false)}
        />
      )}
      <PracticeContactPages key={query} scope={scope} query={query} card={(practice) => card(practice, 'remove')} />
      <RecentPractices scope={scope} card={(practice) => card(practice, 'add')} />
      <RemoveContactDialog
        contact={removing}
        whose={`${scope.practiceName}’s`}
        remove={remove}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** One page of contacts for a search; a new search (a new key) starts at the first page. */
function PracticeContactPages({
  scope,
  query,
  card,
}: {
  scope: PracticeScope;
  query: string;
  card: (practice: PracticeSummary) => ReactNode;
}) {
  const [page, setPage] = useState(0);
  const list = useQuery(practiceContactsQuery(scope.practiceId, query, page));
  return (
    <ContactList
      list={list}
      page={page}
      onPage={setPage}
      query={query}
      texts={{
        label: 'Practice contacts',
        loading: 'Loading practice contacts',
        failed: 'Could not load the practice contacts',
        empty: 'No practice contacts yet',
        emptyHint: 'Add the practices you refer to and chat with, to find them here in one click.',
      }}
      row={card}
    />
  );
}

/** Practices the practice referred to, chatted with or added lately: the likely next contacts. */
function RecentPractices({ scope, card }: { scope: PracticeScope; card: (practice: PracticeSummary) => ReactNode }) {
  const recent = useQuery(recentPracticesQuery(scope.practiceId));
  return (
    <Section title="Recent practices" description="Practices your practice dealt with lately.">
      {recent.isPending ? (
        <LoadingState label="Loading recent practices" />
      ) : recent.isError ? (
        <ErrorState
          title="Could not load the recent practices"
          error={recent.error}
          onRetry={() => void recent.refetch()}
          retrying={recent.isFetching}
        />
      ) : recent.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet: referrals, chats and contacts with other practices show here.
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} aria-label="Recent practices" style={{ listStyle: 'none' }}>
          {recent.data.map((practice) => (
            <li key={practice.id}>{card(practice)}</li>
          ))}
        </Stack>
      )}
    </Section>
  );
}
