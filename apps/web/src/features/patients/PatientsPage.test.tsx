import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { patientsApi } from '@referwell/contracts';
import { fakeServer, reply, type FakeRequest } from '../../test/fakeServer';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { patient } from '../../test/referralFixtures';

const LIST = '/api/v1/patients';

/** GET /patients over `records`, searched by name and paged by skip and limit like the server. */
function listRoute(records: patientsApi.Patient[]) {
  return ({ query }: FakeRequest) => {
    const text = query.get('query')?.toLowerCase();
    const found = records.filter((one) => !text || `${one.firstName} ${one.lastName}`.toLowerCase().includes(text));
    const skip = Number(query.get('skip') ?? 0);
    return { data: found.slice(skip, skip + Number(query.get('limit') ?? 30)), count: found.length };
  };
}

const many = Array.from({ length: 45 }, (_, i) => patient(100 + i, 'Patient', `Number${i + 1}`));

function patientsServer(records: patientsApi.Patient[], routes: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({ ...signedInRoutes(), 'GET /api/v1/patients': listRoute(records), ...routes });
}

describe("the practice's patients", { timeout: 20_000 }, () => {
  it('lists them as links with birth date and phone, 30 a page, and searches by the typed text', async () => {
    const server = patientsServer([patient(41, 'Jane', 'Doe'), ...many]);
    const { user } = renderApp('/patients');

    const list = await screen.findByRole('list', { name: 'Patients' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(30);
    expect(cards[0]).toHaveAccessibleName('Jane Doe DOB 03/25/1980 (202) 555-0123');
    expect(cards[0]).toHaveAttribute('href', '/patients/41');
    expect(Object.fromEntries(server.find('GET', LIST)[0].query)).toEqual({ practiceId: '1', skip: '0', limit: '30' });
    expect(screen.getByText('1–30 of 46')).toBeInTheDocument();
    expect(document.title).toBe('Patients · Referwell');
    expect(screen.getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/patients');

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: /Number45/ })).toBeInTheDocument();
    expect(server.find('GET', LIST).at(-1)!.query.get('skip')).toBe('30');

    // Typed in one go, so the debounced search runs once whatever the machine's speed.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search patients' }), { target: { value: ' jane ' } });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Patients' })).getAllByRole('link')).toHaveLength(1),
    );
    // A new search starts at the first page.
    expect(Object.fromEntries(server.find('GET', LIST).at(-1)!.query)).toEqual({
      practiceId: '1',
      skip: '0',
      limit: '30',
      query: 'jane',
    });
    expect(screen.queryByRole('navigation', { name: 'Patient pages' })).not.toBeInTheDocument();
  });

  it('says when there are none yet, and when none matches the search', async () => {
    patientsServer([]);
    renderApp('/patients');
    expect(await screen.findByText('No patients yet')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search patients' }), { target: { value: 'zed' } });
    expect(await screen.findByText('No patient matches “zed”')).toBeInTheDocument();
  });

  it('says why the list could not load', async () => {
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/patients': () => reply(500, { statusCode: 500, code: 'INTERNAL', message: 'Database down' }),
    });
    renderApp('/patients');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Could not load the patients/);
  });

  it('adds a patient in a dialog and opens the new record', async () => {
    const robin = patient(77, 'Robin', 'Rowe', { phoneNumber: '+12025550199' });
    const server = patientsServer([], {
      'POST /api/v1/patient': () => reply(201, robin),
      'GET /api/v1/patient/:id': () => robin,
      'GET /api/v1/patient/:id/referrals': () => ({ data: [], count: 0 }),
      'GET /api/v1/patient/:id/chats': () => [],
    });
    const { user, router } = renderApp('/patients');
    await screen.findByText('No patients yet');

    await user.click(screen.getByRole('button', { name: 'Add patient' }));
    const form = within(await screen.findByRole('form', { name: 'New patient' }));
    await user.type(form.getByRole('textbox', { name: 'First name' }), 'Robin');
    await user.type(form.getByRole('textbox', { name: 'Last name' }), 'Rowe');
    await user.type(form.getByRole('textbox', { name: 'Phone' }), '+12025550199');
    await user.click(form.getByRole('button', { name: 'Add patient' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Robin Rowe' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patients/77');
    expect(server.find('POST', '/api/v1/patient')[0].body).toMatchObject({
      practiceId: 1,
      firstName: 'Robin',
      lastName: 'Rowe',
      phoneNumber: '+12025550199',
    });
  });
});
