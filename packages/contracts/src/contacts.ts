import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { Id, IdParams, OkResponse, paged } from './common.js';
import { PracticeSummary } from './users.js';

/** User and practice contacts (spec 1 §7 Users/Practices, spec 2 §7 contacts). */

const tags = ['Contacts'];

/** Spec 2 §9: contacts lists page by 30. */
export const CONTACTS_PAGE_SIZE = 30;

/** A person in an address book, with the practices they can be reached through. */
export const ContactUser = z.object({
  id: z.number().int(),
  uuid: z.string().uuid(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  practices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ContactUser = z.infer<typeof ContactUser>;

const Search = z.string().trim().max(200).optional();
const SkipLimit = {
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(CONTACTS_PAGE_SIZE),
  query: Search,
};

export const addUserContact = endpoint({
  method: 'POST',
  path: '/api/v1/user/:id/addContact',
  summary: 'Add a provider to your contacts',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ userId: Id }),
  response: OkResponse,
});

export const removeUserContact = endpoint({
  method: 'POST',
  path: '/api/v1/user/:id/removeContact',
  summary: 'Remove someone from your contacts',
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ userId: Id }),
  response: OkResponse,
});

export const listContacts = endpoint({
  method: 'GET',
  path: '/api/v1/contacts',
  summary: 'Your contacts, by last name',
  tags,
  auth: 'user',
  query: z.object({
    search: Search,
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(CONTACTS_PAGE_SIZE),
  }),
  response: paged(ContactUser),
});

export const contactUsers = endpoint({
  method: 'GET',
  path: '/api/v1/contacts/users',
  summary: 'People you can reach: your contacts, plus the members of practiceId when given',
  tags,
  auth: 'user',
  query: z.object({ practiceId: Id.optional(), ...SkipLimit }),
  response: paged(ContactUser),
});

export const contactPractices = endpoint({
  method: 'GET',
  path: '/api/v1/contacts/practices',
  summary: 'Practices in the contact lists of your practices, or of practiceId only when given',
  tags,
  auth: 'user',
  query: z.object({ practiceId: Id.optional(), ...SkipLimit }),
  response: paged(PracticeSummary),
});

export const addPracticeContact = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/addContact',
  summary: "Add a practice to this practice's contacts",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id }),
  response: OkResponse,
});

export const removePracticeContact = endpoint({
  method: 'POST',
  path: '/api/v1/practice/:id/removeContact',
  summary: "Remove a practice from this practice's contacts",
  tags,
  auth: 'user',
  params: IdParams,
  body: z.object({ practiceId: Id }),
  response: OkResponse,
});
