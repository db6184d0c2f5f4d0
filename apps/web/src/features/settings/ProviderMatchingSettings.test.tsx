import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { cataloguesApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, lakeside, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const cardiology: cataloguesApi.Speciality = {
  id: 11,
  name: 'Cardiovascular Disease',
  taxonomyCode: '207RC0000X',
  branch: 'Allopathic & Osteopathic Physicians',
  classification: 'Internal Medicine',
  specialization: 'Cardiovascular Disease',
  colloquial: ['cardiologist'],
};
const orthopaedics: cataloguesApi.Speciality = {
  id: 12,
  name: 'Orthopaedic Surgery',
  taxonomyCode: '207X00000X',
  branch: 'Allopathic & Osteopathic Physicians',
  classification: 'Orthopaedic Surgery',
  specialization: null,
  colloquial: ['orthopedist'],
};
const aetna: cataloguesApi.Insurance = { id: 21, name: 'Aetna', payerId: '60054', searchable: true };
const cigna: cataloguesApi.Insurance = { id: 22, name: 'Cigna', payerId: '62308', searchable: true };

const entry = (practiceId: number, insurances: cataloguesApi.Insurance[]) => ({
  practiceId,
  insuranceIds: insurances.map((insurance) => insurance.id),
  insurances,
});

/** Pat practises cardiology and accepts Aetna at Lakeside; Riverside accepts nothing yet. */
function matchingServer(routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    ...signedInRoutes(),
    'GET /api/v1/user/:id/specialities': () => [cardiology],
    'GET /api/v1/user/:id/insurance/matrix': () => [entry(1, []), entry(2, [aetna])],
    'GET /api/v1/specialities': () => ({ data: [orthopaedics], count: 1 }),
    'GET /api/v1/insurance': () => ({ data: [cigna], count: 1 }),
    ...routes,
  });
}

async function region(name: string) {
  return within(await screen.findByRole('region', { name }));
}

