import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { networksApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, lakeside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { bayside, hilltop, network, practice } from './networks.fixtures';

function networksServer(routes: Parameters<typeof fakeServer>[0] = {}, admin = true) {
  let list: networksApi.PracticeNetwork[] = [
    network(21, 'North County', 0, { practices: [hilltop] }),
    network(22, 'Specialists', 1, { matchingTimeLimit: 30 }),
    network(23, 'Out of area', 2, { matchingTimeLimit: 1440 }),
    network(31, 'Bayside partners', 0, {
      owned: false,
      practice: bayside,
      practiceId: bayside.id,
      practices: [lakeside.practice],
    }),
  ];
  const own = () => list.filter((n) => n.owned);
  const summaries = () => own().map(({ practices: _p, providers: _u, owned: _o, ...summary }) => summary);
  const detail = (id: number) => {
    const { owned: _o, ...rest } = list.find((n) => n.id === id)!;
    return rest;
  };
  return fakeServer({
    ...signedInRoutes(() =>
      currentUserResponse({ currentPractice: admin ? lakeside : { ...lakeside, roles: ['PROVIDER'] } }),
    ),
    'GET /api/v1/practice/:id/networks': () => list,
    'PUT /api/v1/network/:id/order': ({ body }, { id }) => {
      const tiers = own();
      const moved = tiers.find((n) => n.id === Number(id))!;
      const rest = tiers.filter((n) => n !== moved);
      rest.splice(body.order, 0, moved);
      list = [...rest.map((n, order) => ({ ...n, order })), ...list.filter((n) => !n.owned)];
      return summaries();
    },
    'POST /api/v1/networks': ({ body }) => {
      const created = network(24, body.name, own().length, { matchingTimeLimit: body.matchingTimeLimit });
      list = [...own(), created, ...list.filter((n) => !n.owned)];
      return reply(201, detail(24));
    },
    'PUT /api/v1/network/:id/addPractice': ({ body }, { id }) => {
      if (body.practiceId === lakeside.practice.id) {
        return reply(400, errorBody(400, 'BAD_REQUEST', 'A network always includes the practice that owns it'));
      }
      list = list.map((n) =>
        n.id === Number(id)
          ? { ...n, practices: [...n.practices, practice(body.practiceId, 'Bayside Orthopaedics')] }
          : n,
      );
      return detail(Number(id));
    },
    'PUT /api/v1/network/:id': ({ body }, { id }) => {
      list = list.map((n) => (n.id === Number(id) ? { ...n, ...body } : n));
      return detail(Number(id));
    },
    'DELETE /api/v1/network/:id': (_, { id }) => {
      list = list.filter((n) => n.id !== Number(id));
      return { ok: true };
    },
    'GET /api/v1/practices': ({ query }) =>
      query.get('query')?.toLowerCase().startsWith('ba') || query.get('query')?.toLowerCase().startsWith('la')
        ? {
            data: [bayside, lakeside.practice].filter((p) =>
              p.name.toLowerCase().startsWith(query.get('query')!.toLowerCase()),
            ),
            count: 1,
          }
        : { data: [], count: 0 },
    ...routes,
  });
}

async function tiers() {
  const list = await screen.findByRole('list', { name: 'Tiers' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('networks page', () => {
  it("shows the practice's tiers in order and the networks it belongs to", async () => {
    networksServer();
    renderApp('/practice/networks');

    expect(await tiers()).toEqual(['Tier 1 · North County', 'Tier 2 · Specialists', 'Tier 3 · Out of area']);
    const first = screen.getByRole('listitem', { name: /North County/ });
    expect(within(first).getByText('Matching time limit: 90 minutes (1 hour 30 minutes)')).toBeInTheDocument();
    expect(within(first).getByText('Hilltop Physio')).toBeInTheDocument();
    expect(screen.getByText('Matching time limit: 30 minutes')).toBeInTheDocument();
    expect(screen.getByText(/offered to tier 1 first and moves to the next tier/)).toBeInTheDocument();

    const memberOf = screen.getByRole('listitem', { name: 'Bayside partners, run by Bayside Orthopaedics' });
    expect(within(memberOf).getByText(/Run by Bayside Orthopaedics/)).toBeInTheDocument();
    expect(within(memberOf).queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Networks · Referwell');
  });

  it('moves a tier with buttons, sends the new order and announces it', async () => {
    const server = networksServer();
    const { user } = renderApp('/practice/networks');

    expect(await screen.findByRole('button', { name: 'Move North County up' })).toBeDisabled();
    const down = screen.getByRole('button', { name: 'Move North County down' });
    down.focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('North County moved to tier 2 of 3.')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/network/21/order')[0].body).toEqual({ order: 1 });
    await waitFor(async () =>
      expect(await tiers()).toEqual(['Tier 1 · Specialists', 'Tier 2 · North County', 'Tier 3 · Out of area']),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move North County down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move Out of area up' }));
    expect(await screen.findByText('Out of area moved to tier 2 of 3.')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/network/23/order')[0].body).toEqual({ order: 1 });
  });

  it('checks a new network before creating it as the last tier', async () => {
    const server = networksServer();
    const { user } = renderApp('/practice/networks');
    const form = within(await screen.findByRole('region', { name: 'Create a network' }));

    const limit = form.getByLabelText(/^matching time limit/i);
    await user.clear(limit);
    await user.type(limit, '20000');
    await user.click(form.getByRole('button', { name: 'Create network' }));
    expect(await form.findByText('Enter a name for the network')).toBeInTheDocument();
    expect(form.getByText('Enter a whole number of minutes from 1 to 10080 (one week)')).toBeInTheDocument();
    await user.clear(limit);
    await user.click(form.getByRole('button', { name: 'Create network' }));
    expect(await form.findByText('Enter the matching time limit in minutes')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/networks')).toHaveLength(0);

    await user.type(form.getByLabelText(/^network name/i), 'Weekend cover');
    await user.type(limit, '150');
    expect(form.getByText('That is 2 hours 30 minutes.')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Create network' }));

    expect(await screen.findByText('Weekend cover is created as tier 4')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/networks')[0].body).toEqual({
      name: 'Weekend cover',
      matchingTimeLimit: 150,
      practiceId: 2,
    });
    await waitFor(async () => expect((await tiers()).at(-1)).toBe('Tier 4 · Weekend cover'));
  });

  it('adds a practice found by name and shows why the practice itself cannot be added', async () => {
    const server = networksServer();
    const { user } = renderApp('/practice/networks');
    const tier = within(await screen.findByRole('listitem', { name: /North County/ }));

    await user.click(tier.getByRole('button', { name: 'Add a practice' }));
    await user.type(tier.getByLabelText(/^search practices by name/i), 'Bay');
    await user.click(await tier.findByRole('button', { name: 'Add Bayside Orthopaedics to North County' }));

    expect(await screen.findByText('Bayside Orthopaedics added to North County')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/network/21/addPractice')[0].body).toEqual({ practiceId: 12 });
    expect(server.find('GET', '/api/v1/practices').at(-1)!.query.get('query')).toBe('Bay');
    expect(await tier.findByText('Already in this network')).toBeInTheDocument();

    const search = tier.getByLabelText(/^search practices by name/i);
    await user.clear(search);
    await user.type(search, 'Lake');
    await user.click(await tier.findByRole('button', { name: 'Add Lakeside Health to North County' }));
    expect(await tier.findByText('A network always includes the practice that owns it')).toBeInTheDocument();
  });

  it('renames a network and changes its limit', async () => {
    const server = networksServer();
    const { user } = renderApp('/practice/networks');

    await user.click(await screen.findByRole('button', { name: 'Edit Specialists' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Specialists' }));
    const name = dialog.getByLabelText(/^network name/i);
    await user.clear(name);
    await user.type(name, 'Specialist clinics');
    const limit = dialog.getByLabelText(/^matching time limit/i);
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(dialog.getByRole('button', { name: 'Save network' }));
    expect(await dialog.findByText('Enter a whole number of minutes from 1 to 10080 (one week)')).toBeInTheDocument();

    await user.clear(limit);
    await user.type(limit, '45');
    await user.click(dialog.getByRole('button', { name: 'Save network' }));
    expect(await screen.findByText('Specialist clinics is saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/network/22')[0].body).toEqual({
      name: 'Specialist clinics',
      matchingTimeLimit: 45,
    });
    await waitFor(async () => expect(await tiers()).toContain('Tier 2 · Specialist clinics'));
  });

  it('asks before deleting a network', async () => {
    const server = networksServer();
    const { user } = renderApp('/practice/networks');

    await user.click(await screen.findByRole('button', { name: 'Delete Specialists' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this network?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.find('DELETE', '/api/v1/network/22')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Specialists' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this network?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete network' }));

    expect(await screen.findByText('Specialists is deleted')).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/network/22')).toHaveLength(1);
    await waitFor(async () => expect(await tiers()).toEqual(['Tier 1 · North County', 'Tier 2 · Out of area']));
  });

  it('adds a provider of a practice in the network', async () => {
    const ana = {
      id: 40,
      uuid: '20000000-0000-4000-8000-000000000040',
      firstName: 'Ana',
      lastName: 'Lopez',
      title: 'MD',
    };
    const server = networksServer({
      'GET /api/v1/practice/:id/providers': () => ({
        data: [{ ...ana, email: null, phone: null, roles: ['PROVIDER'] }],
        count: 1,
      }),
      'PUT /api/v1/network/:id/addProvider': () => {
        const { owned: _o, ...updated } = network(21, 'North County', 0, {
          practices: [hilltop],
          providers: [{ user: { ...ana, kind: 'PROVIDER' }, practice: lakeside.practice }],
        });
        return updated;
      },
    });
    const { user } = renderApp('/practice/networks');
    const tier = within(await screen.findByRole('listitem', { name: /North County/ }));

    await user.click(tier.getByRole('button', { name: 'Add a provider' }));
    await user.click(tier.getByRole('combobox', { name: /^practice/i }));
    await user.click(await screen.findByRole('option', { name: 'Lakeside Health (owner)' }));
    await user.click(await tier.findByRole('button', { name: 'Add Ana Lopez to North County' }));

    expect(await screen.findByText('Ana Lopez added to North County')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/network/21/addProvider')[0].body).toEqual({ userId: 40, practiceId: 2 });
    expect(server.find('GET', '/api/v1/practice/2/providers')).not.toHaveLength(0);
  });

  it('finds providers of a practice the admin does not work in through the directory', async () => {
    const person = (id: number, firstName: string, practices: (typeof hilltop)[]) => ({
      id,
      uuid: `20000000-0000-4000-8000-0000000000${id}`,
      firstName,
      lastName: 'Lopez',
      title: null,
      kind: 'PROVIDER',
      practices,
    });
    const server = networksServer({
      'GET /api/v1/users': () => ({ data: [person(41, 'Ana', [hilltop]), person(42, 'Andy', [bayside])], count: 2 }),
      'PUT /api/v1/network/:id/addProvider': () => {
        const { owned: _o, ...updated } = network(21, 'North County', 0, { practices: [hilltop] });
        return updated;
      },
    });
    const { user } = renderApp('/practice/networks');
    const tier = within(await screen.findByRole('listitem', { name: /North County/ }));

    await user.click(tier.getByRole('button', { name: 'Add a provider' }));
    await user.click(tier.getByRole('combobox', { name: /^practice/i }));
    await user.click(await screen.findByRole('option', { name: 'Hilltop Physio' }));
    await user.type(tier.getByLabelText(/^provider name/i), 'An');
    await user.click(await tier.findByRole('button', { name: 'Add Ana Lopez to North County' }));

    expect(tier.queryByText('Andy Lopez')).not.toBeInTheDocument();
    const search = server.find('GET', '/api/v1/users').at(-1)!;
    expect([search.query.get('query'), search.query.get('suggest')]).toEqual(['An', 'true']);
    await waitFor(() =>
      expect(server.find('PUT', '/api/v1/network/21/addProvider')[0].body).toEqual({ userId: 41, practiceId: 11 }),
    );
  });

  it('is read-only for members who are not admins', async () => {
    networksServer({}, false);
    renderApp('/practice/networks');

    expect(await tiers()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Move|Delete|Edit|Add a|Leave/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Create a network' })).not.toBeInTheDocument();
  });

  it('shows the load failure with a retry', async () => {
    networksServer({
      'GET /api/v1/practice/:id/networks': () =>
        reply(403, errorBody(403, 'FORBIDDEN', 'You may not see this practice')),
    });
    renderApp('/practice/networks');
    expect(await screen.findByText('You may not see this practice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('points people without a practice to joining one', async () => {
    fakeServer(signedInRoutes(() => currentUserResponse({ currentPractice: null })));
    renderApp('/practice/networks');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByText('No practice selected')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Join a practice' })).toHaveAttribute('href', '/practices/join');
  });
});
