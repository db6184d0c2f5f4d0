import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody, lakeside } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { patient, referralServer, summary } from '../../test/referralFixtures';
import { REFERRAL_CHANGED_EVENT } from '../events';

const INBOX = '/api/v1/referrals/inbox';

/** A list handler that pages like the server. */
function paged(items: ReturnType<typeof summary>[]) {
  return ({ query }: { query: URLSearchParams }) => {
    const page = Number(query.get('page') ?? 0);
    const size = Number(query.get('pageSize') ?? 30);
    return { data: items.slice(page * size, (page + 1) * size), count: items.length };
  };
}

const many = Array.from({ length: 45 }, (_, i) => {
  const { firstName, lastName, ...rest } = patient(100 + i, 'Patient', `Number${i + 1}`);
  return summary(100 + i, { patient: { ...rest, firstName, lastName }, viewed: i % 2 === 1 });
});

describe('referral inbox', { timeout: 20_000 }, () => {
  it('shows the inbox with unread marks, statuses, tags and times, and pages through it', async () => {
    const server = referralServer({ 'GET /api/v1/referrals/:type': paged(many) });
    const { user } = renderApp('/referrals');

    const list = await screen.findByRole('list', { name: 'Inbox referrals' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(30);
    expect(cards[0]).toHaveAccessibleName(/^New Patient Number1 Offered From Lakeside Health · Lee Harbor/);
    expect(cards[0]).toHaveAttribute('href', '/referrals/view/100');
    expect(within(cards[0]).getByText('Patient Number1')).toHaveStyle({ fontWeight: '700' });
    // Viewed ones carry no mark.
    expect(within(cards[1]).queryByText('New')).not.toBeInTheDocument();
    expect(within(cards[0]).getByText('1 hour ago')).toBeInTheDocument();
    expect(screen.getByText('1–30 of 45')).toBeInTheDocument();
    const first = server.find('GET', INBOX)[0];
    expect(Object.fromEntries(first.query)).toEqual({ practiceId: '1', pageSize: '30', page: '0' });
    expect(document.title).toBe('Referrals · Referwell');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: /Patient Number31/ })).toBeInTheDocument();
    expect(server.find('GET', INBOX).at(-1)!.query.get('page')).toBe('1');
    expect(within(screen.getByRole('list', { name: 'Inbox referrals' })).getAllByRole('link')).toHaveLength(15);
  });

  it('shows tags and who a sent referral went to', async () => {
    referralServer({
      'GET /api/v1/referrals/:type': (_, { type }) =>
        type === 'sent'
          ? {
              data: [
                summary(5, {
                  type: 'BASIC',
                  status: 'ACCEPTED',
                  practice: { ...lakeside.practice, id: 1, name: 'Riverside Family Clinic' },
                  receivingPractice: lakeside.practice,
                  speciality: null,
                  viewed: true,
                  tags: [{ id: 61, practiceId: 1, name: 'Urgent follow-up', color: '#e03131', context: 'REFERRAL' }],
                }),
              ],
              count: 1,
            }
          : { data: [], count: 0 },
    });
    const { user, router } = renderApp('/referrals');

    expect(await screen.findByText('No referrals in your inbox')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/sent'));
    const card = await screen.findByRole('link', { name: /Jane Doe/ });
    expect(card).toHaveAccessibleName(/Jane Doe Accepted To Lakeside Health Basic/);
    expect(within(within(card).getByRole('list', { name: 'Tags' })).getByText('Urgent follow-up')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByText('Nothing archived')).toBeInTheDocument();
  });

  it('filters by provider and by patient name once it has two characters', async () => {
    const server = referralServer({ 'GET /api/v1/referrals/:type': () => ({ data: [summary(1)], count: 1 }) });
    const { user } = renderApp('/referrals');
    await screen.findByRole('link', { name: /Jane Doe/ });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Alex Moss');
    await waitFor(() => expect(server.find('GET', INBOX).at(-1)!.query.get('provider')).toBe('8'));

    const name = screen.getByRole('searchbox', { name: 'Patient name' });
    await user.type(name, 'j');
    expect(screen.getByText('Type at least 2 characters')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.find('GET', INBOX).every((request) => !request.query.has('patientName'))).toBe(true);
    await user.type(name, 'a');
    await waitFor(() => expect(server.find('GET', INBOX).at(-1)!.query.get('patientName')).toBe('ja'));
    expect(server.find('GET', INBOX).at(-1)!.query.get('provider')).toBe('8');
  });

  it('says when nothing matches the filters', async () => {
    referralServer({
      'GET /api/v1/referrals/:type': ({ query }) =>
        query.has('provider') ? { data: [], count: 0 } : { data: [summary(1)], count: 1 },
    });
    const { user } = renderApp('/referrals');
    await screen.findByRole('link', { name: /Jane Doe/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Alex Moss');
    expect(await screen.findByText('No referrals match these filters')).toBeInTheDocument();
  });

  it('searches the tab’s referrals from two characters', async () => {
    const server = referralServer({
      'GET /api/v1/referrals/:type': () => ({ data: [summary(1)], count: 1 }),
      'GET /api/v1/referrals/search': ({ query }) =>
        query.get('query') === 'zz' ? [] : [summary(2, { status: 'EXPIRED' })],
    });
    const { user } = renderApp('/referrals');
    await screen.findByRole('link', { name: /Jane Doe/ });

    const search = screen.getByRole('searchbox', { name: 'Search referrals' });
    await user.type(search, 'c');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.find('GET', '/api/v1/referrals/search')).toHaveLength(0);
    await user.type(search, 'a');
    const found = await screen.findByRole('list', { name: 'Referrals found' });
    expect(within(found).getByRole('link', { name: /Expired/ })).toHaveAttribute('href', '/referrals/view/2');
    expect(Object.fromEntries(server.find('GET', '/api/v1/referrals/search')[0].query)).toEqual({
      practiceId: '1',
      query: 'ca',
      inbox: 'true',
    });
    expect(screen.getByRole('combobox', { name: 'Provider' })).toBeDisabled();

    await user.clear(search);
    await user.type(search, 'zz');
    expect(await screen.findByText('No referrals match “zz”')).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', async () => {
    let fail = true;
    referralServer({
      'GET /api/v1/referrals/:type': () =>
        fail ? reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden')) : { data: [summary(1)], count: 1 },
    });
    const { user } = renderApp('/referrals');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the referrals');
    expect(alert).toHaveTextContent('Forbidden');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Jane Doe/ })).toBeInTheDocument();
  });

  it('refreshes when the events socket announces a changed referral', async () => {
    let items = [summary(1)];
    referralServer({ 'GET /api/v1/referrals/:type': () => ({ data: items, count: items.length }) });
    renderApp('/referrals');
    await screen.findByRole('link', { name: /Jane Doe/ });

    const { firstName: _f, lastName: _l, ...rest } = summary(2).patient;
    items = [summary(2, { patient: { ...rest, firstName: 'Sam', lastName: 'New' } }), ...items];
    act(() => {
      window.dispatchEvent(new CustomEvent(REFERRAL_CHANGED_EVENT, { detail: { referralId: 2, kind: 'OFFERED' } }));
    });
    expect(await screen.findByRole('link', { name: /Sam New/ })).toBeInTheDocument();
  });

  it('opens a referral linked as /referrals/{id} at its page', async () => {
    referralServer({
      'GET /api/v1/referral/:id': () => reply(456, errorBody(456, 'OBJECT_NOT_FOUND', 'Object not found')),
    });
    const { router } = renderApp('/referrals/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/referrals/view/42'));
    expect(await screen.findByText('This referral is not available')).toBeInTheDocument();
  });

  it('is in the main navigation', async () => {
    referralServer();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Referrals' })).toHaveAttribute('href', '/referrals');
  });
});
