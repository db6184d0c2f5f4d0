import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { practiceFixture, practiceServer } from '../../test/practiceFixtures';

describe('billing', () => {
  it('lets an admin set the billing e-mail and shows the billing basis', async () => {
    const server = practiceServer(['ADMIN'], {
      'PUT /api/v1/practice/:id/billingEmail': ({ body }) => ({
        ...practiceFixture(),
        billingEmail: body.billingEmail,
      }),
    });
    const { user } = renderApp('/practice/settings/billing');
    expect(await screen.findByText('The practice is billed directly.')).toBeInTheDocument();

    const email = screen.getByLabelText(/^Billing e-mail/);
    await user.type(email, 'accounts@');
    await user.click(screen.getByRole('button', { name: 'Save billing e-mail' }));
    expect(await screen.findByText('Invalid e-mail address')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practice/1/billingEmail')).toHaveLength(0);

    await user.type(email, 'riverside.test');
    await user.click(screen.getByRole('button', { name: 'Save billing e-mail' }));
    expect(await screen.findByText('The billing e-mail is saved')).toBeInTheDocument();
    expect(server.find('PUT', '/api/v1/practice/1/billingEmail')[0].body).toEqual({
      billingEmail: 'accounts@riverside.test',
    });
  });

  it('shows others the arrangement without a way to change it', async () => {
    practiceServer(
      ['THIRD_PARTY_ADMIN'],
      {},
      practiceFixture({ billingBasis: 'ORGANISATION', billingEmail: 'billing@org.test' }),
    );
    renderApp('/practice/settings/billing');
    expect(await screen.findByText('The practice is billed through its organisation.')).toBeInTheDocument();
    expect(screen.getByText('billing@org.test')).toBeInTheDocument();
    expect(screen.getByText('Only practice admins can change billing.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Billing e-mail/)).not.toBeInTheDocument();
  });
});
