import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practicesApi } from '@referwell/contracts';
import { fakeServer } from '../../test/fakeServer';
import { signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const navLinks = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('the provider navigation', { timeout: 20_000 }, () => {
  it('offers every area of a practice with the default gates', async () => {
    const server = fakeServer(signedInRoutes());
    renderApp('/settings');

    await waitFor(() => expect(server.find('GET', '/api/v1/practice/1/gates')).toHaveLength(1));
    expect(server.find('GET', '/api/v1/practice/1/gates')[0].query.get('version')).toBe('4.3.0');
    expect(await navLinks()).toEqual([
      'Home',
      'Referrals',
      'Patients',
      'Chats',
      'Contacts',
      'Intake',
      'Team',
      'Networks',
      'Practice settings',
      'Organisations',
      'Join a practice',
      'My settings',
      'Sessions',
    ]);
  });

  it('leaves out the areas the practice has off', async () => {
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/practice/:id/gates': () => ({ ...practicesApi.DEFAULT_GATES, chat: false, networks: false }),
    });
    renderApp('/settings');

    await waitFor(async () => expect(await navLinks()).not.toContain('Chats'));
    expect(await navLinks()).toEqual([
      'Home',
      'Referrals',
      'Patients',
      'Contacts',
      'Intake',
      'Team',
      'Practice settings',
      'Organisations',
      'Join a practice',
      'My settings',
      'Sessions',
    ]);
  });
});