describe('a provider’s specialities and insurances in settings', () => {
  it('adds and removes specialities and saves the whole list', async () => {
    const server = matchingServer({
      'PUT /api/v1/user/:id/specialities': () => [orthopaedics],
    });
    const { user } = renderApp('/settings');
    const specialities = await region('Specialities');

    const chosen = await specialities.findByRole('list', { name: 'Chosen specialities' });
    expect(within(chosen).getByText('Cardiovascular Disease')).toBeInTheDocument();

    await user.type(specialities.getByRole('combobox', { name: 'Add a speciality' }), 'orth');
    await user.click(await screen.findByRole('option', { name: /Orthopaedic Surgery/ }));
    await user.click(specialities.getByRole('button', { name: 'Remove Cardiovascular Disease' }));
    expect(within(chosen).queryByText('Cardiovascular Disease')).not.toBeInTheDocument();
    expect(within(chosen).getByText('Orthopaedic Surgery')).toBeInTheDocument();

    await user.click(specialities.getByRole('button', { name: 'Save specialities' }));
    expect(await screen.findByText('Your specialities are saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/user/7/specialities').map((request) => request.body)).toEqual([
      { specialityIds: [12] },
    ]);
  });

  it('shows the server’s refusal of a save and keeps the list as edited', async () => {
    matchingServer({
      'PUT /api/v1/user/:id/specialities': () =>
        reply(403, errorBody(403, 'FORBIDDEN', 'Only providers have specialities')),
    });
    const { user } = renderApp('/settings');
    const specialities = await region('Specialities');

    await user.click(await specialities.findByRole('button', { name: 'Remove Cardiovascular Disease' }));
    expect(specialities.getByText(/None yet/)).toBeInTheDocument();
    await user.click(specialities.getByRole('button', { name: 'Save specialities' }));
    expect(await specialities.findByRole('alert')).toHaveTextContent('Only providers have specialities');
    expect(specialities.getByText(/None yet/)).toBeInTheDocument();
  });

  it('accepts an insurance at one practice and stops accepting one at another, each saved at once', async () => {
    const server = matchingServer({
      'PUT /api/v1/user/:id/insurance': ({ body }) => entry(body.practiceId, [cigna]),
      'DELETE /api/v1/user/:id/insurance': ({ body }) => entry(body.practiceId, []),
    });
    const { user } = renderApp('/settings');
    const insurances = await region('Insurances you accept');
    const atRiverside = await region('Riverside Family Clinic');
    const atLakeside = await region('Lakeside Health');
    expect(atRiverside.getByText(/None yet/)).toBeInTheDocument();
    expect(atLakeside.getByRole('list', { name: 'Insurances accepted at Lakeside Health' })).toHaveTextContent('Aetna');

    await user.type(
      insurances.getByRole('combobox', { name: 'Add an insurance accepted at Riverside Family Clinic' }),
      'cig',
    );
    await user.click(await screen.findByRole('option', { name: /Cigna/ }));
    expect(await screen.findByText('Cigna is now accepted at Riverside Family Clinic')).toBeInTheDocument();
    expect(
      await atRiverside.findByRole('list', { name: 'Insurances accepted at Riverside Family Clinic' }),
    ).toHaveTextContent('Cigna');

    await user.click(atLakeside.getByRole('button', { name: 'Remove Aetna' }));
    expect(await screen.findByText('Aetna is no longer accepted at Lakeside Health')).toBeInTheDocument();
    expect(await atLakeside.findByText(/None yet/)).toBeInTheDocument();

    expect(server.find('PUT', '/api/v1/user/7/insurance').map((request) => request.body)).toEqual([
      { practiceId: 1, insuranceId: 22 },
    ]);
    expect(server.find('DELETE', '/api/v1/user/7/insurance').map((request) => request.body)).toEqual([
      { practiceId: 2, insuranceId: 21 },
    ]);
  });

  it('shows the server’s refusal of an insurance and changes nothing on screen', async () => {
    matchingServer({
      'PUT /api/v1/user/:id/insurance': () =>
        reply(404, errorBody(404, 'NOT_FOUND', 'The user is not a member of this practice')),
    });
    const { user } = renderApp('/settings');
    const atRiverside = await region('Riverside Family Clinic');

    await user.type(
      atRiverside.getByRole('combobox', { name: 'Add an insurance accepted at Riverside Family Clinic' }),
      'cig',
    );
    await user.click(await screen.findByRole('option', { name: /Cigna/ }));
    expect(await atRiverside.findByRole('alert')).toHaveTextContent('The user is not a member of this practice');
    expect(atRiverside.getByText(/None yet/)).toBeInTheDocument();
  });

  it('asks for insurances only at practices where the person is a provider', async () => {
    matchingServer({
      'GET /api/v1/user/current/practices': () => [riverside, { ...lakeside, roles: ['ADMIN'] }],
    });
    renderApp('/settings');
    expect(await screen.findByRole('region', { name: 'Riverside Family Clinic' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lakeside Health' })).not.toBeInTheDocument();
  });

  it('is not shown to someone who is a provider nowhere', async () => {
    const server = matchingServer({
      'GET /api/v1/user/current/practices': () => [
        { ...riverside, roles: ['STAFF'] },
        { ...lakeside, roles: ['ADMIN'] },
      ],
    });
    renderApp('/settings');
    expect(await screen.findByRole('region', { name: 'Password' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Specialities' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Insurances you accept' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/user/7/specialities')).toHaveLength(0);
  });

  it('says when the saved specialities cannot be loaded and loads them again on request', async () => {
    // A refusal the client does not retry by itself (it retries server failures).
    let attempts = 0;
    matchingServer({
      'GET /api/v1/user/:id/specialities': () =>
        ++attempts === 1 ? reply(403, errorBody(403, 'FORBIDDEN', 'Not allowed just now')) : [cardiology],
    });
    const { user } = renderApp('/settings');
    const specialities = await region('Specialities');
    expect(await specialities.findByRole('alert')).toHaveTextContent('Could not load your specialities');
    await user.click(specialities.getByRole('button', { name: 'Try again' }));
    expect(await specialities.findByText('Cardiovascular Disease')).toBeInTheDocument();
  });
});
