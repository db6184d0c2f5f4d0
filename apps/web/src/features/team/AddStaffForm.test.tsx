import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply } from '../../test/fakeServer';
import { errorBody } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { member, teamServer } from './teamFixtures';

const ADD = '/api/v1/users';
const BY_PHONE = '/api/v1/users/identifier';

const added = (body: { firstName: string; lastName: string; email: string; phoneNumber: string; role: string }) => ({
  user: { id: 90, firstName: body.firstName, lastName: body.lastName, email: body.email, phone: body.phoneNumber },
  role: body.role,
  linkExpiresAt: Date.now() + 7 * 86_400_000,
});

async function fill(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText(/^First name/), 'Nina');
  await user.type(screen.getByLabelText(/^Last name/), 'Park');
  await user.type(screen.getByLabelText(/^E-mail/), 'nina@ex.test');
  await user.type(screen.getByLabelText(/^Mobile phone/), '(415) 555-0101');
}

describe('adding a staff member', () => {
  it('checks what is typed, adds the person, says the link is on its way and refreshes the members', async () => {
    const people = [member(7, 'Pat', 'Rivers', ['ADMIN'])];
    const server = teamServer(['ADMIN'], people, {
      'GET /api/v1/users/identifier': () => ({ exists: false }),
      'POST /api/v1/users': ({ body }) => {
        people.push(member(90, body.firstName, body.lastName, [body.role]));
        return added(body);
      },
    });
    const { user } = renderApp('/practice/team');
    expect(await screen.findByRole('rowheader', { name: /Pat Rivers/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Add staff member' }));
    await user.click(await screen.findByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Enter their first name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(server.find('POST', ADD)).toHaveLength(0);

    await fill(user);
    await user.click(screen.getByRole('combobox', { name: 'Role in the practice' }));
    expect(screen.queryByRole('option', { name: 'Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Provider' }));
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    expect(await screen.findByText('We e-mailed Nina Park a link to set their password')).toBeInTheDocument();
    expect(server.find('GET', BY_PHONE)[0].query.get('phoneNumber')).toBe('+14155550101');
    const sent = server.find('POST', ADD)[0];
    expect(sent.query.get('practiceId')).toBe('1');
    expect(sent.body).toEqual({
      firstName: 'Nina',
      lastName: 'Park',
      email: 'nina@ex.test',
      phoneNumber: '+14155550101',
      role: 'PROVIDER',
    });
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('');

    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(await screen.findByRole('rowheader', { name: /Nina Park/ })).toBeInTheDocument();
  }, 20_000);

  it('says on the phone field when the number has an account, and carries the person over to an invite', async () => {
    const server = teamServer(['ADMIN'], [], {
      'GET /api/v1/users/identifier': () => ({ exists: true }),
    });
    const { user, router } = renderApp('/practice/team/add-staff');

    await fill(user);
    await user.tab();
    expect(await screen.findByText('An account already uses this phone number.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Mobile phone/)).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Send an invite instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/team/invite'));
    expect(await screen.findByLabelText('E-mail')).toHaveValue('nina@ex.test');
    expect(screen.getByLabelText('Mobile phone')).toHaveValue('(415) 555-0101');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Nina');
    expect(screen.getByRole('radio', { name: 'Provider' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Role in the practice' })).toHaveValue('Staff');
    expect(server.find('POST', ADD)).toHaveLength(0);
  }, 20_000);

  it("puts the server's refusal of a taken e-mail on its field", async () => {
    teamServer(['ADMIN'], [], {
      'GET /api/v1/users/identifier': () => ({ exists: false }),
      'POST /api/v1/users': () =>
        reply(450, {
          ...errorBody(450, 'ERROR_OBJECT_EXISTS', 'This person already has a Referwell account'),
          issues: [
            {
              path: ['body', 'email'],
              message: 'An account already uses this e-mail address. Send an invite instead.',
            },
          ],
        }),
    });
    const { user } = renderApp('/practice/team/add-staff');

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Add staff member' }));

    expect(
      await screen.findByText('An account already uses this e-mail address. Send an invite instead.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send an invite instead' })).toBeInTheDocument();
  }, 20_000);

  it('is offered to admins only', async () => {
    teamServer(['PROVIDER'], []);
    const { router } = renderApp('/practice/team/add-staff');

    await waitFor(() => expect(router.state.location.pathname).toBe('/practice/team'));
    expect(await screen.findByRole('tab', { name: 'Invite' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Add staff member' })).not.toBeInTheDocument();
  });
});
