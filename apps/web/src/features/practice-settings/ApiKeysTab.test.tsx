import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { practiceServer } from '../../test/practiceFixtures';

const NOW = Date.now();
const key = {
  id: 9,
  uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  practiceId: 1,
  name: 'EHR sync',
  prefix: 'rwk_ab12',
  permissions: ['PRACTICE_READ', 'USERS_READ'] as const,
  activated: true,
  createdAt: NOW - 3_600_000,
  lastUsedAt: null,
  createdBy: { id: 7, firstName: 'Pat', lastName: 'Rivers' },
};
const SECRET = 'rwk_ab12cd34ef56gh78ij90kl12mn34op56';

// Long typing-and-clicking flows: under a loaded CI machine they take longer than the default 5 s.
describe('API keys', { timeout: 15_000 }, () => {
  it('lists keys with their permissions and use', async () => {
    practiceServer(['ADMIN'], { 'GET /api/v1/practice/:id/apiKeys': () => [key] });
    renderApp('/practice/settings/api-keys');
    const row = within(await screen.findByRole('row', { name: /EHR sync/ }));
    expect(row.getByText('rwk_ab12…')).toBeInTheDocument();
    expect(row.getByText('Practice: read')).toBeInTheDocument();
    expect(row.getByText('Users: read')).toBeInTheDocument();
    expect(row.getByText('Active')).toBeInTheDocument();
    expect(row.getByText('1 hour ago')).toBeInTheDocument();
    expect(row.getByText('Never')).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, ready to copy', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/apiKeys': () => [],
      'POST /api/v1/apiKey': ({ body }) => ({ ...key, name: body.name, permissions: body.permissions, secret: SECRET }),
    });
    const { user } = renderApp('/practice/settings/api-keys');
    await user.click(await screen.findByRole('button', { name: 'New API key' }));
    const form = within(await screen.findByRole('dialog', { name: 'New API key' }));

    await user.type(form.getByLabelText(/^Name/), 'EHR sync');
    await user.click(form.getByRole('button', { name: 'Create key' }));
    expect(await form.findByText('Choose at least one permission')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/apiKey')).toHaveLength(0);

    await user.click(form.getByRole('checkbox', { name: /Practice: read/ }));
    await user.click(form.getByRole('checkbox', { name: /Invites/ }));
    await user.click(form.getByRole('button', { name: 'Create key' }));

    const secret = within(await screen.findByRole('dialog', { name: 'Copy your new API key' }));
    expect(secret.getByText(SECRET)).toBeInTheDocument();
    expect(secret.getByText(/will not be shown again/)).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/apiKey')[0].body).toEqual({
      practiceId: 1,
      name: 'EHR sync',
      permissions: ['PRACTICE_READ', 'INVITES_WRITE'],
    });

    await user.click(secret.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(secret.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(secret.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Copy your new API key' })).not.toBeInTheDocument();
  });

  it('asks before deactivating a key and reactivates without asking', async () => {
    let current = { ...key };
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/apiKeys': () => [current],
      'PUT /api/v1/apiKey/:id': ({ body }) => (current = { ...current, activated: body.activated }),
    });
    const { user } = renderApp('/practice/settings/api-keys');
    await user.click(await screen.findByRole('button', { name: 'Deactivate EHR sync' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deactivate EHR sync?' }));
    expect(dialog.getByText(/stop working at once/)).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/apiKey/9')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Deactivate key' }));
    expect(await screen.findByText('EHR sync is deactivated')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/apiKey/9')[0].body).toEqual({
      practiceId: 1,
      permissions: ['PRACTICE_READ', 'USERS_READ'],
      activated: false,
    });
    expect(await screen.findByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reactivate EHR sync' }));
    expect(await screen.findByText('EHR sync is active again')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/apiKey/9')[1].body).toMatchObject({ activated: true });
  });

  it('explains to non-admins that only admins manage keys', async () => {
    const server = practiceServer(['PROVIDER', 'THIRD_PARTY_ADMIN']);
    renderApp('/practice/settings/api-keys');
    expect(await screen.findByText('Only practice admins manage API keys')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New API key' })).not.toBeInTheDocument();
    expect(server.find('GET', '/api/v1/practice/1/apiKeys')).toHaveLength(0);
  });
});
