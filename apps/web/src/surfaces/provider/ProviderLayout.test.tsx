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

  it('says an area is off in place of its screen when the address leads there', async () => {
    fakeServer({
      ...signedInRoutes(),
      'GET /api/v1/practice/:id/gates': () => ({ ...practicesApi.DEFAULT_GATES, chat: false }),
    });
    renderApp('/chats/12');

    expect(await screen.findByText('Not available in your practice')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Chats' })).toBeInTheDocument();
    expect(screen.getByText(/Chats is not turned on for/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('region', { name: 'Open chat' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search chats')).not.toBeInTheDocument();
  });
});
