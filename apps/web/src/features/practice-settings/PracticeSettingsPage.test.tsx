import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { practicesApi } from '@referwell/contracts';
import { fakeServer, reply } from '../../test/fakeServer';
import { currentUserResponse, errorBody, signedInRoutes } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { practiceFixture, practiceServer } from '../../test/practiceFixtures';

describe('practice settings page', () => {
  it('points people without a practice to joining one', async () => {
    fakeServer(signedInRoutes(() => currentUserResponse({ currentPractice: null })));
    renderApp('/practice/settings');
    expect(await screen.findByText('You are not working in a practice yet')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Join a practice' })).toHaveAttribute(
      'href',
      '/practices/join',
    );
  });

  it('opens the tab the address names and puts the chosen tab in the address', async () => {
    practiceServer(['ADMIN'], { 'GET /api/v1/practice/:id/tags': () => [] });
    const { user, router } = renderApp('/practice/settings/tags');
    expect(await screen.findByRole('tab', { name: 'Tags', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Opening hours' }));
    expect(router.state.location.pathname).toBe('/practice/settings/opening-hours');
    expect(await screen.findByRole('group', { name: 'Monday' })).toBeInTheDocument();

    // Arrow keys move between tabs, and the address follows.
    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.pathname).toBe('/practice/settings');
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toHaveFocus();
  });

  it('falls back to the profile for an unknown tab and hides tabs whose gate is off', async () => {
    practiceServer(['ADMIN'], {}, practiceFixture({ gates: { ...practicesApi.DEFAULT_GATES, apiKeys: false } }));
    const { router } = renderApp('/practice/settings/api-keys');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/settings'));
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Billing' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the practice does not load', async () => {
    let calls = 0;
    practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id': () =>
        ++calls === 1 ? reply(403, errorBody(403, 'FORBIDDEN', 'Forbidden')) : practiceFixture(),
    });
    const { user } = renderApp('/practice/settings');
    expect(await screen.findByText('Could not load the practice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });

  it('asks before a tab switch throws away unsaved edits', async () => {
    practiceServer(['ADMIN'], { 'GET /api/v1/practice/:id/tags': () => [] });
    const { user, router } = renderApp('/practice/settings/opening-hours');
    const monday = within(await screen.findByRole('group', { name: 'Monday' }));
    await user.click(monday.getByRole('switch', { name: 'Open' }));

    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Discard your changes?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/practice/settings/opening-hours');
    expect(monday.getByRole('switch', { name: 'Open' })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Tags' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/practice/settings/tags');
  });
});
