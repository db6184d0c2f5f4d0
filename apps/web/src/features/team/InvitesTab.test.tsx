import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { invite, teamServer } from './teamFixtures';

const SEND = '/api/v1/invite';

function sendServer(roles: Parameters<typeof teamServer>[0]) {
  return teamServer(roles, [], {
    'POST /api/v1/invite': ({ body }) => ({
      invite: invite(50, { email: body.email ?? null, phone: body.phoneNumber ?? null, role: body.role ?? null }),
      resent: false,
    }),
  });
}

describe('inviting people', () => {
  it('asks for an address before sending, then sends what was filled in', async () => {
    const server = sendServer(['PROVIDER']);
    const { user } = renderApp('/practice/team/invite');

    await user.click(await screen.findByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Either phoneNumber or email must be provided.')).toBeInTheDocument();
    expect(server.find('POST', SEND)).toHaveLength(0);

    await user.click(screen.getByLabelText('E-mail'));
    await user.paste('nia@ex.test');
    await user.click(screen.getByRole('combobox', { name: 'Role in the practice' }));
    // Providers may not hand out the admin role.
    expect(screen.queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Staff' }));
    await user.type(screen.getByLabelText(/^First name/), 'Nia');
    await user.click(screen.getByLabelText(/^Message/));
    await user.paste('Hello');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText('Invite sent to nia@ex.test')).toBeInTheDocument();
    const sent = server.find('POST', SEND)[0];
    expect(sent.query.get('practiceId')).toBe('1');
    expect(sent.body).toEqual({
      type: 'PROVIDER',
      email: 'nia@ex.test',
      role: 'STAFF',
      firstName: 'Nia',
      message: 'Hello',
    });
    expect(screen.getByLabelText('E-mail')).toHaveValue('');
  }, 15_000);

  it('offers admins the admin role, sends patients none, and shows a bad phone number on its field', async () => {
    const server = teamServer(['ADMIN'], [], {
      'POST /api/v1/invite': () =>
        reply(400, {
          ...errorBody(400, 'ERROR_INVALID_PHONE_NUMBER', 'Invalid phone number'),
          issues: [{ path: ['body', 'phoneNumber'], message: 'Invalid phone number' }],
        }),
    });
    const { user } = renderApp('/practice/team/invite');

    await user.click(await screen.findByRole('combobox', { name: 'Role in the practice' }));
    expect(screen.getByRole('option', { name: 'Admin' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('radio', { name: 'Patient' }));
    expect(screen.queryByRole('combobox', { name: 'Role in the practice' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Mobile phone'), '555-01');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile phone')).toHaveAttribute('aria-invalid', 'true');
    expect(server.find('POST', SEND)[0].body).toEqual({ type: 'PATIENT', phoneNumber: '555-01' });
  });

  it('is not offered to staff', async () => {
    teamServer(['STAFF'], []);
    const { router } = renderApp('/practice/team/invite');

    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/team'));
    expect(screen.queryByRole('tab', { name: 'Invite' })).not.toBeInTheDocument();
  });
});

describe('pending invites', () => {
  it('resends, explaining the one-minute wait, and revokes after confirmation', async () => {
    let pending = [
      invite(1, { email: 'first@example.test' }),
      invite(2, { email: null, phone: '+12025550111', role: null, type: 'PATIENT' }),
    ];
    let resends = 0;
    const server = teamServer(['ADMIN'], [], {
      'GET /api/v1/invites/pending': () => ({ data: pending, count: pending.length }),
      'GET /api/v1/invites/:id/resend': ({ path }) =>
        ++resends === 1
          ? pending.find((i) => path.includes(`/${i.id}/`))!
          : reply(429, errorBody(429, 'TOO_MANY_REQUESTS', 'This invite was sent less than a minute ago.')),
      'DELETE /api/v1/invites/:id': ({ path }) => {
        pending = pending.filter((i) => !path.endsWith(`/${i.id}`));
        return { ok: true };
      },
    });
    const { user } = renderApp('/practice/team/pending-invites');

    const row = (await screen.findByRole('rowheader', { name: 'first@example.test' })).closest('tr')!;
    expect(within(row).getByText('Pat Rivers')).toBeInTheDocument();
    expect(within(row).getByText('1 hour ago')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '(202) 555-0111' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend the invite to first@example.test' }));
    expect(await screen.findByText('Invite sent again to first@example.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend the invite to first@example.test' }));
    expect(
      await screen.findByText('It was sent less than a minute ago. Wait a minute, then try again.'),
    ).toBeInTheDocument();
    expect(server.find('GET', '/api/v1/invites/1/resend')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Revoke the invite to (202) 555-0111' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite?' });
    expect(within(dialog).getByText(/\(202\) 555-0111/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invite' }));

    await waitFor(() => expect(screen.queryByRole('rowheader', { name: '(202) 555-0111' })).not.toBeInTheDocument());
    expect(server.find('DELETE', '/api/v1/invites/2')).toHaveLength(1);
  });

  it('lets providers handle only their own invites', async () => {
    teamServer(['PROVIDER'], [], {
      'GET /api/v1/invites/pending': () => ({
        data: [
          invite(1, { email: 'mine@example.test' }),
          invite(2, { email: 'theirs@example.test', invitedBy: { id: 99, firstName: 'Dana', lastName: 'Hill' } }),
        ],
        count: 2,
      }),
    });
    renderApp('/practice/team/pending-invites');

    expect(await screen.findByRole('button', { name: 'Resend the invite to mine@example.test' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend the invite to theirs@example.test' })).not.toBeInTheDocument();
  });

  it('says when nothing is pending', async () => {
    teamServer(['ADMIN'], [], { 'GET /api/v1/invites/pending': () => ({ data: [], count: 0 }) });
    renderApp('/practice/team/pending-invites');

    expect(await screen.findByText('No pending invites')).toBeInTheDocument();
  });
});
