import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { practiceServer } from '../../test/practiceFixtures';

const memberId = {
  id: 5,
  practiceId: 1,
  name: 'Member ID',
  moniker: '{{MEMBER_ID}}',
  type: 'TEXT' as const,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
};

describe('custom properties', () => {
  it('lists properties and lets staff only look', async () => {
    practiceServer(['STAFF'], { 'GET /api/v1/practice/:id/custom-property': () => [memberId] });
    renderApp('/practice/settings/custom-properties');
    const row = within(await screen.findByRole('row', { name: /Member ID/ }));
    expect(row.getByText('{{MEMBER_ID}}')).toBeInTheDocument();
    expect(row.getByText('Text')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New custom property' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    practiceServer(['ADMIN'], { 'GET /api/v1/practice/:id/custom-property': () => [] });
    renderApp('/practice/settings/custom-properties');
    expect(await screen.findByText('No custom properties yet')).toBeInTheDocument();
  });

  it('checks the moniker format before creating a property', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/custom-property': () => [],
      'POST /api/v1/practice/:id/customproperty': ({ body }) => ({ ...memberId, id: 6, ...body }),
    });
    const { user } = renderApp('/practice/settings/custom-properties');
    await user.click(await screen.findByRole('button', { name: 'New custom property' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New custom property' }));

    await user.type(dialog.getByLabelText(/^Name/), 'Renewal date');
    await user.type(dialog.getByLabelText(/^Moniker/), '{{{{renewal date}}');
    await user.click(dialog.getByRole('button', { name: 'Add property' }));
    expect(await dialog.findByText('Invalid moniker format')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/customproperty')).toHaveLength(0);

    await user.clear(dialog.getByLabelText(/^Moniker/));
    await user.type(dialog.getByLabelText(/^Moniker/), '{{{{RENEWAL_DATE}}');
    await user.click(dialog.getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Date' }));
    await user.click(dialog.getByRole('button', { name: 'Add property' }));

    expect(await screen.findByText('Renewal date is added')).toBeInTheDocument();
    expect(server.find('POST', '/api/v1/practice/1/customproperty')[0].body).toEqual({
      name: 'Renewal date',
      moniker: '{{RENEWAL_DATE}}',
      type: 'DATE',
    });
  });

  it('warns that deleting a property deletes its values', async () => {
    const server = practiceServer(['ADMIN'], {
      'GET /api/v1/practice/:id/custom-property': () => [memberId],
      'DELETE /api/v1/practice/:id/custom-property/:propertyId': () => ({ ok: true }),
    });
    const { user } = renderApp('/practice/settings/custom-properties');
    await user.click(await screen.findByRole('button', { name: 'Delete Member ID' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Member ID?' }));
    expect(dialog.getByText(/Every value stored for this property is deleted too/)).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/practice/1/custom-property/5')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Delete property' }));
    expect(await screen.findByText('Member ID is deleted')).toBeInTheDocument();
    expect(server.find('DELETE', '/api/v1/practice/1/custom-property/5')).toHaveLength(1);
  });
});
