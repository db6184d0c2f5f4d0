import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { directoryApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { errorBody, provider, riverside, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const me: directoryApi.UserProfileDetails = {
  id: provider.id,
  uuid: provider.uuid,
  firstName: provider.firstName,
  lastName: provider.lastName,
  title: provider.title,
  kind: 'PROVIDER',
  practices: [riverside.practice],
  professional: { credentials: 'MD', npi: null, bio: null },
};

async function region() {
  return within(await screen.findByRole('region', { name: 'Professional details' }));
}

describe('professional details in settings', () => {
  it('checks the NPI before sending, shows the server’s refusal on its field, then saves', async () => {
    let attempts = 0;
    const server = fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/user/:id': () => me,
      'PUT /api/v1/user/business/settings': ({ body }) =>
        ++attempts === 1
          ? reply(400, {
              ...errorBody(400, 'BAD_REQUEST', 'Incorrect params'),
              issues: [{ path: ['body', 'credentials'], message: 'Credentials must not contain control characters' }],
            })
          : body,
    });
    const { user } = renderApp('/settings');
    const details = await region();
    const credentials = await details.findByLabelText(/^credentials/i);
    expect(credentials).toHaveValue('MD');

    await user.type(credentials, ', FAAOS');
    await user.type(details.getByLabelText(/^npi/i), '1234567890');
    await user.type(details.getByLabelText(/^bio/i), 'Knees and hips.');
    await user.click(details.getByRole('button', { name: 'Save professional details' }));
    expect(await details.findByText('Enter a 10-digit NPI ending in its check digit')).toBeInTheDocument();
    expect(details.getByLabelText(/^npi/i)).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('PUT', '/api/v1/user/business/settings')).toHaveLength(0);

    await user.clear(details.getByLabelText(/^npi/i));
    await user.type(details.getByLabelText(/^npi/i), '1234567893');
    await user.click(details.getByRole('button', { name: 'Save professional details' }));
    expect(await details.findByText('Credentials must not contain control characters')).toBeInTheDocument();

    await user.click(details.getByRole('button', { name: 'Save professional details' }));
    expect(await screen.findByText('Your professional details are saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/user/business/settings').at(-1)!.body).toEqual({
      credentials: 'MD, FAAOS',
      npi: '1234567893',
      bio: 'Knees and hips.',
    });
  });

  it('sends emptied fields as cleared', async () => {
    const server = fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/user/:id': () => me,
      'PUT /api/v1/user/business/settings': ({ body }) => body,
    });
    const { user } = renderApp('/settings');
    const details = await region();
    await user.clear(await details.findByLabelText(/^credentials/i));
    await user.click(details.getByRole('button', { name: 'Save professional details' }));
    expect(await screen.findByText('Your professional details are saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/user/business/settings')[0].body).toEqual({
      credentials: null,
      npi: null,
      bio: null,
    });
  });

  it('says when the details cannot be loaded, and loads them on retry', async () => {
    let loads = 0;
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/user/:id': () => (++loads === 1 ? reply(404, errorBody(404, 'NOT_FOUND', 'User not found')) : me),
    });
    const { user } = renderApp('/settings');
    const details = await region();
    expect(await details.findByText('Could not load your professional details')).toBeInTheDocument();
    await user.click(details.getByRole('button', { name: 'Try again' }));
    expect(await details.findByLabelText(/^credentials/i)).toHaveValue('MD');
  });
});
