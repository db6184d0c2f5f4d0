import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { contactsApi, practicesApi } from '@referwell/contracts';
import { call } from '../../lib/api';

export type ContactUser = contactsApi.ContactUser;

const PAGE_SIZE = contactsApi.CONTACTS_PAGE_SIZE;

/** Every address-book query sits under ['contacts'], so one change refreshes both lists and the recents. */
export const contactKeys = {
  all: ['contacts'] as const,
  practices: (practiceId: number, query: string, page: number) =>
    ['contacts', 'practices', practiceId, query, page] as const,
  people: (query: string, page: number) => ['contacts', 'people', query, page] as const,
  recent: (practiceId: number) => ['contacts', 'recent', practiceId] as const,
};

/** One page of the practices the current practice keeps as contacts, by name. */
export function practiceContactsQuery(practiceId: number, query: string, page: number) {
  return queryOptions({
    queryKey: contactKeys.practices(practiceId, query, page),
    queryFn: ({ signal }) =>
      call(contactsApi.contactPractices, {
        query: { practiceId, skip: page * PAGE_SIZE, limit: PAGE_SIZE, query: query || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the people in the caller's own address book, by last name. */
export function peopleContactsQuery(query: string, page: number) {
  return queryOptions({
    queryKey: contactKeys.people(query, page),
    queryFn: ({ signal }) =>
      call(contactsApi.listContacts, { query: { search: query || undefined, page, pageSize: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The practices this practice dealt with lately (referrals, chats, contacts), newest first. */
export function recentPracticesQuery(practiceId: number) {
  return queryOptions({
    queryKey: contactKeys.recent(practiceId),
    queryFn: ({ signal }) => call(practicesApi.recentPractices, { params: { id: practiceId }, signal }),
  });
}

/** Adds a practice to, or removes one from, the current practice's address book. */
export function usePracticeContactChange(practiceId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  const endpoint = change === 'add' ? contactsApi.addPracticeContact : contactsApi.removePracticeContact;
  return useMutation({
    mutationFn: (practice: { id: number; name: string }) =>
      call(endpoint, { params: { id: practiceId }, body: { practiceId: practice.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** Adds a person to, or removes one from, the caller's own address book. */
export function usePersonContactChange(userId: number, change: 'add' | 'remove') {
  const queryClient = useQueryClient();
  const endpoint = change === 'add' ? contactsApi.addUserContact : contactsApi.removeUserContact;
  return useMutation({
    mutationFn: (person: { id: number; name: string }) =>
      call(endpoint, { params: { id: userId }, body: { userId: person.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
