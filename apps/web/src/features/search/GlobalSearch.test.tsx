import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { searchApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, lakeside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const RESULTS: searchApi.SearchResult[] = [
  { type: 'USER', id: 8, title: 'Sam Parker', subtitle: 'Riverside Family Clinic', practiceId: 1 },
  { type: 'PRACTICE', id: 2, title: 'Lakeside Health', subtitle: '1 River Road, Springfield', practiceId: 2 },
  { type: 'PROVIDER', id: 9, title: 'Dr Paula Park', subtitle: 'Cardiology · Lakeside Health', practiceId: 2 },
];

function searchServer(results = RESULTS) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/search': ({ query }) => ({ results: query.get('query') === 'zzz' ? [] : results }),
    'GET /api/v1/practice/:id/summary': () => lakeside.practice,
    'GET /api/v1/user/:id': ({ path }) => ({
      id: Number(path.split('/').pop()),
      uuid: '8b9c0d1e-2f3a-4b4c-9d5e-6f7a8b9c0d1e',
      firstName: 'Paula',
      lastName: 'Park',
      title: 'Dr',
      kind: 'PROVIDER',
      practices: [lakeside.practice],
      professional: { credentials: null, npi: null, bio: null },
    }),
  });
}

async function openApp() {
  const app = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Rivers' });
  return app;
}

describe('global search', () => {
  it('groups results under headings and walks them with the keyboard', async () => {
    const server = searchServer();
    const { user } = await openApp();

    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.click(box);
    await user.paste('pa');

    const people = await screen.findByRole('group', { name: 'People' });
    expect(within(people).getByRole('option', { name: /Sam Parker/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Practices' })).getByRole('option', { name: /Lakeside Health/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Providers' })).getByRole('option', { name: /Dr Paula Park/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Patients' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/search')).toHaveLength(1);
    expect(server.find('GET', '/api/v1/search')[0].query.get('query')).toBe('pa');

    const options = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2].id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);

    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Lakeside Health' });
    expect(await within(dialog).findByText('1 River Road, Springfield')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '(202) 555-0100' })).toHaveAttribute('href', 'tel:+12025550100');
    expect(within(dialog).getByText('You are a member')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(box).toHaveFocus());
  });

  it('closes the results with Escape and keeps the focus in the box', async () => {
    searchServer();
    const { user } = await openApp();

    const box = screen.getByRole('combobox', { name: 'Search' });
    await user.click(box);
    await user.paste('pa');
    await screen.findByRole('group', { name: 'People' });
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('opens a provider’s profile', async () => {
    searchServer();
    const { user } = await openApp();

    await user.click(screen.getByRole('combobox', { name: 'Search' }));
    await user.paste('pa');
    await user.click(await screen.findByRole('option', { name: /Dr Paula Park/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Paula Park' });
    expect(await within(dialog).findByText('Lakeside Health')).toBeInTheDocument();
    expect(within(dialog).getByText('Provider')).toBeInTheDocument();
  });

  it('offers to ask to join a practice the user is not in', async () => {
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/user/current/practices': () => [],
      'GET /api/v1/search': () => ({ results: [RESULTS[1]] }),
      'GET /api/v1/practice/:id/summary': () => lakeside.practice,
      'GET /api/v1/practices': () => ({ data: [], count: 0 }),
      'GET /api/v1/user/availablePractices': () => [],
      'GET /api/v1/user/invites': () => [],
    });
    const { user, router } = await openApp();

    await user.click(screen.getByRole('combobox', { name: 'Search' }));
    await user.paste('lake');
    await user.click(await screen.findByRole('option', { name: /Lakeside Health/ }));
    await user.click(await screen.findByRole('link', { name: 'Request to join' }));

    expect(router.state.location.pathname).toBe('/practices/join');
    expect(router.state.location.search).toBe('?practiceId=2');
    expect(await screen.findByRole('heading', { name: 'Chosen practices (1)' })).toBeInTheDocument();
  });

  it('is reached with "/" and with Ctrl+K, but "/" still types in other fields', async () => {
    searchServer();
    const { user } = await openApp();
    const box = screen.getByRole('combobox', { name: 'Search' });

    await user.keyboard('/');
    expect(box).toHaveFocus();
    expect(box).toHaveValue('');

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();

    const practice = screen.getByRole('combobox', { name: 'Current practice' });
    act(() => practice.focus());
    await user.keyboard('/');
    expect(practice).toHaveFocus();
  });

  it('says when nothing matches, and shows errors in the list', async () => {
    let failing = false;
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/search': () =>
        failing ? reply(429, errorBody(429, 'TOO_MANY_REQUESTS', 'Too many requests')) : { results: [] },
    });
    const { user } = await openApp();

    await user.click(screen.getByRole('combobox', { name: 'Search' }));
    await user.paste('zzz');
    expect(await screen.findByText('No results for “zzz”')).toBeInTheDocument();

    failing = true;
    await user.paste('q');
    expect(
      await screen.findByText('Could not search: Too many requests. Wait a moment and try again.'),
    ).toBeInTheDocument();
  });

  it('waits for a pause in typing before searching', async () => {
    const server = searchServer();
    const { user } = await openApp();

    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'park');
    expect(screen.getByRole('status', { name: 'Searching' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'People' });
    expect(screen.queryByRole('status', { name: 'Searching' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/search').map((r) => r.query.get('query'))).toEqual(['park']);
  });

  it('is a button opening a full-screen dialog on phones', async () => {
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: media === '(max-width: 35.99em)',
      media,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
    searchServer();
    const { user } = await openApp();

    const trigger = await screen.findByRole('button', { name: 'Search' });
    expect(screen.queryByRole('combobox', { name: 'Search' })).not.toBeInTheDocument();
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(box).toHaveFocus());
    await user.paste('pa');
    await user.click(await within(dialog).findByRole('option', { name: /Sam Parker/ }));

    expect(await screen.findByRole('dialog', { name: 'Paula Park' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
