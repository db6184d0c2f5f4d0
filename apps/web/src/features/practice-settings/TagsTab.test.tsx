import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { practiceServer } from '../../test/practiceFixtures';

const urgent = { id: 3, practiceId: 1, name: 'Urgent', color: '#c92a2a', context: 'REFERRAL' as const };
const vip = { id: 4, practiceId: 1, name: 'VIP', color: '#5f3dc4', context: 'GENERAL' as const };

describe('tags', () => {
  it('lists tags by name with their colour and use', async () => {
    practiceServer(['STAFF'], { 'GET /api/v1/practice/:id/tags': () => [urgent, vip] });
    renderApp('/practice/settings/tags');
    const row = within(await screen.findByRole('row', { name: /Urgent/ }));
    expect(row.getByText('Referrals')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /VIP/ })).toBeInTheDocument();
    // Staff may look but not change them.
    expect(screen.queryByRole('button', { name: 'New tag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete tag/ })).not.toBeInTheDocument();
  });

  it('adds a tag and shows a taken name on the field', async () => {
    let attempts = 0;
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/tags': () => (attempts >= 2 ? [urgent, vip] : [urgent]),
      'POST /api/v1/practice/:id/tags': ({ body }) =>
        ++attempts === 1
          ? reply(450, errorBody(450, 'ERROR_OBJECT_EXISTS', 'A tag with this name already exists'))
          : { id: 4, practiceId: 1, ...body },
    });
    const { user } = renderApp('/practice/settings/tags');
    await user.click(await screen.findByRole('button', { name: 'New tag' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New tag' }));

    await user.click(dialog.getByRole('button', { name: 'Add tag' }));
    expect(await dialog.findByText('Tag name is required')).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^Name/), 'Urgent');
    await user.click(dialog.getByRole('button', { name: 'Add tag' }));
    expect(await dialog.findByText('A tag with this name already exists')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    await user.clear(dialog.getByLabelText(/^Name/));
    await user.type(dialog.getByLabelText(/^Name/), 'VIP');
    await user.clear(dialog.getByLabelText(/^Colour/));
    await user.type(dialog.getByLabelText(/^Colour/), '#5f3dc4');
    await user.click(dialog.getByRole('button', { name: 'Add tag' }));

    expect(await screen.findByText('Tag VIP is added')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/tags').at(-1)!.body).toEqual({
      name: 'VIP',
      color: '#5f3dc4',
      context: 'GENERAL',
    });
    expect(await screen.findByRole('row', { name: /VIP/ })).toBeInTheDocument();
  });

  it('renames a tag', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/tags': () => [urgent],
      'PUT /api/v1/practice/:id/tags/:tagId': ({ body }) => ({ ...urgent, ...body }),
    });
    const { user } = renderApp('/practice/settings/tags');
    await user.click(await screen.findByRole('button', { name: 'Edit tag Urgent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit tag Urgent' }));
    expect(dialog.getByLabelText(/^Colour/)).toHaveValue('#c92a2a');
    await user.clear(dialog.getByLabelText(/^Name/));
    await user.type(dialog.getByLabelText(/^Name/), 'Very urgent');
    await user.click(dialog.getByRole('button', { name: 'Save tag' }));
    expect(await screen.findByText('Tag Very urgent is saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practice/1/tags/3')[0].body).toEqual({
      name: 'Very urgent',
      color: '#c92a2a',
      context: 'REFERRAL',
    });
  });

  it('asks before deleting a tag', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/tags': () =>
        server.find('DELETE', '/api/v1/practice/1/tags/3').length ? [] : [urgent],
      'DELETE /api/v1/practice/:id/tags/:tagId': () => ({ ok: true }),
    });
    const { user } = renderApp('/practice/settings/tags');
    await user.click(await screen.findByRole('button', { name: 'Delete tag Urgent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete tag Urgent?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.find('DELETE', '/api/v1/practice/1/tags/3')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete tag Urgent' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete tag Urgent?' })).getByRole('button', {
        name: 'Delete tag',
      }),
    );
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();
    await waitFor(() => expect(server.find('DELETE', '/api/v1/practice/1/tags/3')).toHaveLength(1));
  });

  it('pages a long list of tags', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...vip,
      id: 100 + i,
      name: `Tag ${String(i + 1).padStart(2, '0')}`,
    }));
    practiceServer(['ADMIN'], { 'GET /api/v1/practice/:id/tags': () => many });
    const { user } = renderApp('/practice/settings/tags');
    expect(await screen.findByText('Tag 20')).toBeInTheDocument();
    expect(screen.queryByText('Tag 21')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Tag pages' })).getByRole('button', { name: 'Page 2' }),
    );
    expect(await screen.findByText('Tag 25')).toBeInTheDocument();
    expect(screen.queryByText('Tag 01')).not.toBeInTheDocument();
  });
});
