import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { contactsApi, PracticeSummary } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from '../../test/fakeServer';
import { errorBody, lakeside, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { chat } from '../../test/chatFixtures';

const PRACTICES = '/api/v1/contacts/practices';

const practice = (id: number, name: string): PracticeSummary => ({
  ...riverside.practice,
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name,
  address: `${id} Main St, Springfield`,
});

const person = (id: number, firstName: string, lastName: string): contactsApi.ContactUser => ({
  id,
  uuid: `10000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  firstName,
  lastName,
  title: 'MD',
  email: `${firstName.toLowerCase()}@lakeside.test`,
  practices: [{ id: 2, name: 'Lakeside Health' }],
});

/** An address book held on the fake server: searched by name and paged like the real one. */
function contactsServer(book: PracticeSummary[], people: contactsApi.ContactUser[] = [], routes = {}) {
  const page = <T,>(items: T[], skip: number, limit: number) => ({
    data: items.slice(skip, skip + limit),
    count: items.length,
  });
  return fakeServer({
    ...signedInRoutes(),
    [`GET ${PRACTICES}`]: ({ query }: FakeRequest) => {
      const text = query.get('query')?.toLowerCase();
      const found = book.filter((one) => !text || one.name.toLowerCase().includes(text));
      return page(found, Number(query.get('skip') ?? 0), Number(query.get('limit') ?? 30));
    },
    'GET /api/v1/contacts': ({ query }: FakeRequest) =>
      page(people, Number(query.get('page') ?? 0) * 30, Number(query.get('pageSize') ?? 30)),
    'GET /api/v1/practice/:id/recentPractices': () => [practice(60, 'Oakwood Pediatrics')],
    'POST /api/v1/practice/:id/addContact': ({ body }: FakeRequest) => {
      book.push(practice(body.practiceId, body.practiceId === 60 ? 'Oakwood Pediatrics' : 'Hillside Cardiology'));
      return { ok: true };
    },
    'POST /api/v1/practice/:id/removeContact': ({ body }: FakeRequest) => {
      book.splice(
        book.findIndex((one) => one.id === body.practiceId),
        1,
      );
      return { ok: true };
    },
    'POST /api/v1/user/:id/removeContact': ({ body }: FakeRequest) => {
      people.splice(
        people.findIndex((one) => one.id === body.userId),
        1,
      );
      return { ok: true };
    },
    ...routes,
  });
}

const many = Array.from({ length: 40 }, (_, i) => practice(100 + i, `Clinic ${String(i + 1).padStart(2, '0')}`));

describe('the address book', { timeout: 20_000 }, () => {
  it("lists the practice's own contacts 30 a page, searches them, and shows the recent practices", async () => {
    const server = contactsServer([practice(2, 'Lakeside Health'), ...many]);
    const { user } = renderApp('/contacts');

    const list = await screen.findByRole('list', { name: 'Practice contacts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(30);
    expect(Object.fromEntries(server.find('GET', PRACTICES)[0].query)).toEqual({
      practiceId: String(riverside.practice.id),
      skip: '0',
      limit: '30',
    });
    expect(screen.getByText('1–30 of 41')).toBeInTheDocument();
    expect(document.title).toBe('Contacts · Referwell');
    expect(screen.getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Clinic 40')).toBeInTheDocument();
    expect(server.find('GET', PRACTICES).at(-1)!.query.get('skip')).toBe('30');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search practice contacts' }), {
      target: { value: ' lake ' },
    });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Practice contacts' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(server.find('GET', PRACTICES).at(-1)!.query.get('query')).toBe('lake');
    expect(server.find('GET', PRACTICES).at(-1)!.query.get('skip')).toBe('0');
    const row = within(screen.getByRole('list', { name: 'Practice contacts' }));
    expect(row.getByRole('link', { name: 'Send a referral to Lakeside Health' })).toHaveAttribute(
      'href',
      '/referrals/new',
    );
    expect(row.getByRole('button', { name: 'Open chat with Lakeside Health' })).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search practice contacts' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No contact matches “zzz”')).toBeInTheDocument();

    const recent = within(screen.getByRole('list', { name: 'Recent practices' }));
    expect(recent.getByText('Oakwood Pediatrics')).toBeInTheDocument();
  });

  it('adds a found practice, and a recent one, to the contacts', async () => {
    const book: PracticeSummary[] = [];
    const server = contactsServer(book, [], {
      'GET /api/v1/practices': () => ({
        data: [riverside.practice, practice(70, 'Hillside Cardiology')],
        count: 2,
      }),
    });
    const { user } = renderApp('/contacts');

    expect(await screen.findByText('No practice contacts yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a practice' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a practice by name' }), { target: { value: 'hill' } });
    const found = await screen.findByRole('list', { name: 'Practices found' });
    // The practice itself is not offered.
    expect(within(found).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(found).getByRole('button', { name: 'Add Hillside Cardiology to contacts' }));
    expect(await within(found).findByText('Added')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/addContact')[0].body).toEqual({ practiceId: 70 });
    const list = await screen.findByRole('list', { name: 'Practice contacts' });
    expect(within(list).getByText('Hillside Cardiology')).toBeInTheDocument();

    const recent = within(screen.getByRole('list', { name: 'Recent practices' }));
    await user.click(recent.getByRole('button', { name: 'Add Oakwood Pediatrics to contacts' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Practice contacts' })).getByText('Oakwood Pediatrics'),
      ).toBeVisible(),
    );
  });

  it('says why a recent practice could not be added', async () => {
    contactsServer([], [], {
      'POST /api/v1/practice/:id/addContact': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'No such practice')),
    });
    const { user } = renderApp('/contacts');

    const recent = within(await screen.findByRole('list', { name: 'Recent practices' }));
    await user.click(recent.getByRole('button', { name: 'Add Oakwood Pediatrics to contacts' }));
    expect(await screen.findByText('Could not add Oakwood Pediatrics to contacts')).toBeInTheDocument();
    expect(screen.getByText('No such practice')).toBeInTheDocument();
    expect(screen.getByText('No practice contacts yet')).toBeInTheDocument();
  });

  it('removes a practice only once confirmed', async () => {
    const server = contactsServer([practice(2, 'Lakeside Health')]);
    const { user } = renderApp('/contacts');

    const list = await screen.findByRole('list', { name: 'Practice contacts' });
    await user.click(within(list).getByRole('button', { name: 'Remove Lakeside Health from contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove contact' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('POST', '/api/v1/practice/1/removeContact')).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Remove Lakeside Health from contacts' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove contact' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('No practice contacts yet')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/removeContact')[0].body).toEqual({ practiceId: 2 });
  });

  it('says when the contacts could not be loaded, and tries again', async () => {
    let fail = true;
    contactsServer([practice(2, 'Lakeside Health')], [], {
      [`GET ${PRACTICES}`]: () =>
        fail
          ? reply(500, errorBody(500, 'INTERNAL', 'Something went wrong'))
          : { data: [practice(2, 'Lakeside Health')], count: 1 },
    });
    const { user } = renderApp('/contacts');

    expect(await screen.findByText('Could not load the practice contacts')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Practice contacts' })).toBeInTheDocument();
  });

  it('opens a chat with a person, and removes them once confirmed', async () => {
    const server = contactsServer([], [person(30, 'Lena', 'Okafor')], {
      'POST /api/v1/chats': () => reply(201, chat(99)),
    });
    const { user, router } = renderApp('/contacts?tab=people');

    const list = await screen.findByRole('list', { name: 'People' });
    expect(within(list).getByText('Lena Okafor, MD')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Open chat with Lena Okafor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/99'));
    expect(server.find('POST', '/api/v1/chats')[0].body).toMatchObject({
      practiceId: 1,
      type: 'USER_TO_USER',
      users: [30],
    });

    await router.navigate('/contacts?tab=people');
    const again = await screen.findByRole('list', { name: 'People' });
    await user.click(within(again).getByRole('button', { name: 'Remove Lena Okafor from contacts' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove contact' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('No people in your contacts yet')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/user/7/removeContact')[0].body).toEqual({ userId: 30 });
  });

  it('opens the new-referral form as a basic referral to the contact', async () => {
    contactsServer([practice(2, lakeside.practice.name)]);
    const { user } = renderApp('/contacts');

    const list = await screen.findByRole('list', { name: 'Practice contacts' });
    await user.click(within(list).getByRole('link', { name: 'Send a referral to Lakeside Health' }));
    expect(await screen.findByRole('heading', { name: 'New referral' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Basic/ })).toBeChecked();
    expect(screen.getByDisplayValue('Lakeside Health')).toBeInTheDocument();
  });
});
