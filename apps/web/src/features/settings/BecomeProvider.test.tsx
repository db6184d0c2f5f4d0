import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

/** Pat is on Riverside's staff; the server remembers what becoming a provider changed. */
function staffServer(convert?: () => Response) {
  let roles: Role[] = ['STAFF'];
  const membership = () => ({ ...riverside, roles });
  return fakeServer({
    ...signedInRoutes(() => currentUserResponse({ currentPractice: membership() })),
    'GET /api/v1/user/current/practices': () => [membership()],
    'GET /api/v1/user/:id/specialities': () => [],
    'GET /api/v1/user/:id/insurance/matrix': () => [{ practiceId: 1, insuranceIds: [], insurances: [] }],
    'POST /api/v1/user/convert/provider': () => {
      if (convert) return convert();
      roles = ['PROVIDER'];
      return membership();
    },
  });
}

describe('becoming a provider in settings', () => {
  it('asks first, then shows the provider settings without a reload', async () => {
    const server = staffServer();
    const { user } = renderApp('/settings');
    const clinician = within(await screen.findByRole('region', { name: 'Are you a clinician?' }));
    expect(screen.queryByRole('region', { name: 'Specialities' })).not.toBeInTheDocument();

    await user.click(clinician.getByRole('button', { name: 'Become a provider in Riverside Family Clinic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Become a provider in Riverside Family Clinic?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.find('POST', '/api/v1/user/convert/provider')).toHaveLength(0);

    await user.click(clinician.getByRole('button', { name: 'Become a provider in Riverside Family Clinic' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Become a provider' }));
    expect(await screen.findByText('You are now a provider in Riverside Family Clinic')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Specialities' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Insurances you accept' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Are you a clinician?' })).not.toBeInTheDocument();
    expect(server.find('POST', '/api/v1/user/convert/provider')[0].body).toEqual({ practiceId: 1 });
  });

  it('shows a refusal in the dialog and changes nothing', async () => {
    staffServer(() =>
      reply(403, errorBody(403, 'FORBIDDEN', 'Only staff members of a practice can become its providers')),
    );
    const { user } = renderApp('/settings');
    const clinician = within(await screen.findByRole('region', { name: 'Are you a clinician?' }));
    await user.click(clinician.getByRole('button', { name: 'Become a provider in Riverside Family Clinic' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Become a provider' }));
    expect(await dialog.findByText('Only staff members of a practice can become its providers')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Specialities' })).not.toBeInTheDocument();
  });

  it('is not offered to someone who already is a provider', async () => {
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/user/:id/specialities': () => [],
      'GET /api/v1/user/:id/insurance/matrix': () => [],
    });
    renderApp('/settings');
    expect(await screen.findByRole('region', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Are you a clinician?' })).not.toBeInTheDocument();
  });
});
